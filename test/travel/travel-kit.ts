import type { MotorTestEnv } from '../support/motor-kit';

/** The digest's quote request, field for field (the trip starts a week after the tests' clock, 2026-11-22). */
export const traveller = (over: Record<string, unknown> = {}) => ({
  nationality: 'SA',
  full_name: 'Sara Alqahtani',
  passport_number: 'G12345678',
  gender: 'f',
  date_of_birth: '1990-04-02',
  relation: 'self',
  passport_expiry_date: '2030-01-01',
  ...over,
});

export const quoteBody = (over: Record<string, unknown> = {}) => ({
  nationality_id: '1012345678',
  phone_number: '+966501234567',
  email: 'sara@example.com',
  multi_entry: false,
  duration: 10,
  start_date: '2026-11-29',
  date_of_birth: '1990-04-02',
  travellers: [traveller()],
  ...over,
});

export const TRAVEL = '/api/v1/yasmina-schengen-travel';

export async function travelQuote(env: MotorTestEnv, token: string, over: Record<string, unknown> = {}) {
  const res = await env.app.request(`${TRAVEL}/quotes`, { token, json: quoteBody(over) });
  if (res.status !== 200) throw new Error(`quote ${res.status} ${res.text}`);
  return res.body;
}

export async function travelPolicy(env: MotorTestEnv, token: string, over: Record<string, unknown> = {}, redirectUrl?: string) {
  const quote = await travelQuote(env, token, over);
  const res = await env.app.request(`${TRAVEL}/policies`, { token, json: { quote_id: quote.quote_id, ...(redirectUrl ? { redirect_url: redirectUrl } : {}) } });
  if (res.status !== 200) throw new Error(`purchase ${res.status} ${res.text}`);
  return res.body;
}
