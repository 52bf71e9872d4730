import { SANDBOX_VENDOR_API_KEY } from '@lib/config';
import { MAX_REFUND_ATTEMPTS, Refunds } from '../../apps/api/src/payments/refunds/refunds';
import { http } from '../support/http';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { activateAsPaid, policyBody } from '../support/property-kit';
import { signInEveryRole } from '../admin/admin-kit';

/** Refunds of cancelled policies, paid out through the sandbox card vendor. */
describe('refunds through the card vendor', () => {
  let env: MotorTestEnv;
  let token: string;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', REFUND_POLL_MS: '0' } });
    token = (await env.app.partner(['property-multi'])).token;
  });
  afterAll(() => env.close());

  const refunds = () => env.app.api.app.get(Refunds, { strict: false });
  const vendor = (path: string, init: { method?: string; json?: unknown } = {}) =>
    http(`${env.sandbox.baseUrl}${path}`, { ...init, headers: { Authorization: `Bearer ${SANDBOX_VENDOR_API_KEY}` } });
  const setVendorRefunds = (refunds: 'ok' | 'unavailable') => http(`${env.sandbox.baseUrl}/__control/vendor`, { method: 'PUT', json: { refunds } });

  /** A property policy paid with the sandbox card; answers the policy and the vendor's payment id. */
  async function paidPolicy() {
    const issued = (await env.app.request('/api/v1/property/policies', { token, json: policyBody() })).body;
    const { paid } = await activateAsPaid(env.app, issued.id);
    return { id: issued.id as number, vendorPaymentId: paid.vendorPaymentId };
  }

  async function refundOf(policyId: number, until: (status: string) => boolean = () => true) {
    for (let i = 0; i < 100; i++) {
      const row = await env.app.db.prisma.refund.findFirst({ where: { policyType: 'property', policyId } });
      if (row && until(row.status)) return row;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no refund of policy ${policyId} reached the expected status`);
  }

  it('pays the pro-rata refund out right after the cancellation, once, with our refund id as the reference', async () => {
    const policy = await paidPolicy();
    const cancelled = await env.app.request(`/api/v1/property/policies/${policy.id}/cancellation`, { token, json: { reason: 'Sold the flat.' } });
    expect(cancelled.status).toBe(200);
    const refund = await refundOf(policy.id, (s) => s === 'succeeded');
    expect(refund.amount.toFixed(2)).toBe(cancelled.body.cancellation.refund_amount.toFixed(2));
    expect(refund.attempts).toBe(1);
    expect(refund.refundedAt).toEqual(env.app.clock.now());

    const atVendor = (await vendor(`/vendor/payments/${policy.vendorPaymentId}/refunds`)).body.refunds;
    expect(atVendor).toEqual([
      expect.objectContaining({ id: refund.vendorRefundId, reference: refund.id, amount: refund.amount.toFixed(2), status: 'succeeded' }),
    ]);

    // nothing more is paid by later sweeps
    expect(await refunds().sweep()).toBe(0);
    expect((await vendor(`/vendor/payments/${policy.vendorPaymentId}/refunds`)).body.refunds).toHaveLength(1);
  });

  it('tries again with backoff while the vendor is down, and pays exactly once when it is back', async () => {
    const policy = await paidPolicy();
    await setVendorRefunds('unavailable');
    try {
      await env.app.request(`/api/v1/property/policies/${policy.id}/cancellation`, { token, json: {} });
      const failed = await refundOf(policy.id, (s) => s === 'pending');
      await refunds().sweep();
      const waiting = await env.app.db.prisma.refund.findUniqueOrThrow({ where: { id: failed.id } });
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/503/) });
      expect(waiting.nextAttemptAt.getTime()).toBe(env.app.clock.now().getTime() + 30_000);
      expect(await refunds().sweep()).toBe(0); // not due yet
    } finally {
      await setVendorRefunds('ok');
    }
    env.app.clock.advance(30_000);
    expect(await refunds().sweep()).toBe(1);
    const paid = await refundOf(policy.id, (s) => s === 'succeeded');
    expect(paid.attempts).toBe(2);
    expect((await vendor(`/vendor/payments/${policy.vendorPaymentId}/refunds`)).body.refunds).toHaveLength(1);
  });

  it('leaves a refund the vendor refuses as failed for operations, and gives up after the last try', async () => {
    const policy = await paidPolicy();
    // The whole payment already went back through another channel: the vendor refuses any more.
    const full = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'property', policyId: policy.id } });
    expect(
      (
        await vendor(`/vendor/payments/${policy.vendorPaymentId}/refunds`, {
          method: 'POST',
          json: { reference: 'manual-1', amount: full.amount.toFixed(2), currency: 'SAR' },
        })
      ).status,
    ).toBe(201);
    await env.app.request(`/api/v1/property/policies/${policy.id}/cancellation`, { token, json: {} });
    const refused = await refundOf(policy.id, (s) => s === 'failed');
    expect(refused).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/At most 0.00 can still be refunded/) });

    const down = await paidPolicy();
    await setVendorRefunds('unavailable');
    try {
      await env.app.request(`/api/v1/property/policies/${down.id}/cancellation`, { token, json: {} });
      await refundOf(down.id);
      for (let i = 0; i < MAX_REFUND_ATTEMPTS; i++) {
        await refunds().sweep();
        env.app.clock.advance(3_600_000);
      }
      expect(await refundOf(down.id)).toMatchObject({ status: 'failed', attempts: MAX_REFUND_ATTEMPTS });
    } finally {
      await setVendorRefunds('ok');
    }
  });

  it('the vendor answers the same refund for the same reference and never refunds more than was paid', async () => {
    const policy = await paidPolicy();
    const payment = await env.app.db.prisma.payment.findFirstOrThrow({ where: { policyType: 'property', policyId: policy.id } });
    const half = (Number(payment.amount.toFixed(2)) / 2).toFixed(2);
    const once = await vendor(`/vendor/payments/${policy.vendorPaymentId}/refunds`, {
      method: 'POST',
      json: { reference: 'r-1', amount: half, currency: 'SAR' },
    });
    const again = await vendor(`/vendor/payments/${policy.vendorPaymentId}/refunds`, {
      method: 'POST',
      json: { reference: 'r-1', amount: half, currency: 'SAR' },
    });
    expect(once.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(once.body.id);
    const over = await vendor(`/vendor/payments/${policy.vendorPaymentId}/refunds`, {
      method: 'POST',
      json: { reference: 'r-2', amount: payment.amount.toFixed(2), currency: 'SAR' },
    });
    expect(over.status).toBe(409);
  });

  it('operations find a failed refund in the console API and try it again with a reason; the worker pays it; other roles may not', async () => {
    const needingAction = () => env.app.db.prisma.refund.count({ where: { status: 'failed' } });
    const before = await needingAction();
    const policy = await paidPolicy();
    await setVendorRefunds('unavailable');
    let failed;
    try {
      await env.app.request(`/api/v1/property/policies/${policy.id}/cancellation`, { token, json: {} });
      await refundOf(policy.id);
      for (let i = 0; i < MAX_REFUND_ATTEMPTS; i++) {
        await refunds().sweep();
        env.app.clock.advance(3_600_000);
      }
      failed = await refundOf(policy.id, (s) => s === 'failed');
    } finally {
      await setVendorRefunds('ok');
    }

    // Signed in after the hours the tries took (a staff session does not outlive them).
    const staff = await signInEveryRole(env.app);
    const list = await staff.operations.call(`/admin/api/refunds?filter=${encodeURIComponent(JSON.stringify({ status: 'failed', q: failed.paymentId }))}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: failed.id,
        status: 'failed',
        policy_type: 'property',
        policy_id: policy.id,
        attempts: MAX_REFUND_ATTEMPTS,
        last_error: expect.stringMatching(/.+/),
        amount: Number(failed.amount),
      }),
    ]);
    expect(list.headers.get('content-range')).toMatch(/\/1$/);
    expect((await staff.account_manager.call(`/admin/api/refunds/${failed.id}`)).body.status).toBe('failed');
    expect((await staff.claims_handler.call('/admin/api/refunds')).status).toBe(403);
    // Out of tries, it is on the operations dashboard as needing action (the figure opens the list filtered status=failed).
    const dashboardCount = async (who: 'operations' | 'admin') =>
      (await staff[who].call('/admin/api/dashboard')).body.worklists.operations.refunds_needing_action;
    expect(await dashboardCount('operations')).toBe(before + 1);
    expect(await dashboardCount('admin')).toBe(before + 1);
    expect((await staff.claims_handler.call('/admin/api/dashboard')).body.worklists).toEqual({});
    const failedList = await staff.operations.call(`/admin/api/refunds?filter=${encodeURIComponent('{"status":"failed"}')}`);
    expect(failedList.headers.get('content-range')).toMatch(new RegExp(`/${before + 1}$`));

    expect((await staff.account_manager.call(`/admin/api/refunds/${failed.id}/retry`, { json: { reason: 'Vendor is back.' } })).status).toBe(403);
    expect((await staff.operations.call(`/admin/api/refunds/${failed.id}/retry`, { json: {} })).status).toBe(422);
    const retried = await staff.operations.call(`/admin/api/refunds/${failed.id}/retry`, { json: { reason: 'Vendor is back.' } });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'pending', attempts: 0 });
    const paid = await refundOf(policy.id, (s) => s === 'succeeded');
    expect(paid).toMatchObject({ attempts: 1, lastError: null });
    // Paid: it leaves the list and the count.
    expect(await dashboardCount('operations')).toBe(before);
    expect(
      (await staff.operations.call(`/admin/api/refunds?filter=${encodeURIComponent(JSON.stringify({ status: 'failed', q: failed.paymentId }))}`)).body,
    ).toEqual([]);
    expect((await staff.operations.call(`/admin/api/refunds/${failed.id}/retry`, { json: { reason: 'Again.' } })).status).toBe(409);
    const audit = await env.app.db.prisma.auditLogEntry.findMany({ where: { action: 'refunds.retry', resourceId: failed.id } });
    expect(audit).toEqual([
      expect.objectContaining({ staffEmail: staff.operations.email, role: 'operations', after: { status: 'pending', reason: 'Vendor is back.' } }),
    ]);
  });

  it('owes nothing for an unpaid policy', async () => {
    const issued = (await env.app.request('/api/v1/property/policies', { token, json: policyBody() })).body;
    await env.app.request(`/api/v1/property/policies/${issued.id}/cancellation`, { token, json: {} });
    expect(await env.app.db.prisma.refund.count({ where: { policyType: 'property', policyId: issued.id } })).toBe(0);
  });
});
