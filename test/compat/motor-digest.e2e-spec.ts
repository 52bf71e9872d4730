import { MotorTestEnv, quoteBody, quoteOtp, startMotorEnv } from '../support/motor-kit';
import { browse, CARDS, issueMotorPolicy, payWithCard } from '../payments/payment-kit';

/**
 * Motor requests exactly as the real service's documentation writes them (shared/reference/real-service-digest.md):
 * a client written from those pages, with no knowledge of our additions, works unchanged.
 */
describe('motor, as the real service documents it', () => {
  let env: MotorTestEnv;
  let token: string;
  let quote: any;
  let paidPolicy: any;
  let pendingPolicy: any;
  const month = '2026-11';

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', POLICY_DOCUMENTS_POLL_MS: '0' } });
    token = (await env.app.partner(['motor-tpl-comparison'])).token;
    const otp = await quoteOtp(env.app, token);
    quote = (await env.app.request('/api/v1/car-comp/quote-requests', { token, json: quoteBody(otp) })).body;
    await env.app.request('/api/v1/car-comp/quote-requests', { token, json: quoteBody(otp, { car_sequence_number: '223456789' }) });
    const used = new Set<string>();
    paidPolicy = (await issueMotorPolicy(env, token, quote, used)).policy;
    await browse((await payWithCard(paidPolicy.payment_link, CARDS.success)).submitted.location!);
    pendingPolicy = (await issueMotorPolicy(env, token, quote, used)).policy;
  });
  afterAll(() => env.close());

  const get = (path: string) => env.app.request(`/api/v1/car-comp${path}`, { token });

  it('GET /quote-requests?date_from&date_to&per_page&include_aggregates', async () => {
    const res = await get('/quote-requests?date_from=2026-11-01&date_to=2026-11-30&per_page=1&include_aggregates=true');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ per_page: 1, total: 2, aggregates: { total_count: 2, by_month: { [month]: 2 } } });
    expect(res.body.data).toHaveLength(1);
    expect(res.body.next_page_url).toContain('include_aggregates=true');
    expect(res.body.next_page_url).toContain('date_from=2026-11-01');
    // outside the range: nothing, and aggregates say so
    const none = await get('/quote-requests?date_from=2026-12-01&include_aggregates=1');
    expect(none.body).toMatchObject({ total: 0, aggregates: { total_count: 0, by_month: {} } });
    expect((await get('/quote-requests')).body.aggregates).toBeUndefined();
    expect((await get('/quote-requests?date_from=2026-12-01&date_to=2026-11-01')).body.details).toHaveProperty('date_to');
    expect((await get('/quote-requests?include_aggregates=maybe')).body.details).toHaveProperty('include_aggregates');
  });

  it('GET /policies with every filter the digest lists, and include_aggregates', async () => {
    const all = await get('/policies?include_aggregates=true');
    expect(all.status).toBe(200);
    const total = Number(paidPolicy.price) + Number(pendingPolicy.price);
    expect(all.body.aggregates).toEqual({
      total_count: 2,
      total_price: Number(total.toFixed(2)),
      by_month: { [month]: { count: 2, total_price: Number(total.toFixed(2)) } },
    });

    const issued = (await get(`/policies/${paidPolicy.id}`)).body;
    const only = async (query: string) => (await get(`/policies?${query}`)).body.data.map((p: any) => p.id);
    expect(await only(`quote_request_id=${quote.id}`)).toEqual([pendingPolicy.id, paidPolicy.id]);
    expect(await only(`quote_price_id=${paidPolicy.meta_data.quote_price_id}`)).toEqual([paidPolicy.id]);
    expect(await only(`provider_policy_id=${issued.provider_policy_id}`)).toEqual([paidPolicy.id]);
    expect(await only(`car_sequence_number=${quote.car_sequence_number}`)).toEqual([pendingPolicy.id, paidPolicy.id]);
    expect(await only('car_sequence_number=999999999')).toEqual([]);
    expect(await only(`new_owner_id=${paidPolicy.meta_data.new_owner_id}`)).toHaveLength(2);
    expect(await only(`previous_owner_id=${paidPolicy.meta_data.previous_owner_id}`)).toHaveLength(2);
    expect(await only(`min_price=${paidPolicy.price}&max_price=${paidPolicy.price}`)).toEqual(
      [pendingPolicy, paidPolicy].filter((p) => p.price === paidPolicy.price).map((p) => p.id),
    );
    expect(await only('max_price=1')).toEqual([]);
    // with status=1 the dates are the purchase's
    expect(await only('status=1&date_from=2026-11-22&date_to=2026-11-22')).toEqual([paidPolicy.id]);
    expect(await only('status=1&date_to=2026-11-21')).toEqual([]);
    const issuedAgg = (await get('/policies?status=1&include_aggregates=true')).body.aggregates;
    expect(issuedAgg).toMatchObject({ total_count: 1, total_price: paidPolicy.price });
    expect((await get('/policies?min_price=10&max_price=1')).body.details).toHaveProperty('max_price');
    expect((await get('/policies?quote_price_id=nope')).body.details).toHaveProperty('quote_price_id');
    expect((await get('/policies?unknown_filter=1')).status).toBe(422);
  });

  it('an issued policy carries the fields the webhook guide promises', async () => {
    const shown = (await get(`/policies/${paidPolicy.id}`)).body;
    expect(shown).toMatchObject({
      status: 1,
      purchased_at: expect.stringMatching(/Z$/),
      uploaded_at: expect.stringMatching(/Z$/),
      start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      expiration_date: shown.end_date,
    });
  });

  it('DELETE /quote-requests/{id} answers 200 {"message":"Quote deleted successfully."}', async () => {
    const otp = await quoteOtp(env.app, token);
    const created = (await env.app.request('/api/v1/car-comp/quote-requests', { token, json: quoteBody(otp, { car_sequence_number: '323456789' }) })).body;
    const res = await env.app.request(`/api/v1/car-comp/quote-requests/${created.id}`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Quote deleted successfully.' });
    expect((await get(`/quote-requests/${created.id}`)).status).toBe(404);
  });
});
