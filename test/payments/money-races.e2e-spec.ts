import { SANDBOX_VENDOR_API_KEY } from '@lib/config';
import { http } from '../support/http';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { policyBody } from '../support/property-kit';
import { createCompany, NO_ANSWERS, putEmployees, RESIDENT, SAUDI } from '../medical/medical-kit';
import { browse, CARDS, issueMotorPolicy, motorQuote, payWithCard } from './payment-kit';

/**
 * Money the card vendor confirmed is applied to what it was for or refunded in full, whatever the
 * partner did meanwhile: each race runs over HTTP through the sandbox vendor, and the assertions read
 * durable state (payments, refunds, policies, the vendor's own records, the customer's page).
 */
describe('money races: applied or refunded, visibly', () => {
  let env: MotorTestEnv;
  let token: string;
  let crSeq = 7009000000;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', POLICY_DOCUMENTS_POLL_MS: '0', PAYMENT_RECONCILE_MS: '0' } });
    token = (await env.app.partner(['motor-tpl-comparison', 'sme-medical', 'property-multi'])).token;
  });
  afterAll(() => env.close());
  afterEach(() => vendorControl('auto'));

  const vendorControl = (callbacks: 'auto' | 'hold') => http(`${env.sandbox.baseUrl}/__control/vendor`, { method: 'PUT', json: { callbacks } });
  const sendCallback = (vendorPaymentId: string) => http(`${env.sandbox.baseUrl}/__control/vendor/payments/${vendorPaymentId}/callback`, { method: 'POST' });
  const vendorRefunds = async (vendorPaymentId: string) =>
    (await http(`${env.sandbox.baseUrl}/vendor/payments/${vendorPaymentId}/refunds`, { headers: { Authorization: `Bearer ${SANDBOX_VENDOR_API_KEY}` } })).body
      .refunds as any[];
  const payments = async () => (await env.app.request('/api/v1/payments?per_page=100', { token })).body.data as any[];
  const paymentRow = (id: string) => env.app.db.prisma.payment.findUniqueOrThrow({ where: { id } });
  const linkOf = (token_: string) => `${env.app.url}/pay/${token_}`;
  /** The refund of a vendor payment once the worker has paid it back (it runs right after the refund is owed). */
  async function paidBack(vendorPaymentId: string) {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      const row = await env.app.db.prisma.refund.findUnique({ where: { vendorPaymentId } });
      if (row?.status === 'succeeded') return row;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`vendor payment ${vendorPaymentId} was not refunded`);
  }
  /** Opens the vendor's card page from our payment page (the customer pressed Pay) without paying yet. */
  async function startCheckout(link: string) {
    const checkout = await browse(`${link}/checkout`, { form: { lang: 'en' } });
    expect(checkout.status).toBe(303);
    return { cardPage: checkout.location!, vendorPaymentId: new URL(checkout.location!).pathname.split('/').pop()! };
  }
  const typeCard = (cardPage: string, card = CARDS.success) =>
    browse(cardPage, { form: { card_number: card, expiry: '12/30', cvc: '123', name: 'Test Customer' } });

  async function medicalCompanyOwing() {
    const company = await createCompany(env.app, token, { commercial_registration_number: String(crSeq++) });
    expect((await putEmployees(env.app, token, company.id, [SAUDI, RESIDENT])).status).toBe(200);
    await env.app.request('/api/v1/medical/medical-forms/fill', { token, json: { company_id: company.id, all_employees: NO_ANSWERS } });
    const quote = (await env.app.request('/api/v1/medical/quote-requests', { token, json: { company_id: company.id } })).body;
    const issue = (i = 0) =>
      env.app
        .request('/api/v1/medical/policies', { token, json: { quote_request_id: quote.id, quote_price_id: quote.quotes[i].quote_price_id } })
        .then((r) => r.body);
    const policy = await issue();
    return { company, quote, policy, issue };
  }
  const medicalLink = (companyId: number) => env.app.request(`/api/v1/medical/payment-link?company_id=${companyId}`, { token });
  const medicalPolicy = (id: number) => env.app.request(`/api/v1/medical/policies/${id}`, { token }).then((r) => r.body);

  describe('medical', () => {
    it('reading the link again while it is open gives the same link, and paying it applies the money', async () => {
      const { company, policy } = await medicalCompanyOwing();
      const first = (await medicalLink(company.id)).body;
      const { cardPage } = await startCheckout(first.payment);
      const again = await medicalLink(company.id);
      expect(again.status).toBe(200);
      expect(again.body.payment).toBe(first.payment);
      expect((await browse(first.payment)).status).toBe(200);

      const back = await browse((await typeCard(cardPage)).location!);
      expect([200, 303]).toContain(back.status);
      expect((await medicalPolicy(policy.id)).status).toBe(1);
      const due = (await env.app.request(`/api/v1/medical/payment-due?company_id=${company.id}`, { token })).body;
      expect(Number(due.payment)).toBe(0);
      const listed = (await payments()).filter((p) => p.policy_type === 'medical' && p.policy_id === company.id);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ status: 'paid', refunds: [], refunded_amount: 0 });
    });

    it('paying a link replaced by a new issue refunds it in full, says so, and leaves the new policy owed', async () => {
      const { company, issue } = await medicalCompanyOwing();
      const first = (await medicalLink(company.id)).body;
      const { cardPage, vendorPaymentId } = await startCheckout(first.payment);
      const reissued = await issue(1);
      expect(reissued.status).toBe(0);

      const back = await browse((await typeCard(cardPage)).location!);
      expect(back.status).toBe(200);
      expect(back.text).toContain('Your payment was refunded in full because:');
      expect(back.text).toContain('A newer payment link replaced this one.');
      const refund = await paidBack(vendorPaymentId);
      expect(refund).toMatchObject({ reason: 'replaced', policyType: 'medical', policyId: company.id });
      expect(refund.amount.toFixed(2)).toBe(Number(first.amount).toFixed(2));
      expect(await vendorRefunds(vendorPaymentId)).toEqual([
        expect.objectContaining({ reference: refund.id, amount: refund.amount.toFixed(2), status: 'succeeded' }),
      ]);

      const listed = (await payments()).find((p) => p.vendor_reference === vendorPaymentId);
      expect(listed).toMatchObject({
        status: 'refunded',
        status_reason: 'replaced',
        status_message: 'A newer payment link replaced this one.',
        refunded_amount: Number(first.amount),
      });
      expect(listed.refunds).toEqual([expect.objectContaining({ reason: 'replaced', status: 'succeeded', amount: Number(first.amount) })]);
      expect((await medicalPolicy(reissued.id)).status).toBe(0);
      // the page of the refunded link says the same in Arabic, with no checkout to start
      const ar = await browse(first.payment, { headers: { 'Accept-Language': 'ar' } });
      expect(ar.text).toContain('تم استرداد دفعتك كاملة');
      expect(ar.text).not.toContain('/checkout');
      // a fresh link for the new policy still takes the money
      const second = (await medicalLink(company.id)).body;
      expect(second.payment).not.toBe(first.payment);
      await browse((await payWithCard(second.payment, CARDS.success)).submitted.location!);
      expect((await medicalPolicy(reissued.id)).status).toBe(1);
    });

    it('money confirmed after the link lapsed (checkout started in time) is applied, not lost', async () => {
      const { company, policy } = await medicalCompanyOwing();
      const link = (await medicalLink(company.id)).body;
      await vendorControl('hold');
      const { cardPage, vendorPaymentId } = await startCheckout(link.payment);
      expect((await typeCard(cardPage)).status).toBe(303);
      env.app.clock.advance(16 * 60_000);
      expect((await payments()).find((p) => p.vendor_reference === vendorPaymentId).status).toBe('expired');

      expect((await sendCallback(vendorPaymentId)).body).toEqual({ merchant_status: 200 });
      const row = await env.app.db.prisma.payment.findFirstOrThrow({ where: { vendorReference: vendorPaymentId } });
      expect(row.status).toBe('paid');
      expect((await medicalPolicy(policy.id)).status).toBe(1);
      expect(await env.app.db.prisma.refund.count({ where: { vendorPaymentId } })).toBe(0);
    });
  });

  describe('property', () => {
    it('paying after the policy was cancelled refunds in full; the link then answers 410 saying why', async () => {
      const issued = (await env.app.request('/api/v1/property/policies', { token, json: policyBody() })).body;
      const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'property', policyId: issued.id } });
      const { cardPage, vendorPaymentId } = await startCheckout(linkOf(payment.linkToken));
      expect((await env.app.request(`/api/v1/property/policies/${issued.id}/cancellation`, { token, json: { reason: 'Changed my mind.' } })).status).toBe(200);
      const withdrawn = await browse(linkOf(payment.linkToken));
      expect(withdrawn.status).toBe(410);
      expect(withdrawn.text).toContain('The policy was cancelled before this payment was completed.');
      expect(withdrawn.text).not.toContain('/checkout');
      expect((await paymentRow(payment.id)).status).toBe('cancelled');

      const back = await browse((await typeCard(cardPage)).location!);
      expect(back.text).toContain('The policy was cancelled before this payment was completed.');
      const refund = await paidBack(vendorPaymentId);
      expect(refund).toMatchObject({ reason: 'policy_cancelled', paymentId: payment.id });
      expect(refund.amount.toFixed(2)).toBe(payment.amount.toFixed(2));
      expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', statusReason: 'policy_cancelled' });
      expect((await env.app.request(`/api/v1/property/policies/${issued.id}`, { token })).body.status).toBe(2);
      const ar = await browse(linkOf(payment.linkToken), { headers: { 'Accept-Language': 'ar' } });
      expect(ar.text).toContain('أُلغيت الوثيقة قبل إتمام هذه الدفعة.');
    });

    it('a duplicate callback of a refunded payment refunds nothing more', async () => {
      const issued = (await env.app.request('/api/v1/property/policies', { token, json: policyBody() })).body;
      const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'property', policyId: issued.id } });
      await vendorControl('hold');
      const { cardPage, vendorPaymentId } = await startCheckout(linkOf(payment.linkToken));
      await env.app.request(`/api/v1/property/policies/${issued.id}/cancellation`, { token, json: {} });
      await typeCard(cardPage);
      const answers = await Promise.all([1, 2, 3].map(() => sendCallback(vendorPaymentId)));
      expect(answers.map((a) => a.body.merchant_status)).toEqual([200, 200, 200]);
      await paidBack(vendorPaymentId);
      expect(await env.app.db.prisma.refund.count({ where: { paymentId: payment.id } })).toBe(1);
      expect(await vendorRefunds(vendorPaymentId)).toHaveLength(1);
    });
  });

  describe('motor', () => {
    let quote: any;
    const used = new Set<string>();
    beforeAll(async () => {
      quote = await motorQuote(env, token);
    });

    it('two tabs on the same link share one vendor checkout: one charge, applied once', async () => {
      const { policy } = await issueMotorPolicy(env, token, quote, used);
      const [tabA, tabB] = [await startCheckout(policy.payment_link), await startCheckout(policy.payment_link)];
      expect(tabB.vendorPaymentId).toBe(tabA.vendorPaymentId);
      const a = await typeCard(tabA.cardPage);
      const b = await typeCard(tabB.cardPage);
      expect(a.status).toBe(303);
      await browse(a.location!);
      if (b.location) await browse(b.location);
      const show = (await env.app.request(`/api/v1/car-comp/policies/${policy.id}`, { token })).body;
      expect(show.status).toBe(1);
      const rows = await env.app.db.prisma.payment.findMany({ where: { policyType: 'motor', policyId: policy.id } });
      expect(rows.map((r) => r.status)).toEqual(['paid']);
      expect(await env.app.db.prisma.refund.count({ where: { paymentId: rows[0].id } })).toBe(0);
    });

    it('a second charge for a link already paid is refunded in full; the first stays applied', async () => {
      const { policy } = await issueMotorPolicy(env, token, quote, used);
      const first = await payWithCard(policy.payment_link, CARDS.success);
      await browse(first.submitted.location!);
      const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'motor', policyId: policy.id } });
      expect(payment.status).toBe('paid');
      // A second checkout for the same payment, opened at the vendor (a stale tab, a retried integration).
      const opened = await http(`${env.sandbox.baseUrl}/vendor/checkouts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${SANDBOX_VENDOR_API_KEY}` },
        json: {
          reference: payment.id,
          amount: payment.amount.toFixed(2),
          currency: 'SAR',
          description: 'second tab',
          locale: 'en',
          return_url: `${policy.payment_link}/return`,
          callback_url: `${env.app.url}/payments/vendor/callback`,
          expires_at: payment.expiresAt.toISOString(),
        },
      });
      expect(opened.status).toBe(201);
      expect(opened.body.id).not.toBe(first.vendorPaymentId);
      const back = await browse((await typeCard(opened.body.checkout_url)).location!);
      expect(back.text).toContain('The policy had already been paid by another payment.');
      const refund = await paidBack(opened.body.id);
      expect(refund).toMatchObject({ reason: 'already_paid', paymentId: payment.id });
      expect(await paymentRow(payment.id)).toMatchObject({ status: 'paid', vendorReference: first.vendorPaymentId });
      expect(await env.app.db.prisma.refund.findUnique({ where: { vendorPaymentId: first.vendorPaymentId } })).toBeNull();
      const listed = (await payments()).find((p) => p.id === payment.id);
      expect(listed).toMatchObject({ status: 'paid', refunds: [expect.objectContaining({ reason: 'already_paid', status: 'succeeded' })] });
      expect((await env.app.request(`/api/v1/car-comp/policies/${policy.id}`, { token })).body.status).toBe(1);
    });
  });

  it('documents every status the list can answer, and filters by each', async () => {
    const spec = (await env.app.request('/openapi.json')).body;
    const text = JSON.stringify(spec.paths['/api/v1/payments']);
    for (const status of ['pending', 'failed', 'paid', 'expired', 'cancelled', 'refunded']) {
      expect(text).toContain(status);
      expect((await env.app.request(`/api/v1/payments?status=${status}`, { token })).status).toBe(200);
    }
    const cancelled = (await env.app.request('/api/v1/payments?status=cancelled', { token })).body.data;
    expect(cancelled.every((p: any) => p.status === 'cancelled' && p.status_reason)).toBe(true);
  });
});
