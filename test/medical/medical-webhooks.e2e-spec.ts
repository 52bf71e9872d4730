import { signIn } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { paidMedicalPolicy } from './medical-kit';
import { LOCAL_RECEIVERS_ENV } from '../webhooks/webhook-receiver';

describe('SME medical webhook events', () => {
  let env: MotorTestEnv;

  beforeAll(async () => {
    // deliveries are only queued here: the worker's poll is far beyond the test
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000', WEBHOOK_POLL_INTERVAL_MS: '600000', ...LOCAL_RECEIVERS_ENV } });
  });
  afterAll(() => env.close());

  it('queues policy.status_updated with the policy as shown: 0 at issuance, 1 when paid, 2 when cancelled', async () => {
    const partner = await env.app.partner(['sme-medical']);
    const ops = await signIn(env.app, 'operations');
    const endpoint = await ops.call('/admin/api/webhook-endpoints', { json: { client_id: partner.id, url: 'http://127.0.0.1:9/hooks' } });
    expect(endpoint.status).toBe(201);
    const { company, policy } = await paidMedicalPolicy(env.app, partner.token, '7000000061');
    expect((await env.app.request(`/api/v1/medical/companies/${company.id}/policy-cancellation`, { token: partner.token, method: 'POST' })).status).toBe(204);
    const rows = await env.app.db.prisma.webhookDelivery.findMany({ where: { clientId: partner.id }, orderBy: { seq: 'asc' } });
    const events = rows.map((r) => JSON.parse(r.body).policy).filter((p) => p.id === policy.id);
    expect(rows.every((r) => r.eventType === 'policy.status_updated')).toBe(true);
    expect(events.map((p) => p.status)).toEqual([0, 1, 2]);
    expect(events[1]).toMatchObject({ provider_policy_id: policy.provider_policy_id, company_id: company.id });
    expect(events[1]).toEqual({ ...policy, updated_at: events[1].updated_at });
  });
});
