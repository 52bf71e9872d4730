import { signIn } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { eventually, payLink, PDF } from '../life/life-kit';

const DAY = 86_400_000;
const horseBody = {
  horse: { name: 'Desert Wind', breed: 'Arabian', date_of_birth: '2019-03-01', sex: 'male', use: 'racing', microchip_number: '682000000012345', value: 250000 },
  owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
  declaration: true,
};

function claimForm(fields: Record<string, string>, files: Array<[string, Buffer, string]> = []): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [name, bytes, type] of files) f.append(name, new Blob([new Uint8Array(bytes)], { type }), `${name}.bin`);
  return f;
}

describe('horse claims through the claims core', () => {
  let env: MotorTestEnv;
  let token: string;
  let active: any;
  const claim = (id: number, fields: Record<string, string>, files: Array<[string, Buffer, string]> = [], t = token) =>
    env.app.request(`/api/v1/horse/policies/${id}/claims`, { method: 'POST', token: t, body: claimForm(fields, files) });
  const fields = (over: Record<string, string> = {}) => ({
    claim_type: 'vet_fees',
    incident_date: '2026-12-01',
    description: 'Colic surgery.',
    requested_amount: '18000.00',
    ...over,
  });

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await env.app.partner(['horse'])).token;
    const created = (await env.app.request('/api/v1/horse/policies', { token, json: horseBody })).body;
    await payLink(created.payment_link);
    active = await eventually(async () => {
      const p = (await env.app.request(`/api/v1/horse/policies/${created.id}`, { token })).body;
      return p.status === 1 ? p : null;
    });
    env.app.clock.advance(12 * DAY);
  });
  afterAll(() => env.close());

  it('limits vet fees to 20 % and mortality or theft to the declared value, and accepts only horse claim types', async () => {
    expect(Object.keys((await claim(active.id, fields({ requested_amount: '50000.01' }))).body.details)).toEqual(['requested_amount']);
    expect(Object.keys((await claim(active.id, fields({ claim_type: 'mortality', requested_amount: '250000.01' }))).body.details)).toEqual([
      'requested_amount',
    ]);
    expect(Object.keys((await claim(active.id, fields({ claim_type: 'death' }))).body.details)).toContain('claim_type');
    expect((await claim(active.id, fields({ claim_type: 'theft', requested_amount: '250000.00' }))).status).toBe(201);
  });

  it('opens a vet fees claim with a document, rejected by a claims handler with a note', async () => {
    const res = await claim(active.id, fields(), [['documents', PDF, 'application/pdf']]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ claim_type: 'vet_fees', status: 'submitted', claim_status: 0 });
    const handler = await signIn(env.app, 'claims_handler');
    const ops = await signIn(env.app, 'operations');
    const move = (s: typeof handler, body: object) => s.call(`/admin/api/claims/${res.body.id}/transition`, { json: body });
    expect((await move(ops, { status: 'under_review' })).status).toBe(403);
    expect((await move(handler, { status: 'under_review' })).status).toBe(200);
    expect((await move(handler, { status: 'rejected' })).status).toBe(422);
    expect((await move(handler, { status: 'rejected', note: 'Pre-existing condition.' })).body.status).toBe('rejected');
    const other = await env.app.partner(['horse']);
    expect((await claim(active.id, fields(), [], other.token)).status).toBe(404);
    expect((await env.app.request(`/api/v1/horse/policies/${active.id}/claims/${res.body.id}`, { token })).body.status).toBe('rejected');
  });
});
