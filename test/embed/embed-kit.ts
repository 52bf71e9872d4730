import { MotorTestEnv, quoteBody } from '../support/motor-kit';
import type { StaffSession } from '../admin/admin-kit';

export const IBAN = 'SA0380000000608010167519';

/** Registers a site or app link for a client through the admin API (as the console does). */
export async function registerTarget(staff: StaffSession, clientId: string, kind: 'origin' | 'app', value: string) {
  const res = await staff.call(`/admin/api/clients/${clientId}/embed-targets`, { json: { kind, value } });
  if (res.status !== 201) throw new Error(`registering ${value} answered ${res.status}: ${res.text}`);
  return res.body;
}

/** Opens a session with the (reusable) quote OTP `otp`; `over` replaces or adds body fields. */
export function openSession(env: MotorTestEnv, token: string, otp: string, over: Record<string, unknown> = {}) {
  return env.app.request('/api/v1/car-comp/embed-sessions', {
    token,
    json: { ...quoteBody(otp), platform: 'web', parent_origin: 'https://shop.example.com', locale: 'en', ...over },
  });
}

/** The path of an embed URL (the app under test answers on its own address). */
export const pathOf = (embedUrl: string) => new URL(embedUrl).pathname;

/** The session data inlined in the page. */
export function inlineData(html: string): any {
  const m = /<script type="application\/json" id="embed-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no inline data in the page');
  return JSON.parse(m[1]);
}
