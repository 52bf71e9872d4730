import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { browse, CARDS, payWithCard } from '../payments/payment-kit';
import { issueForm, nextVehicle, nextVin } from '../tpl/tpl-kit';

/** TPL v2 as the real service's reference documents it (shared/reference/real-service-digest.md). */
describe('TPL v2, as the real service documents it', () => {
  let env: MotorTestEnv;
  let token: string;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', POLICY_DOCUMENTS_POLL_MS: '0' } });
    token = (await env.app.partner(['motor-tpl'])).token;
  });
  afterAll(() => env.close());

  // the digest's base is /api: /api/v2/car/policies (our /v2/car/policies stays)
  const issue = (body: FormData) => env.app.request('/api/v2/car/policies', { method: 'POST', token, body });

  it('car_sequence_number is unique among active policies, as the VIN', async () => {
    const v = nextVehicle();
    expect((await issue(await issueForm(env, v))).status).toBe(201);
    const other = await issue(await issueForm(env, { ...v, vin: nextVin() }));
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.details)).toEqual(['car_sequence_number']);
  });

  it('an issued policy has its certificate and invoice, the documented timestamps, and sends the customer to redirect_url', async () => {
    const v = nextVehicle();
    const created = await issue(
      await issueForm(env, v, { redirect_url: 'https://shop.example.com/done?policy=policyID', current_car_owner: '7001234567' }, false),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      redirect_url: `https://shop.example.com/done?policy=${created.body.id}`,
      policy_url: null,
      invoice_url: null,
      transfer_date_at: null,
      cancellation_request_at: null,
      cancellation_confirmed_at: null,
    });
    expect(created.body.meta_data.current_car_owner).toBe('7001234567');
    // the policy's id in Show Policy and the list too, as the customer's landing gives it
    expect((await env.app.request(`/api/v2/car/policies/${created.body.id}`, { token })).body.redirect_url).toBe(
      `https://shop.example.com/done?policy=${created.body.id}`,
    );
    const listed = (await env.app.request('/api/v2/car/policies?per_page=100', { token })).body.data.find((p: any) => p.id === created.body.id);
    expect(listed.redirect_url).toBe(`https://shop.example.com/done?policy=${created.body.id}`);
  });

  it('pays, then produces the certificate and the tax invoice', async () => {
    const v = nextVehicle();
    const created = (await issue(await issueForm(env, v, { redirect_url: 'https://shop.example.com/done?policy=policyID' }))).body;
    expect(created.status).toBe(0);
    const paid = await payWithCard(created.payment_link, CARDS.success);
    const back = await browse(paid.submitted.location!);
    expect(back.location).toBe(`https://shop.example.com/done?policy=${created.id}`);
    let shown: any;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      shown = (await env.app.request(`/api/v2/car/policies/${created.id}`, { token })).body;
      if (shown.policy_url) break;
    }
    expect(shown).toMatchObject({
      status: 1,
      policy_url: expect.stringMatching(/\/files\/[0-9a-f-]{36}\.pdf$/),
      invoice_url: expect.stringMatching(/\/files\/[0-9a-f-]{36}\.pdf$/),
    });
    for (const url of [shown.policy_url, shown.invoice_url]) {
      const pdf = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  });
});
