import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { browse, CARDS, payWithCard } from '../payments/payment-kit';
import { signIn } from '../admin/admin-kit';
import { issueForm, nextVehicle } from './tpl-kit';

describe('console API: TPL v2 policies', () => {
  let env: MotorTestEnv;
  let token: string;

  beforeAll(async () => {
    env = await startMotorEnv();
    token = (await env.app.partner(['motor-tpl'])).token;
  });
  afterAll(() => env.close());

  async function policy(pay = true) {
    const v = nextVehicle();
    const res = await env.app.request('/v2/car/policies', { method: 'POST', token, body: await issueForm(env, v) });
    if (pay) {
      const hops = await payWithCard(res.body.payment_link, CARDS.success);
      await browse(hops.submitted.location!);
    }
    return { id: res.body.id as number, v };
  }

  it("lists and shows every client's policies; personal data masked without read_pii; filters by VIN", async () => {
    const { id, v } = await policy();
    const [manager, handler] = [await signIn(env.app, 'account_manager'), await signIn(env.app, 'claims_handler')];
    const list = await manager.call(`/admin/api/tpl-policies?filter=${encodeURIComponent(JSON.stringify({ q: v.vin }))}`);
    expect(list.status).toBe(200);
    expect(list.body.map((p: any) => p.id)).toEqual([id]);
    expect(list.body[0].meta_data.email).toMatch(/\*/);
    expect(list.body[0].meta_data.current_car_owner).not.toBe(v.current_car_owner);
    const shown = await handler.call(`/admin/api/tpl-policies/${id}`);
    expect(shown.body.meta_data).toMatchObject({ email: 'buyer@example.com', current_car_owner: v.current_car_owner, vin: v.vin });
    expect(shown.body.payments.map((p: any) => p.status)).toEqual(['paid']);
    expect((await manager.call('/admin/api/tpl-policies?filter={"status":9}')).status).toBe(422);
  });

  it('cancels with a reason, by operations and admins only, audited without personal data; twice is 400, pending is 409', async () => {
    const { id } = await policy();
    const [ops, manager, handler] = [await signIn(env.app, 'operations'), await signIn(env.app, 'account_manager'), await signIn(env.app, 'claims_handler')];
    expect((await manager.call(`/admin/api/tpl-policies/${id}/cancel`, { json: { reason: 'x' } })).status).toBe(403);
    expect((await handler.call(`/admin/api/tpl-policies/${id}/cancel`, { json: { reason: 'x' } })).status).toBe(403);
    expect(Object.keys((await ops.call(`/admin/api/tpl-policies/${id}/cancel`, { json: {} })).body.details)).toEqual(['reason']);
    const res = await ops.call(`/admin/api/tpl-policies/${id}/cancel`, { json: { reason: 'Transfer papers checked by phone.' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 2, canceled_by: ops.email, cancellation_reason: 'Transfer papers checked by phone.', refund_amount: 977.5 });
    const audit = await env.app.db.prisma.auditLogEntry.findFirstOrThrow({ where: { action: 'tpl-policies.cancel', resourceId: String(id) } });
    expect(audit).toMatchObject({ staffEmail: ops.email, role: 'operations' });
    expect((audit.before as any).status).toBe(1);
    expect((audit.after as any).status).toBe(2);
    expect(JSON.stringify([audit.before, audit.after])).not.toContain('buyer@example.com');
    expect((await ops.call(`/admin/api/tpl-policies/${id}/cancel`, { json: { reason: 'again' } })).status).toBe(400);
    expect(await env.app.db.prisma.auditLogEntry.count({ where: { action: 'tpl-policies.cancel' } })).toBe(1);

    const pending = await policy(false);
    expect((await ops.call(`/admin/api/tpl-policies/${pending.id}/cancel`, { json: { reason: 'x' } })).status).toBe(409);
    expect((await ops.call('/admin/api/tpl-policies/999999/cancel', { json: { reason: 'x' } })).status).toBe(404);
  });
});
