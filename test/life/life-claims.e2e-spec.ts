import { signIn } from '../admin/admin-kit';
import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { makePhotoFiles } from '../support/photo-files';
import { eventually, offerBody, payLink, PDF, policyBody } from './life-kit';

const DAY = 86_400_000;

function claimForm(fields: Record<string, string>, files: Array<[string, Buffer, string]> = []): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [name, bytes, type] of files) f.append(name, new Blob([new Uint8Array(bytes)], { type }), `${name}.bin`);
  return f;
}

describe('life claims through the claims core', () => {
  let env: MotorTestEnv;
  let token: string;
  let active: any;
  let pending: any;
  const claim = (id: number, fields: Record<string, string>, files: Array<[string, Buffer, string]> = [], t = token) =>
    env.app.request(`/api/v1/life-snp/policies/${id}/claims`, { method: 'POST', token: t, body: claimForm(fields, files) });
  const fields = (over: Record<string, string> = {}) => ({
    claim_type: 'critical_illness',
    incident_date: '2026-12-01',
    description: 'Diagnosed with a covered illness.',
    requested_amount: '50000.00',
    ...over,
  });

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await env.app.partner(['life-snp'])).token;
    const issue = async () => {
      const offer = (await env.app.request('/api/v1/life-snp/offers', { token, json: offerBody() })).body[0];
      return (await env.app.request('/api/v1/life-snp/policies', { token, json: policyBody(offer.offer_id) })).body;
    };
    active = await issue();
    pending = await issue();
    await payLink(active.payment_link);
    active = await eventually(async () =>
      (await env.app.request('/api/v1/life-snp/policies', { token })).body.find((p: any) => p.id === active.id && p.status === 1),
    );
    env.app.clock.advance(12 * DAY); // 2026-12-04
  });
  afterAll(() => env.close());

  it.each([
    [{ claim_type: 'theft' }, 'claim_type'],
    [{ incident_date: '2026-12-31' }, 'incident_date'],
    [{ incident_date: '2026-11-01' }, 'incident_date'],
    [{ requested_amount: '150000.01' }, 'requested_amount'],
    [{ requested_amount: 'lots' }, 'requested_amount'],
    [{ description: '' }, 'description'],
  ])('refuses %j naming %s', async (over, field) => {
    const res = await claim(active.id, fields(over));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details)).toContain(field);
  });

  it("refuses a claim on an unpaid policy, another client's policy, and a document that is not one", async () => {
    const unpaid = await claim(pending.id, fields());
    expect(unpaid.status).toBe(422);
    expect(Object.keys(unpaid.body.details)).toContain('policy_id');
    const other = await env.app.partner(['life-snp']);
    expect((await claim(active.id, fields(), [], other.token)).status).toBe(404);
    const photos = await makePhotoFiles();
    const bad = await claim(active.id, fields(), [['documents', photos.text, 'application/pdf']]);
    expect(bad.status).toBe(422);
    expect(await env.app.db.prisma.claim.count({ where: { productFamily: 'life' } })).toBe(0);
  });

  it('opens a claim with documents, and moves it only by the roles allowed; the partner sees its status', async () => {
    const res = await claim(active.id, fields(), [['documents', PDF, 'application/pdf']]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      policy_id: active.id,
      claim_type: 'critical_illness',
      status: 'submitted',
      claim_status: 0,
      requested_amount: '50000.00',
    });
    expect(res.body.documents).toHaveLength(1);
    const id = res.body.id;
    // death pays up to the full sum assured
    expect((await claim(active.id, fields({ claim_type: 'death', requested_amount: '150000.00' }))).status).toBe(201);

    const [handler, ops, manager] = [await signIn(env.app, 'claims_handler'), await signIn(env.app, 'operations'), await signIn(env.app, 'account_manager')];
    const move = (s: typeof handler, body: object) => s.call(`/admin/api/claims/${id}/transition`, { json: body });
    expect((await manager.call('/admin/api/claims')).status).toBe(403);
    expect((await move(ops, { status: 'under_review' })).status).toBe(403);
    expect((await move(manager, { status: 'under_review' })).status).toBe(403);
    expect((await move(handler, { status: 'paid' })).status).toBe(409);
    expect((await move(handler, { status: 'under_review' })).body.status).toBe('under_review');
    expect((await move(handler, { status: 'approved', approved_amount: '45000.50', note: 'Partial disability.' })).body).toMatchObject({
      status: 'approved',
      claim_status: 2,
      approved_amount: 45000.5,
    });
    expect((await move(handler, { status: 'paid', note: 'Paid by transfer.' })).body).toMatchObject({ status: 'paid', claim_status: 4, paid_amount: 45000.5 });

    const shown = await env.app.request(`/api/v1/life-snp/policies/${active.id}/claims/${id}`, { token });
    expect(shown.body.status).toBe('paid');
    const other = await env.app.partner(['life-snp']);
    expect((await env.app.request(`/api/v1/life-snp/policies/${active.id}/claims/${id}`, { token: other.token })).status).toBe(404);
  });
});
