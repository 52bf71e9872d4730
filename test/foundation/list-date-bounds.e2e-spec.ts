import { MotorTestEnv, startMotorEnv } from '../support/motor-kit';

/**
 * The partner lists filter by day in plain SQL: the calendar's first and last days a date filter accepts answer 200,
 * the days it refuses answer 422 naming the field, never 500 (the day after 9999-12-31 has no ISO text in JavaScript,
 * and PostgreSQL has no year 0).
 */
const LISTS: Array<[string, string, string]> = [
  ['/api/v1/car-comp/policies', 'date_from', 'date_to'],
  ['/api/v1/property/policies', 'created_from', 'created_to'],
  ['/api/v1/yasmina-schengen-travel/policies', 'date_from', 'date_to'],
  ['/api/v1/payments', 'date_from', 'date_to'],
];

describe('partner list date filters at the ends of the calendar', () => {
  let env: MotorTestEnv;
  let token: string;

  beforeAll(async () => {
    env = await startMotorEnv({ env: { TOKEN_TTL_SECONDS: '31536000' } });
    token = (await env.app.partner(['motor-comprehensive-comparison', 'property-multi', 'travel'])).token;
  });
  afterAll(() => env.close());

  it.each(LISTS)('%s answers the last and first days, and names a refused one', async (path, from, to) => {
    for (const query of [`${to}=9999-12-31`, `${from}=9999-12-31&${to}=9999-12-31`, `${from}=0100-01-01`, `${from}=0100-01-01&${to}=9999-12-31`]) {
      const res = await env.app.request(`${path}?${query}`, { token });
      expect([query, res.status]).toEqual([query, 200]);
      expect(res.body.total).toBe(0);
    }
    for (const [field, day] of [
      [from, '0000-01-01'],
      [to, '10000-01-01'],
      [to, '2026-02-29'],
    ]) {
      const res = await env.app.request(`${path}?${field}=${day}`, { token });
      expect([field, day, res.status]).toEqual([field, day, 422]);
      expect(Object.keys(res.body.details)).toContain(field);
    }
  });
});
