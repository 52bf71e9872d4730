import { signIn } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { APPLICANT, eventually, offerBody, payLink, policyBody } from './life-kit';

const horseBody = {
  horse: { name: 'Desert Wind', breed: 'Arabian', date_of_birth: '2019-03-01', sex: 'male', use: 'racing', microchip_number: '682000000012345', value: 250000 },
  owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
  declaration: true,
};

describe('console API: life and horse policies', () => {
  let env: MotorTestEnv;
  let life: any;
  let horse: any;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    const { token } = await env.app.partner(['life-snp', 'horse']);
    const offer = (await env.app.request('/api/v1/life-snp/offers', { token, json: offerBody() })).body[0];
    life = (await env.app.request('/api/v1/life-snp/policies', { token, json: policyBody(offer.offer_id) })).body;
    horse = (await env.app.request('/api/v1/horse/policies', { token, json: horseBody })).body;
    await payLink(life.payment_link);
    await payLink(horse.payment_link);
    await eventually(
      async () =>
        (await env.app.db.prisma.lifePolicy.count({ where: { id: life.id, status: 1 } })) &&
        (await env.app.db.prisma.horsePolicy.count({ where: { id: horse.id, status: 1 } })),
    );
  });
  afterAll(() => env.close());

  it("lists and shows every client's policies, personal data masked without read_pii", async () => {
    const [ops, manager] = [await signIn(env.app, 'operations'), await signIn(env.app, 'account_manager')];
    const full = await ops.call('/admin/api/life-policies');
    expect(full.status).toBe(200);
    expect(full.headers.get('content-range')).toBe('life-policies 0-0/1');
    expect(full.body[0]).toMatchObject({ id: life.id, status: 1, applicant_id: APPLICANT });
    const masked = (await manager.call(`/admin/api/life-policies/${life.id}`)).body;
    expect(masked.applicant_id).toBe('10******78');
    expect(JSON.stringify(masked)).not.toContain('1098765432');
    expect((await ops.call(`/admin/api/horse-policies/${horse.id}`)).body.owner.email).toBe('owner@example.com');
    expect((await manager.call('/admin/api/horse-policies')).body[0].owner.email).not.toContain('owner@example');
    expect((await ops.call('/admin/api/life-policies/999999')).status).toBe(404);
  });

  it('lets operations cancel with a reason, audited; other roles may not; a second cancellation is 400', async () => {
    const [ops, manager, handler] = [await signIn(env.app, 'operations'), await signIn(env.app, 'account_manager'), await signIn(env.app, 'claims_handler')];
    for (const [resource, id] of [
      ['life-policies', life.id],
      ['horse-policies', horse.id],
    ] as const) {
      const cancel = (s: typeof ops, json: object) => s.call(`/admin/api/${resource}/${id}/cancel`, { json });
      expect((await cancel(manager, { reason: 'Customer asked' })).status).toBe(403);
      expect((await cancel(handler, { reason: 'Customer asked' })).status).toBe(403);
      expect(Object.keys((await cancel(ops, {})).body.details)).toEqual(['reason']);
      const done = await cancel(ops, { reason: 'Customer asked by phone' });
      expect(done.status).toBe(200);
      expect(done.body.status).toBe(2);
      expect(done.body.refund_amount).toBeGreaterThan(0);
      expect((await cancel(ops, { reason: 'again' })).status).toBe(400);
      const audit = await env.app.db.prisma.auditLogEntry.findMany({ where: { action: `${resource}.cancel`, resourceId: String(id) } });
      expect(audit).toHaveLength(1);
      expect(audit[0].after).toMatchObject({ status: 2, reason: 'Customer asked by phone', refund_amount: done.body.refund_amount.toFixed(2) });
    }
  });
});
