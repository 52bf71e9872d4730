import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { activateAsPaid, policyBody } from '../support/property-kit';
import { eventually, offerBody, payLink, PDF, policyBody as lifePolicyBody } from '../life/life-kit';

const DAY = 86_400_000;

function form(fields: Record<string, string>, files: Array<[string, Buffer, string]> = []): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [name, bytes, type] of files) f.append(name, new Blob([new Uint8Array(bytes)], { type }), `${name}.pdf`);
  return f;
}

/**
 * Property, horse and life requests exactly as the real service's documentation writes them
 * (shared/reference/real-service-digest.md), from a client that knows nothing of our additions.
 */
describe('property, horse and life, as the real service documents them', () => {
  let env: MotorTestEnv;
  let token: string;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await env.app.partner(['property-multi', 'horse', 'life-snp'])).token;
  });
  afterAll(() => env.close());

  describe('property', () => {
    it('GET /prices?property_cost=850000 prices a property from its cost alone', async () => {
      const res = await env.app.request('/api/v1/property/prices?property_cost=850000', { token });
      expect(res.status).toBe(200);
      const entries = Object.values(res.body) as any[];
      expect(entries.length).toBeGreaterThan(0);
      for (const e of entries)
        expect(e).toMatchObject({ name: expect.any(String), name_ar: expect.any(String), coverages: expect.any(Array), price: expect.any(Number) });
      // the details, when given, still count
      const villa = await env.app.request(
        '/api/v1/property/prices?property_cost=850000&building_type=villa&building_age=30&apartment_size=600&city_name=Jeddah',
        { token },
      );
      expect(villa.status).toBe(200);
      expect(villa.body).not.toEqual(res.body);
      expect((await env.app.request('/api/v1/property/prices', { token })).status).toBe(422);
    });

    it('a document upload with the single `document` part, and a claim with requested_amount, description and supporting_document', async () => {
      const issued = (await env.app.request('/api/v1/property/policies', { token, json: policyBody() })).body;
      const doc = await env.app.request(`/api/v1/property/policies/${issued.id}/documents`, {
        method: 'POST',
        token,
        body: form({}, [['document', PDF, 'application/pdf']]),
      });
      expect(doc.status).toBe(200);
      expect(doc.body.meta_data.documents).toEqual([expect.objectContaining({ category: 'other', content_type: 'application/pdf' })]);

      await activateAsPaid(env.app, issued.id);
      env.app.clock.advance(10 * DAY); // past the policy's start (2026-12-01)
      const res = await env.app.request(`/api/v1/property/policies/${issued.id}/claims`, {
        method: 'POST',
        token,
        body: form({ requested_amount: '1500', description: 'Water leak in the kitchen.' }, [['supporting_document', PDF, 'application/pdf']]),
      });
      expect([res.status, res.body.details]).toEqual([201, undefined]);
      expect(res.body).toMatchObject({
        id: expect.any(Number),
        description: 'Water leak in the kitchen.',
        requested_amount: '1500.00',
        claim_status: 0,
        policy_id: issued.id,
        claim_type: 'other',
      });
      expect(res.body.incident_date).toBe(new Date(env.app.clock.now()).toISOString().slice(0, 10));
      expect(res.body.documents).toHaveLength(1);
      // every answer naming the claim says the amount the same way
      const base = `/api/v1/property/policies/${issued.id}/claims`;
      expect((await env.app.request(`${base}/${res.body.id}`, { token })).body.requested_amount).toBe('1500.00');
      expect((await env.app.request(base, { token })).body.data[0].requested_amount).toBe('1500.00');
    });

    it('a malformed short address is the documented 400', async () => {
      const res = await env.app.request('/api/v1/property/address-from-short?short_address=RRRC78', { token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: '40019', message: expect.stringMatching(/^Invalid short address/) });
    });
  });

  describe('horse', () => {
    const digestForm = (over: Record<string, string> = {}) =>
      form(
        {
          name: 'Desert Wind',
          proposer_name: 'Faisal Alharbi',
          owner_email: 'owner@example.com',
          owner_phone: '+966512345678',
          date_of_birth: '2019-03-01',
          sex: 'male',
          color: 'grey',
          breed: 'arabian',
          breed_name: 'Arabian',
          microchip_number: '682000000012345',
          purchased: 'yes',
          purchase_date: '2021-05-10',
          purchase_place: 'Riyadh',
          did_participate: 'no',
          participation_details: '',
          has_abortion: 'no',
          abortion_details: '',
          has_embryo_transfers: 'no',
          embryo_transfers_details: '',
          recipient_or_donor: 'none',
          use: 'racing',
          declaration: 'yes',
          ...over,
        },
        [['upload', PDF, 'application/pdf']],
      );

    it('POST /policies as the multipart form the real service documents', async () => {
      const res = await env.app.request('/api/v1/horse/policies', { method: 'POST', token, body: digestForm() });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        status: 0,
        payment_link: expect.stringContaining('/pay/'),
        horse: {
          name: 'Desert Wind',
          breed: 'Arabian',
          sex: 'male',
          use: 'racing',
          value: 50000,
          history: { purchased: true, purchase_place: 'Riyadh', did_participate: false },
        },
        owner: { name: 'Faisal Alharbi', email: 'owner@example.com', phone: '0512345678' },
      });
      expect(res.body.horse.document_url).toMatch(/\/files\/[0-9a-f-]{36}\.pdf$/);
      expect((await fetch(res.body.horse.document_url, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
      // a declared value prices the horse on it
      const valued = await env.app.request('/api/v1/horse/policies', { method: 'POST', token, body: digestForm({ value: '250000' }) });
      expect(valued.body.horse.value).toBe(250000);
      expect(valued.body.price).toBeGreaterThan(res.body.price);
    });

    it("names the form's own parts in a 422", async () => {
      const res = await env.app.request('/api/v1/horse/policies', {
        method: 'POST',
        token,
        body: digestForm({ proposer_name: '', owner_phone: '12', declaration: 'no', purchased: 'maybe' }),
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.details).sort()).toEqual(['declaration', 'owner_phone', 'proposer_name', 'purchased']);
      const stray = await env.app.request('/api/v1/horse/policies', { method: 'POST', token, body: digestForm({ favourite_food: 'dates' }) });
      expect(Object.keys(stray.body.details)).toEqual(['favourite_food']);
    });
  });

  describe('life', () => {
    it('a claim with event_date and claim_type=total_permanent_disability', async () => {
      const offer = (await env.app.request('/api/v1/life-snp/offers', { token, json: offerBody() })).body[0];
      const created = (await env.app.request('/api/v1/life-snp/policies', { token, json: lifePolicyBody(offer.offer_id) })).body;
      await payLink(created.payment_link);
      await eventually(
        async () => (await env.app.request(`/api/v1/life-snp/policies`, { token })).body.find((p: any) => p.id === created.id && p.status === 1) ?? null,
      );
      const day = new Date(env.app.clock.now().getTime() + 2 * DAY).toISOString().slice(0, 10);
      env.app.clock.advance(5 * DAY);
      const res = await env.app.request(`/api/v1/life-snp/policies/${created.id}/claims`, {
        method: 'POST',
        token,
        body: form(
          { claim_type: 'total_permanent_disability', event_date: day, requested_amount: '10000', description: 'Permanent disability after an accident.' },
          [['supporting_document', PDF, 'application/pdf']],
        ),
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        claim_id: res.body.id,
        claim_type: 'total_permanent_disability',
        incident_date: day,
        requested_amount: '10000.00',
        claim_status: 0,
        status: 'submitted',
      });
      // the name sent is the name kept, and it draws on the policy's disability benefit
      expect((await env.app.request(`/api/v1/life-snp/policies/${created.id}/claims/${res.body.id}`, { token })).body.claim_type).toBe(
        'total_permanent_disability',
      );
      const tooMuch = await env.app.request(`/api/v1/life-snp/policies/${created.id}/claims`, {
        method: 'POST',
        token,
        body: form({
          claim_type: 'total_permanent_disability',
          event_date: day,
          requested_amount: String(offer.benefits.disability + 1),
          description: 'More than the benefit.',
        }),
      });
      expect(tooMuch.status).toBe(422);
      expect(Object.keys(tooMuch.body.details)).toEqual(['requested_amount']);
      const both = await env.app.request(`/api/v1/life-snp/policies/${created.id}/claims`, {
        method: 'POST',
        token,
        body: form({ claim_type: 'death', event_date: day, incident_date: '2026-11-30', requested_amount: '10', description: 'x' }),
      });
      expect(Object.keys(both.body.details)).toContain('event_date');
    });
  });
});
