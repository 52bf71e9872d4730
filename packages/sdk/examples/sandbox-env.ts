import { createInsuranceClient, type InsuranceClient } from '../src';

/** The client every example uses: `npm start` prints the sandbox client's credentials. */
export function sandboxClient(): InsuranceClient {
  const { API_URL = 'http://localhost:3000', CLIENT_ID, CLIENT_SECRET } = process.env;
  if (!CLIENT_ID || !CLIENT_SECRET) throw new Error('Set CLIENT_ID and CLIENT_SECRET (printed by `npm start`).');
  return createInsuranceClient({ baseUrl: API_URL, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
}

/** The code of the last SMS the sandbox "sent" to `phone` (the sandbox outbox; there is none in production). */
export async function lastSmsCode(api: InsuranceClient, phone: string): Promise<string> {
  const { data, error } = await api.GET('/api/v1/sandbox/messages', { params: { query: { phone } } });
  if (error) throw new Error(`sandbox messages: ${error.code} ${error.message}`);
  const code = /\b(\d{4})\b/.exec(data.data[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the last message to ${phone}`);
  return code;
}

/** Fails the example with the API's own error body. */
export function check<T>(what: string, result: { data?: T; error?: { code: string; message: string } }): T {
  if (result.error) throw new Error(`${what}: ${result.error.code} ${result.error.message}`);
  return result.data as T;
}

/** The calendar date `days` from today (UTC), as the API's dates are written: YYYY-MM-DD. */
export function isoDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A string of `length` random digits, for the ids the API holds unique (a company's numbers, a vehicle's). */
export function randomDigits(length: number): string {
  return Array.from({ length }, () => Math.floor(Math.random() * 10)).join('');
}
