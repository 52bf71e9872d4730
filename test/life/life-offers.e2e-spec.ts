import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';
import { control } from '../sandbox/sandbox-test-kit';
import { offerBody } from './life-kit';

describe('life savings and protection offers', () => {
  let env: MotorTestEnv;
  let token: string;
  const offers = (json: unknown, t = token) => env.app.request('/api/v1/life-snp/offers', { token: t, json });

  beforeAll(async () => {
    env = await startMotorEnv();
    token = (await env.app.partner(['life-snp'])).token;
  });
  afterAll(() => env.close());

  it('answers offers from several insurers with premium, benefits, projected savings and validity, deterministically', async () => {
    const res = await offers(offerBody());
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((o: any) => o.insurer).sort()).toEqual(['Lantern Mutual', 'Palm Grove Takaful', 'Summit Ridge Takaful']);
    const premiums = res.body.map((o: any) => o.premium);
    expect([...premiums].sort((a: number, b: number) => a - b)).toEqual(premiums);
    for (const o of res.body) {
      expect(o.offer_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(o.sum_assured).toBe(300000);
      expect(o.premium_frequency).toBe('monthly');
      expect(o.policy_term_years).toBe(20);
      expect(Math.round(o.premium * 100)).toBe(o.premium * 100);
      expect(o.annual_premium).toBeCloseTo(o.premium * 12, 2);
      expect(o.benefits.death).toBe(300000);
      expect(o.benefits.disability).toBe(300000);
      expect(o.benefits.critical_illness).toBeGreaterThan(0);
      expect(o.benefits.critical_illness).toBeLessThan(300000);
      expect(o.projected_savings.assumed_growth_rate_percent).toBeGreaterThan(0);
      expect(o.projected_savings.values.map((v: any) => v.year)).toEqual([5, 10, 15, 20]);
      expect(o.maturity_benefit).toBe(o.projected_savings.values[3].value);
      expect(Date.parse(o.valid_until)).toBeGreaterThan(env.app.clock.now().getTime());
      expect(o.valid_until).toMatch(/\+00:00$/);
    }
    // Summit Ridge, age 36: 300000 x (0.85/1000 x (1 + 0.09 x 18) x 1.5 + 0.6 / 20) / 12 = 833.5125 -> 833.51 (by hand from its stated rates)
    const summit = res.body.find((o: any) => o.insurer === 'Summit Ridge Takaful');
    expect(summit.premium).toBe(833.51);
    const again = await offers(offerBody());
    expect(again.body.map((o: any) => [o.insurer, o.premium, o.maturity_benefit])).toEqual(
      res.body.map((o: any) => [o.insurer, o.premium, o.maturity_benefit]),
    );
    const smoker = await offers(offerBody({ smoker: true }));
    for (const o of smoker.body) expect(o.premium).toBeGreaterThan(res.body.find((r: any) => r.insurer === o.insurer).premium);
  });

  it('prices a monthly contribution into the cover it buys', async () => {
    const res = await offers(offerBody({ sum_assured: undefined, monthly_contribution: 1000 }));
    expect(res.status).toBe(200);
    for (const o of res.body) {
      expect(o.sum_assured % 100).toBe(0);
      expect(o.premium).toBeLessThanOrEqual(1000);
      expect(o.premium).toBeGreaterThan(990);
    }
  });

  it('leaves out an insurer whose plan would mature past its age limit', async () => {
    // 50 years old + 20 years: Summit Ridge (65) declines, the others (70, 75) quote
    const res = await offers(offerBody({ date_of_birth: '1976-01-01' }));
    expect(res.body.map((o: any) => o.insurer).sort()).toEqual(['Lantern Mutual', 'Palm Grove Takaful']);
  });

  it.each([
    [{ applicant_id: '0123456789' }, 'applicant_id'],
    [{ applicant_id: '10123' }, 'applicant_id'],
    [{ date_of_birth: '1990-02-30' }, 'date_of_birth'],
    [{ date_of_birth: '2010-01-01' }, 'date_of_birth'],
    [{ date_of_birth: '1950-01-01' }, 'date_of_birth'],
    [{ gender: 'x' }, 'gender'],
    [{ smoker: 'no' }, 'smoker'],
    [{ policy_term_years: 4 }, 'policy_term_years'],
    [{ policy_term_years: 41 }, 'policy_term_years'],
    [{ policy_term_years: 10.5 }, 'policy_term_years'],
    [{ premium_frequency: 'weekly' }, 'premium_frequency'],
    [{ sum_assured: 9999 }, 'sum_assured'],
    [{ sum_assured: 20000.001 }, 'sum_assured'],
    [{ sum_assured: undefined }, 'sum_assured'],
    [{ monthly_contribution: 500 }, 'monthly_contribution'],
    [{ sum_assured: undefined, monthly_contribution: 49 }, 'monthly_contribution'],
    [{ height_cm: 99 }, 'height_cm'],
    [{ riders: { critical_illness: 'yes' } }, 'riders.critical_illness'],
  ])('refuses %j naming %s', async (over, field) => {
    const res = await offers(offerBody(over));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('42201');
    expect(Object.keys(res.body.details)).toContain(field);
  });

  it('leaves out an insurer that fails or breaks the contract, and answers 502 when none answers', async () => {
    await control(env.sandbox, 'palm', { fault: 'error' });
    await control(env.sandbox, 'summit', { fault: 'malformed' });
    try {
      const res = await offers(offerBody());
      expect(res.status).toBe(200);
      expect(res.body.map((o: any) => o.insurer)).toEqual(['Lantern Mutual']);
      await control(env.sandbox, 'lantern', { fault: 'error' });
      const none = await offers(offerBody());
      expect(none.status).toBe(502);
      expect(none.body.code).toBe('50201');
    } finally {
      for (const code of ['palm', 'summit', 'lantern']) await control(env.sandbox, code, { fault: 'none' });
    }
  });

  it('needs enrolment in life-snp', async () => {
    const motorOnly = await env.app.partner(['motor-tpl-comparison']);
    expect((await offers(offerBody(), motorOnly.token)).status).toBe(403);
  });
});
