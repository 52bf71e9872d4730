import { startSandbox, RunningSandbox } from '../sandbox/sandbox-test-kit';
import { ManualClock } from '../../libs/common/src';
import { startTestApp, TestApp, TestAppOptions } from './test-app';

export interface MotorTestEnv {
  app: TestApp;
  sandbox: RunningSandbox;
  close(): Promise<void>;
}

/** The API and a real sandbox insurer service on their own ports, sharing one manual clock. */
export async function startMotorEnv(options: TestAppOptions = {}): Promise<MotorTestEnv> {
  const clock = options.clock ?? new ManualClock('2026-11-22T09:00:00.000Z');
  const sandbox = await startSandbox({ clock });
  const app = await startTestApp({
    ...options,
    clock,
    env: { SANDBOX_URL: sandbox.baseUrl, MOTOR_INSURER_TIMEOUT_MS: '10000', MOTOR_QUOTE_DEADLINE_MS: '12000', ...options.env },
  });
  return {
    app,
    sandbox,
    close: async () => {
      await app.close();
      await sandbox.close();
    },
  };
}

export const OWNER = { owner_id: '1012345678', email: 'owner@example.com', phone: '0512345678', birthdate: '1405-03-10' };

/** Requests a quote OTP and reads it back from the sandbox SMS outbox. */
export async function quoteOtp(app: TestApp, token: string, who = OWNER): Promise<string> {
  const res = await app.request('/api/v1/car-comp/quote-otp', { token, json: { owner_id: who.owner_id, email: who.email, phone: who.phone } });
  if (res.status !== 204) throw new Error(`quote-otp answered ${res.status}: ${res.text}`);
  return latestCode(app, token, who.phone);
}

export async function latestCode(app: TestApp, token: string, phone: string): Promise<string> {
  const messages = await app.request(`/api/v1/sandbox/messages?phone=${phone}`, { token });
  const code = /\b(\d{4})\b/.exec(messages.body.data[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in ${messages.text}`);
  return code;
}

export function quoteBody(otp: string, over: Record<string, unknown> = {}) {
  return {
    otp,
    owner_id: OWNER.owner_id,
    email: OWNER.email,
    phone: OWNER.phone,
    birthdate: OWNER.birthdate,
    car_sequence_number: '123456789',
    car_estimated_cost: 80000,
    car_model_year: 2024,
    ...over,
  };
}
