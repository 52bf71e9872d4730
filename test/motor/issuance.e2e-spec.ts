import { latestCode, MotorTestEnv, OWNER, quoteBody, quoteOtp, startMotorEnv } from '../support/motor-kit';
import { makePhotoFiles, photoForm } from '../support/photo-files';
import { signIn } from '../admin/admin-kit';

const POLICY_FIELDS = [
  'client_id',
  'created_at',
  'end_date',
  'expiration_date',
  'id',
  'invoice_url',
  'meta_data',
  'payment_link',
  'policy_url',
  'price',
  'provider_policy',
  'provider_policy_id',
  'purchased_at',
  'start_date',
  'status',
  'updated_at',
  'uploaded_at',
];
const IBAN = 'SA0380000000608010167519';

describe('issue OTP and policy issuance', () => {
  let env: MotorTestEnv;
  let token: string;
  let quote: any;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } }); // the clock moves days ahead
    token = (await env.app.partner(['motor-tpl-comparison'])).token;
    const otp = await quoteOtp(env.app, token);
    quote = (await env.app.request('/api/v1/car-comp/quote-requests', { token, json: quoteBody(otp) })).body;
  });
  afterAll(() => env.close());

  const used = new Set<string>();
  /** A TPL offer not issued yet in this file (one policy per price), preferring one with the benefits asked for. */
  const freshTpl = (want: (q: any) => boolean = () => true) => {
    const candidates = quote.quotes.filter((q: any) => q.type !== 'Comprehensive' && !used.has(q.prices[0].quote_price_id));
    const offer = candidates.find(want) ?? candidates[0];
    used.add(offer.prices[0].quote_price_id);
    return offer;
  };
  const tplOffer = () => quote.quotes.find((q: any) => q.type !== 'Comprehensive');
  const comprehensive = () => quote.quotes.find((q: any) => q.type === 'Comprehensive');
  const selection = (offer: any, price = offer.prices[0]) => ({
    quote_request_id: quote.id,
    quote_reference_id: offer.quote_reference_id,
    quote_price_id: price.quote_price_id,
  });
  const issueOtp = (body: object) =>
    env.app.request('/api/v1/car-comp/issue-otp', { token, json: { owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone, iban: IBAN, ...body } });
  const issue = (body: object) => env.app.request('/api/v1/car-comp/policies', { token, json: body });
  const freshIssueCode = async (sel: object) => {
    env.app.clock.advance(61_000);
    expect((await issueOtp(sel)).status).toBe(204);
    return latestCode(env.app, token, OWNER.phone);
  };

  it('issues a pending policy with the paid benefits in the price and a payment link', async () => {
    const offer = freshTpl((q) => q.benefits.some((b: any) => b.amount > 0));
    const paid = offer.benefits.filter((b: any) => b.amount > 0);
    const otp = await freshIssueCode(selection(offer));
    const res = await issue({
      otp,
      ...selection(offer),
      benefits: paid.map((b: any) => b.quote_benefit_id),
      extra_data: { order: 'A-1' },
      redirect_url: 'https://shop.example/done?policy=policyID',
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(POLICY_FIELDS);
    const expected = Math.round(offer.prices[0].total * 100) + paid.reduce((s: number, b: any) => s + Math.round(b.amount * 100) + Math.round(b.vat * 100), 0);
    expect(Math.round(res.body.price * 100)).toBe(expected);
    expect(res.body).toMatchObject({
      status: 0,
      provider_policy_id: null,
      provider_policy: null,
      meta_data: {
        extra_data: { order: 'A-1' },
        new_owner_id: OWNER.owner_id,
        previous_owner_id: OWNER.owner_id,
        quote_price_id: offer.prices[0].quote_price_id,
        quote_request_id: quote.id,
        car_sequence_number: 123456789,
      },
    });
    expect(res.body.payment_link).toMatch(new RegExp(`^${env.app.url}/pay/[\\w-]{32}$`));
    const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyId: res.body.id } });
    expect(payment).toMatchObject({ status: 'pending', currency: 'SAR' });
    expect(Math.round(Number(payment.amount) * 100)).toBe(expected);
    const stored = await env.app.db.prisma.motorPolicy.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored.iban).toBe(IBAN);

    const shown = await env.app.request(`/api/v1/car-comp/policies/${res.body.id}`, { token });
    expect(shown.body.product_id).toBe(3);
    const list = await env.app.request('/api/v1/car-comp/policies?status=0', { token });
    expect(list.body.data.map((p: any) => p.id)).toContain(res.body.id);

    // one policy per price; the code was single use anyway
    const again = await issue({ otp, ...selection(offer) });
    expect(again.status).toBe(409);
  });

  it('keeps policies to their client', async () => {
    const other = await env.app.partner(['motor-tpl-comparison']);
    const mine = (await env.app.request('/api/v1/car-comp/policies', { token })).body.data[0];
    expect((await env.app.request(`/api/v1/car-comp/policies/${mine.id}`, { token: other.token })).status).toBe(404);
    expect((await env.app.request('/api/v1/car-comp/policies', { token: other.token })).body.total).toBe(0);
    const otpRes = await env.app.request('/api/v1/car-comp/issue-otp', {
      token: other.token,
      json: { ...selection(tplOffer()), owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone, iban: IBAN },
    });
    expect(otpRes.status).toBe(422);
    expect(Object.keys(otpRes.body.details)).toEqual(['quote_request_id']);
  });

  describe('issue OTP rules', () => {
    it('refuses a price of another offer, a wrong customer and an IBAN with bad check digits', async () => {
      const [a, b] = quote.quotes;
      const mixed = await issueOtp({ ...selection(a), quote_price_id: b.prices[0].quote_price_id });
      expect(mixed.status).toBe(422);
      expect(Object.keys(mixed.body.details)).toEqual(['quote_price_id']);
      const who = await issueOtp({ ...selection(a), owner_id: '1099999999', email: 'x@example.com', phone: '0599999999' });
      expect(Object.keys(who.body.details).sort()).toEqual(['email', 'owner_id', 'phone']);
      const iban = await issueOtp({ ...selection(a), iban: 'SA0380000000608010167518' });
      expect(Object.keys(iban.body.details)).toEqual(['iban']);
    });

    it('refuses comprehensive cover until the vehicle photos are registered with that insurer, then issues it', async () => {
      const offer = comprehensive();
      const res = await issueOtp(selection(offer));
      expect(res.status).toBe(422);
      expect(res.body.details.quote_price_id[0]).toMatch(/photos/);

      const files = await (await makePhotoFiles()).set(3);
      const uploaded = await env.app.request(`/api/v1/car-comp/quote-requests/${quote.id}/attachments`, {
        method: 'POST',
        token,
        body: photoForm(offer.prices[0].quote_price_id, files),
      });
      expect(uploaded.status).toBe(200);
      const otherInsurer = quote.quotes.find((q: any) => q.type === 'Comprehensive' && q.company_name !== offer.company_name);
      if (otherInsurer) expect((await issueOtp(selection(otherInsurer))).status).toBe(422);

      const otp = await freshIssueCode(selection(offer));
      const policy = await issue({ otp, ...selection(offer) });
      expect(policy.status).toBe(201);
      expect(policy.body.price).toBe(offer.prices[0].total);
    });
  });

  describe('issuance rules', () => {
    it('refuses iban, foreign or included benefits, oversized extra data, and a wrong code', async () => {
      const offer = freshTpl((q) => q.benefits.some((b: any) => b.amount === 0));
      const otp = await freshIssueCode(selection(offer));
      const foreign = quote.quotes.find((q: any) => q.quote_reference_id !== offer.quote_reference_id && q.benefits.length)?.benefits[0];
      const included = offer.benefits.find((b: any) => b.amount === 0);
      const res = await issue({
        otp,
        ...selection(offer),
        iban: IBAN,
        benefits: [foreign.quote_benefit_id, ...(included ? [included.quote_benefit_id] : [])],
        extra_data: { note: 'x'.repeat(260) },
      });
      expect(res.status).toBe(422);
      expect(res.body.details).toHaveProperty('iban');
      expect(res.body.details).toHaveProperty('extra_data');

      const benefitsOnly = await issue({ otp, ...selection(offer), benefits: [foreign.quote_benefit_id, ...(included ? [included.quote_benefit_id] : [])] });
      expect(benefitsOnly.body.details['benefits.0'][0]).toMatch(/does not belong/);
      if (included) expect(benefitsOnly.body.details['benefits.1'][0]).toMatch(/Included/);

      const wrong = await issue({ otp: otp === '0000' ? '1111' : '0000', ...selection(offer) });
      expect(wrong.status).toBe(422);
      expect(wrong.body.details.otp[0]).toMatch(/incorrect/);
      expect((await issue({ otp, ...selection(offer), extra_data: ['not', 'an', 'object'] })).status).toBe(422);
    });

    it('needs the issue code within 15 minutes', async () => {
      const offer = freshTpl();
      const otp = await freshIssueCode(selection(offer));
      env.app.clock.advance(15 * 60_000 + 1000);
      const res = await issue({ otp, ...selection(offer) });
      expect(res.status).toBe(422);
      expect(res.body.details.otp[0]).toMatch(/expired/);
    });

    it('creates one policy from two concurrent issuances of the same selection', async () => {
      const offer = freshTpl();
      const otp = await freshIssueCode(selection(offer));
      const results = await Promise.all([issue({ otp, ...selection(offer) }), issue({ otp, ...selection(offer) })]);
      expect(results.map((r) => r.status).sort()).toEqual([201, expect.any(Number)]);
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(await env.app.db.prisma.motorPolicy.count({ where: { priceId: offer.prices[0].quote_price_id } })).toBe(1);
    });

    it('refuses an offer past its expiry', async () => {
      env.app.clock.advance(8 * 24 * 3600_000);
      const res = await issueOtp(selection(tplOffer()));
      expect(res.status).toBe(422);
      expect(res.body.details.quote_reference_id[0]).toMatch(/expired/);
    });
  });
});

