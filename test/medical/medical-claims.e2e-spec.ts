import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { createCompany, paidMedicalPolicy, putEmployees, SAUDI } from './medical-kit';

function form(fields: Record<string, string>, files: Array<[string, Buffer, string]> = []): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [name, bytes, type] of files) f.append(name, new Blob([new Uint8Array(bytes)], { type }), `${name}.bin`);
  return f;
}

describe('SME medical claims (on the claims core)', () => {
  let env: MotorTestEnv;
  let token: string;
  let active: any;
  let pending: any;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await env.app.partner(['sme-medical'])).token;
    active = (await paidMedicalPolicy(env.app, token, '7000000031')).policy;
    const company = await createCompany(env.app, token, { commercial_registration_number: '7000000032' });
    await putEmployees(env.app, token, company.id, [SAUDI]);
    const quote = (await env.app.request('/api/v1/medical/quote-requests', { token, json: { company_id: company.id } })).body;
    pending = (
      await env.app.request('/api/v1/medical/policies', { token, json: { quote_request_id: quote.id, quote_price_id: quote.quotes[0].quote_price_id } })
    ).body;
  });
  afterAll(() => env.close());

  const url = (id: number, rest = '') => `/api/v1/medical/policies/${id}/claims${rest}`;
  const claim = (id: number, fields: Record<string, string>, t = token) => env.app.request(url(id), { method: 'POST', token: t, body: form(fields) });
  const fields = {
    claim_type: 'outpatient',
    incident_date: '2026-11-22',
    description: `Clinic visit for ${SAUDI.name} (${SAUDI.nationality_id}).`,
    requested_amount: '850.00',
  };

  it("opens a claim on a paid medical policy only, shows it to its client only, with the spec's rate limits", async () => {
    expect(active.status).toBe(1);
    const unpaid = await claim(pending.id, fields);
    expect(unpaid.status).toBe(422);
    expect(Object.keys(unpaid.body.details)).toContain('policy_id');
    const bad = await claim(active.id, { ...fields, claim_type: 'water_damage' });
    expect(Object.keys(bad.body.details)).toEqual(['claim_type']);

    const res = await claim(active.id, fields);
    expect(res.status).toBe(201);
    expect(res.headers.get('ratelimit-limit')).toBe('30');
    expect(res.body).toMatchObject({ policy_id: active.id, claim_type: 'outpatient', status: 'submitted', claim_status: 0, requested_amount: '850.00' });
    const shown = await env.app.request(url(active.id, `/${res.body.id}`), { token });
    expect(shown.body).toEqual(res.body);
    expect(shown.headers.get('ratelimit-limit')).toBe('120');

    const other = (await env.app.partner(['sme-medical'])).token;
    expect((await env.app.request(url(active.id, `/${res.body.id}`), { token: other })).status).toBe(404);
    expect((await claim(active.id, fields, other)).status).toBe(404);
    const row = await env.app.db.prisma.claim.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.productFamily).toBe('medical');
  });
});
