import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { APPLICANT, eventually, payLink } from '../life/life-kit';

/** Life S&P requests exactly as the real service's reference writes them (shared/reference/real-service-digest.md). */
describe('life, as the real service documents it', () => {
  let env: MotorTestEnv;
  let token: string;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await env.app.partner(['life-snp'])).token;
  });
  afterAll(() => env.close());

  // The digest's example, with an applicant id our id rule accepts (its "0123456789" is a placeholder).
  const digestOffer = {
    applicant_id: APPLICANT,
    date_of_birth: '1990-06-15',
    gender: 'male',
    smoker: false,
    policy_term_years: 20,
    premium_frequency: 'monthly',
    target_premium: 250,
    riders: { critical_illness: true, waiver_of_premium: true },
    distribution_channel: 'bank',
  };
  const offers = (body: object) => env.app.request('/api/v1/life-snp/offers', { token, json: body });

  it('POST /offers with target_premium, riders and distribution_channel', async () => {
    const res = await offers(digestOffer);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const o of res.body) {
      expect(o).toMatchObject({
        offer_id: expect.any(String),
        insurer: expect.any(String),
        sum_assured: expect.any(Number),
        premium: expect.any(Number),
        premium_frequency: 'monthly',
        policy_term_years: 20,
        maturity_benefit: expect.any(Number),
        notes: expect.any(String),
      });
      expect(o.riders_included).toEqual(['critical_illness', 'waiver_of_premium']);
      expect(o.benefits.disability).toBe(0);
      // a 250 SAR monthly budget buys the cover it can pay for: the premium is at most the budget
      expect(o.premium).toBeLessThanOrEqual(250);
      expect(o.premium).toBeGreaterThan(200);
      expect(o.applicant_details).toEqual({ distribution_channel: 'bank' });
    }
    // a quarterly target premium is per instalment: about three months' budget
    const quarterly = (await offers({ ...digestOffer, premium_frequency: 'quarterly', target_premium: 750 })).body;
    expect(quarterly[0].premium).toBeLessThanOrEqual(750);
    expect(quarterly[0].premium).toBeGreaterThan(600);
  });

  it('takes the applicant fields the reference lists, and refuses two budgets', async () => {
    const res = await offers({
      ...digestOffer,
      height_cm: 178,
      weight_kg: 82,
      occupation_class: 1,
      annual_income_sar: 240000,
      extra_fields: { branch: 'Olaya' },
    });
    expect(res.status).toBe(200);
    expect(res.body[0].applicant_details).toEqual({
      height_cm: 178,
      weight_kg: 82,
      occupation_class: 1,
      annual_income_sar: 240000,
      distribution_channel: 'bank',
      extra_fields: { branch: 'Olaya' },
    });
    const both = await offers({ ...digestOffer, sum_assured: 300000 });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.details)).toEqual(['target_premium']);
    expect(Object.keys((await offers({ ...digestOffer, riders: { flying_lessons: true } })).body.details)).toEqual(['riders.flying_lessons']);
  });

  it("POST /policies with the reference's required fields (no iban), the start date honoured", async () => {
    const offer = (await offers(digestOffer)).body[0];
    const start = '2026-12-10';
    const body = {
      offer_id: offer.offer_id,
      applicant_id: APPLICANT,
      date_of_birth: '1990-06-15',
      gender: 'male',
      smoker: false,
      policy_term_years: 20,
      premium_frequency: 'monthly',
      agreed_premium: offer.premium,
      start_date: start,
      beneficiaries: [{ name: 'Sara Ahmed', national_id: '1098765432', relationship: 'spouse', share_percentage: 100 }],
      consent: true,
    };
    const wrong = await env.app.request('/api/v1/life-snp/policies', { token, json: { ...body, agreed_premium: offer.premium + 1, smoker: true } });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.details).sort()).toEqual(['agreed_premium', 'smoker']);
    const res = await env.app.request('/api/v1/life-snp/policies', { token, json: body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 0, iban_masked: null, requested_start_date: start, premium_amount: offer.premium });
    await payLink(res.body.payment_link);
    const active = await eventually(async () =>
      (await env.app.request('/api/v1/life-snp/policies', { token })).body.find((p: any) => p.id === res.body.id && p.status === 1),
    );
    expect(active).toMatchObject({ start_date: start, end_date: '2046-12-09' });
  });
});
