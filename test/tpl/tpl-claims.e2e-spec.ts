import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { browse, CARDS, payWithCard } from '../payments/payment-kit';
import { form, issueForm, nextVehicle, pdfDocument } from './tpl-kit';

describe('TPL motor v2: car claims', () => {
  let env: MotorTestEnv;
  let client: { id: string; secret: string; token: string };

  beforeAll(async () => {
    env = await startMotorEnv();
    client = await env.app.partner(['motor-tpl']);
  });
  afterAll(() => env.close());

  async function policy(pay = true, token = client.token): Promise<number> {
    const res = await env.app.request('/v2/car/policies', { method: 'POST', token, body: await issueForm(env, nextVehicle()) });
    if (pay) {
      const hops = await payWithCard(res.body.payment_link, CARDS.success);
      await browse(hops.submitted.location!);
    }
    return res.body.id;
  }

  const claimFields = (over: Record<string, string> = {}) => ({
    claim_type: 'third_party_vehicle_damage',
    incident_date: '2026-11-25',
    description: 'Hit a parked car.',
    requested_amount: '6500.00',
    ...over,
  });
  const open = (id: number, fields: Record<string, string>, token = client.token, files = {}) =>
    env.app.request(`/v2/car/policies/${id}/claims`, { method: 'POST', token, body: form(fields, files) });

  it("opens a claim on an issued policy with a document and shows it; the claim is the client's own", async () => {
    const id = await policy();
    env.app.clock.advance(4 * 86_400_000); // 2026-11-26: the incident of the 25th is inside the cover
    client.token = await env.app.token(client);
    const res = await open(id, claimFields(), client.token, { documents: { bytes: pdfDocument('police-report') } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      policy_id: id,
      claim_type: 'third_party_vehicle_damage',
      status: 'submitted',
      claim_status: 0,
      requested_amount: '6500.00',
    });
    expect(res.body.documents).toHaveLength(1);
    const shown = await env.app.request(`/v2/car/policies/${id}/claims/${res.body.id}`, { token: client.token });
    expect(shown.status).toBe(200);
    expect(shown.body.id).toBe(res.body.id);
    expect(await env.app.db.prisma.claim.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({ productFamily: 'motor-tpl', policyId: id });
    const listed = await env.app.request(`/v2/car/policies/${id}/claims`, { token: client.token });
    expect(listed.body.data.map((c: any) => c.id)).toEqual([res.body.id]);

    const other = await env.app.partner(['motor-tpl']);
    expect((await env.app.request(`/v2/car/policies/${id}/claims/${res.body.id}`, { token: other.token })).status).toBe(404);
    expect((await open(id, claimFields(), other.token)).status).toBe(404);
  });

  it('422: a policy never paid has no cover; an incident before the cover; an unknown claim type', async () => {
    const pending = await policy(false);
    const res = await open(pending, claimFields());
    expect(res.status).toBe(422);
    expect(res.body.details.policy_id[0]).toMatch(/never paid/);
    const id = await policy();
    const before = await open(id, claimFields({ incident_date: '2026-11-20' }));
    expect(before.status).toBe(422);
    expect(Object.keys(before.body.details)).toEqual(['incident_date']);
    const type = await open(id, claimFields({ claim_type: 'hail' }));
    expect(Object.keys(type.body.details)).toEqual(['claim_type']);
  });

  it('rate limits: 30 claim POSTs and 120 claim GETs per minute, then 429', async () => {
    const p = await env.app.partner(['motor-tpl']);
    for (let i = 0; i < 30; i++) expect((await open(999999, claimFields(), p.token)).status).toBe(404);
    expect((await open(999999, claimFields(), p.token)).status).toBe(429);
    for (let i = 0; i < 120; i++) expect((await env.app.request('/v2/car/policies/999999/claims/1', { token: p.token })).status).toBe(404);
    expect((await env.app.request('/v2/car/policies/999999/claims/1', { token: p.token })).status).toBe(429);
  });
});
