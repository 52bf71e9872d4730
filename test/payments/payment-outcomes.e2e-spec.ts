import { randomBytes } from 'node:crypto';
import { SANDBOX_VENDOR_WEBHOOK_SECRET } from '../../libs/config/src';
import { signVendorBody } from '../../libs/providers/src';
import { PaymentReconciler } from '../../apps/api/src/payments/payment-reconciler';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { browse, CARDS, issueMotorPolicy, motorQuote, payWithCard } from './payment-kit';
import { LOCAL_RECEIVERS_ENV, WebhookReceiver } from '../webhooks/webhook-receiver';

describe('payment outcomes: declines, vendor errors, callbacks', () => {
  let env: MotorTestEnv;
  let token: string;
  let quote: any;
  let receiver: WebhookReceiver;
  const used = new Set<string>();
  const issue = (extra: Record<string, unknown> = {}) => issueMotorPolicy(env, token, quote, used, extra);
  const show = (id: number) => env.app.request(`/api/v1/car-comp/policies/${id}`, { token }).then((r) => r.body);
  const paymentOf = (policyId: number) => env.app.db.prisma.payment.findFirstOrThrow({ where: { policyId } });
  const vendorControl = (callbacks: 'auto' | 'hold') =>
    fetch(`${env.sandbox.baseUrl}/__control/vendor`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ callbacks }) });
  const sendCallback = (vendorPaymentId: string) =>
    fetch(`${env.sandbox.baseUrl}/__control/vendor/payments/${vendorPaymentId}/callback`, { method: 'POST' }).then(
      (r) => r.json() as Promise<{ merchant_status: number }>,
    );
  /**
   * How many times the policy was activated, read from durable state: each activation queues one status-1
   * webhook (in the activation's own transaction) to the client's endpoint, and callbacks answer only after it commits.
   */
  const activations = (policyId: number) =>
    env.app.db.prisma.webhookDelivery.count({ where: { policyId, eventType: 'policy.status_updated', body: { contains: '"status":1' } } });
  const nowSeconds = () => Math.floor(env.app.clock.now().getTime() / 1000);
  const postCallback = (body: object, signature?: string) =>
    env.app.request('/payments/vendor/callback', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...(signature ? { 'X-Vendor-Signature': signature } : {}) },
    });
  const signed = (body: object, at = nowSeconds(), secret = SANDBOX_VENDOR_WEBHOOK_SECRET) =>
    postCallback(body, signVendorBody(secret, JSON.stringify(body), at));

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', POLICY_DOCUMENTS_POLL_MS: '0', ...LOCAL_RECEIVERS_ENV } });
    token = (await env.app.partner(['motor-tpl-comparison'])).token;
    receiver = await WebhookReceiver.start();
    const endpoint = await env.app.request('/api/v1/sandbox/webhook-endpoints', { token, json: { url: receiver.url, events: ['policy.status_updated'] } });
    if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${endpoint.text}`);
    quote = await motorQuote(env, token);
  });
  afterAll(async () => {
    await env.close();
    await receiver?.close();
  });
  afterEach(() => vendorControl('auto'));

  it('a declined card leaves the policy pending, says why, and another card can still pay', async () => {
    const { policy } = await issue();
    const declined = await payWithCard(policy.payment_link, CARDS.declined);
    const back = await browse(declined.submitted.location!);
    expect(back.status).toBe(200);
    expect(back.text).toContain('Your card was declined');
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'failed', failureCode: 'card_declined', vendorReference: declined.vendorPaymentId });
    const still = await show(policy.id);
    expect(still).toMatchObject({ status: 0, provider_policy_id: null });
    expect(still.payment_link).toBe(policy.payment_link);
    expect((await browse(policy.payment_link, { headers: { 'Accept-Language': 'ar' } })).text).toContain('تم رفض بطاقتك');

    const paid = await payWithCard(policy.payment_link, CARDS.success);
    expect(paid.vendorPaymentId).not.toBe(declined.vendorPaymentId);
    expect((await browse(paid.submitted.location!)).text).toContain('Payment received');
    expect(await show(policy.id)).toMatchObject({ status: 1, payment_link: null, price: null });
  });

  it('a vendor processing error leaves the policy pending with its own message', async () => {
    const { policy } = await issue();
    const failed = await payWithCard(policy.payment_link, CARDS.vendorError);
    const back = await browse(failed.submitted.location!);
    expect(back.text).toContain('could not process the payment');
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'failed', failureCode: 'processing_error' });
    expect((await show(policy.id)).status).toBe(0);
  });

  it('the vendor refuses a bad card form on its own page', async () => {
    const { policy } = await issue();
    const checkout = await browse(`${policy.payment_link}/checkout`, { form: { lang: 'en' } });
    const bad = await browse(checkout.location!, { form: { card_number: '4111111111111112', expiry: '01/20', cvc: '1', name: '' } });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('The card number is not valid.');
    expect(bad.text).toContain('The card has expired.');
    expect((await paymentOf(policy.id)).status).toBe('pending');
  });

  it('refuses unsigned, wrongly signed and stale callbacks, and acts only on what the vendor says', async () => {
    await vendorControl('hold');
    const { policy } = await issue();
    const checkout = await browse(`${policy.payment_link}/checkout`, { form: { lang: 'en' } });
    const vendorPaymentId = new URL(checkout.location!).pathname.split('/').pop()!;
    const payment = await paymentOf(policy.id);
    const claim = { event_id: `evt_${randomBytes(6).toString('hex')}`, vendor_payment_id: vendorPaymentId, reference: payment.id, status: 'paid' };

    expect((await postCallback(claim)).status).toBe(401);
    expect((await postCallback(claim, 't=1,v1=' + 'a'.repeat(64))).status).toBe(401);
    expect((await signed(claim, nowSeconds(), 'not-the-vendor-secret-but-long-enough-1234')).status).toBe(401);
    expect((await signed(claim, nowSeconds() - 301)).status).toBe(401);
    const altered = await postCallback(
      { ...claim, status: 'paid' },
      signVendorBody(SANDBOX_VENDOR_WEBHOOK_SECRET, JSON.stringify({ ...claim, status: 'failed' }), nowSeconds()),
    );
    expect(altered.status).toBe(401);

    // correctly signed but false: the customer never paid, and the vendor says so when asked
    const forged = await signed(claim);
    expect(forged.status).toBe(200);
    expect(forged.body.result).toBe('pending');
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'pending', paidAt: null });
    expect((await show(policy.id)).status).toBe(0);
    // a vendor payment id the vendor does not know changes nothing either
    expect((await signed({ ...claim, event_id: 'evt_other', vendor_payment_id: 'vp_unknown' })).body.result).toBe('unknown');
    expect((await show(policy.id)).status).toBe(0);
  });

  it('duplicate and concurrent callbacks activate once; a replayed event is recognised', async () => {
    await vendorControl('hold');
    const { policy } = await issue();
    const paid = await payWithCard(policy.payment_link, CARDS.success);
    const payment = await paymentOf(policy.id);
    expect(payment.status).toBe('pending'); // held: nothing told the service yet

    const answers = await Promise.all([1, 2, 3, 4].map(() => sendCallback(paid.vendorPaymentId)));
    expect(answers.map((a) => a.merchant_status)).toEqual([200, 200, 200, 200]);
    expect(await sendCallback(paid.vendorPaymentId)).toEqual({ merchant_status: 200 });
    expect(await activations(policy.id)).toBe(1);
    const shown = await show(policy.id);
    expect(shown).toMatchObject({ status: 1, payment_link: null, price: null });
    expect(await env.app.db.prisma.paymentCallback.count({ where: { paymentId: payment.id } })).toBe(5);

    // the same signed event again (a replay inside the time window) is acknowledged and ignored
    const event = { event_id: 'evt_replayed_once', vendor_payment_id: paid.vendorPaymentId, reference: payment.id, status: 'paid' };
    expect((await signed(event)).body).toMatchObject({ duplicate: false, result: 'already_paid' });
    expect((await signed(event)).body).toMatchObject({ duplicate: true, result: 'already_paid' });
    expect(await activations(policy.id)).toBe(1);

    // and the customer coming back late is redirected without a second activation
    expect((await browse(paid.submitted.location!)).text).toContain('Payment received');
    expect(await activations(policy.id)).toBe(1);
    expect((await show(policy.id)).provider_policy_id).toBe(shown.provider_policy_id);
  });

  it("a callback after the customer's return finds the policy already active", async () => {
    await vendorControl('hold');
    const { policy } = await issue({ redirect_url: 'https://shop.example/done?id=policyID' });
    const paid = await payWithCard(policy.payment_link, CARDS.success);
    const back = await browse(paid.submitted.location!);
    expect(back.location).toBe(`https://shop.example/done?id=${policy.id}`);
    const payment = await paymentOf(policy.id);
    expect(await sendCallback(paid.vendorPaymentId)).toEqual({ merchant_status: 200 });
    const recorded = await env.app.db.prisma.paymentCallback.findFirstOrThrow({ where: { paymentId: payment.id } });
    expect(recorded.outcome).toBe('already_paid');
    expect(await activations(policy.id)).toBe(1);
  });

  it('an insurer failure at activation loses nothing: the callback asks to be retried and the reconciler finishes', async () => {
    await vendorControl('hold');
    const { policy } = await issue({ redirect_url: 'https://shop.example/done?id=policyID' });
    const { insurerCode } = await env.app.db.prisma.motorPolicy.findUniqueOrThrow({ where: { id: policy.id } });
    const fault = (f: string) =>
      fetch(`${env.sandbox.baseUrl}/__control/insurers/${insurerCode}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fault: f }),
      });
    await fault('error');
    try {
      const paid = await payWithCard(policy.payment_link, CARDS.success);
      const back = await browse(paid.submitted.location!);
      expect(back.status).toBe(200);
      expect(back.text).toContain('Confirming your payment');
      expect(await sendCallback(paid.vendorPaymentId)).toEqual({ merchant_status: 502 });
      expect(await paymentOf(policy.id)).toMatchObject({ status: 'pending', vendorReference: paid.vendorPaymentId });
      expect((await show(policy.id)).status).toBe(0);
      await fault('none');
      const reconciler = env.app.api.app.get(PaymentReconciler);
      await reconciler.sweep(); // too recent: the callback and the return still have their chance
      expect((await show(policy.id)).status).toBe(0);
      env.app.clock.advance(61_000);
      expect(await reconciler.sweep()).toBeGreaterThanOrEqual(1);
      expect(await show(policy.id)).toMatchObject({ status: 1, payment_link: null });
      expect((await paymentOf(policy.id)).status).toBe('paid');
      expect((await browse(paid.submitted.location!)).location).toBe(`https://shop.example/done?id=${policy.id}`);
    } finally {
      await fault('none');
    }
  });

  it('a link past its expiry cannot be paid (injected clock)', async () => {
    const { policy } = await issue();
    const checkout = await browse(`${policy.payment_link}/checkout`, { form: { lang: 'en' } });
    expect(checkout.status).toBe(303);
    env.app.clock.advance(24 * 3600_000 + 1000);
    const page = await browse(policy.payment_link);
    expect(page.status).toBe(410);
    expect(page.text).toContain('Payment link expired');
    expect((await browse(`${policy.payment_link}/checkout`, { form: { lang: 'en' } })).status).toBe(410);
    // the vendor's own checkout lapses with the link
    const late = await browse(checkout.location!, { form: { card_number: CARDS.success, expiry: '12/30', cvc: '123', name: 'Late' } });
    expect(late.status).toBe(410);
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'expired' });
    expect(await show(policy.id)).toMatchObject({ status: 0, payment_link: null });
  });
});