describe('motor figures on the back-office dashboard', () => {
  let env: MotorTestEnv;

  beforeAll(async () => {
    env = await startMotorEnv();
  });
  afterAll(() => env.close());

  it('counts quote requests, policies by status and pending payments; an unpaid policy is no premium', async () => {
    const ops = await signIn(env.app, 'operations');
    const before = (await ops.call('/admin/api/dashboard?days=7')).body;
    expect(before.counters).toMatchObject({ quote_requests: 0, policies_total: 0, payments_pending: 0 });

    const token = (await env.app.partner(['motor-tpl-comparison'])).token;
    const otp = await quoteOtp(env.app, token);
    const quote = (await env.app.request('/api/v1/car-comp/quote-requests', { token, json: quoteBody(otp) })).body;
    const offer = quote.quotes.find((q: any) => q.type !== 'Comprehensive');
    const sel = { quote_request_id: quote.id, quote_reference_id: offer.quote_reference_id, quote_price_id: offer.prices[0].quote_price_id };
    env.app.clock.advance(61_000);
    await env.app.request('/api/v1/car-comp/issue-otp', {
      token,
      json: { ...sel, owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone, iban: IBAN },
    });
    const code = await latestCode(env.app, token, OWNER.phone);
    const policy = (await env.app.request('/api/v1/car-comp/policies', { token, json: { otp: code, ...sel } })).body;

    const after = (await ops.call('/admin/api/dashboard?days=7')).body;
    expect(after.counters).toMatchObject({ quote_requests: 1, policies_total: 1, payments_pending: 1 });
    expect(after.policies_by_status).toEqual({ pending: 1 });
    // unpaid: its price is not premium until the customer pays it
    expect(policy.price).toBeGreaterThan(0);
    expect(after.premium_volume).toBe('0.00');
    expect(after.series.quote_requests.at(-1)).toEqual({ date: '2026-11-22', value: 1 });
  });
});
