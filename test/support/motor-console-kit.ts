import { http } from '../sandbox/sandbox-test-kit';
import { latestCode, MotorTestEnv, OWNER, quoteBody, quoteOtp } from './motor-kit';
import type { TestApp } from './test-app';

export const IBAN = 'SA0380000000608010167519';
export const INSURERS = ['caravan', 'compass', 'dune', 'lantern', 'naseem', 'oryx', 'palm', 'pearl', 'summit'];
/** Every insurer declines this vehicle (too old and above every value cap). */
export const DECLINED_VEHICLE = { car_model_year: 1960, car_estimated_cost: 9_000_000 };

export type Who = typeof OWNER;

/** Sets sandbox faults for this call only: `{ dune: 'timeout', palm: 'error' }`, then resets them. */
export async function withFaults<T>(env: MotorTestEnv, faults: Record<string, 'timeout' | 'error'>, work: () => Promise<T>): Promise<T> {
  for (const [code, fault] of Object.entries(faults)) await http('PUT', `${env.sandbox.baseUrl}/__control/insurers/${code}`, { fault });
  try {
    return await work();
  } finally {
    await http('POST', `${env.sandbox.baseUrl}/__control/reset`);
  }
}

/** A quote request through the partner API (a fresh quote OTP each time, so the clock may move between calls). */
export async function requestQuote(app: TestApp, token: string, who: Who = OWNER, over: Record<string, unknown> = {}): Promise<any> {
  app.clock.advance(61_000); // one quote code a minute per customer; also orders the requests in time
  const otp = await quoteOtp(app, token, who);
  const res = await app.request('/api/v1/car-comp/quote-requests', {
    token,
    json: quoteBody(otp, { owner_id: who.owner_id, email: who.email, phone: who.phone, birthdate: who.birthdate, ...over }),
  });
  if (res.status !== 201) throw new Error(`quote request answered ${res.status}: ${res.text}`);
  return res.body;
}

/** Issues a (pending) policy on the first price of a TPL offer of `quote` through the partner API. */
export async function issueTplPolicy(app: TestApp, token: string, quote: any, skip = 0, who: Who = OWNER): Promise<any> {
  const offer = quote.quotes.filter((q: any) => q.type !== 'Comprehensive')[skip];
  const selection = { quote_request_id: quote.id, quote_reference_id: offer.quote_reference_id, quote_price_id: offer.prices[0].quote_price_id };
  app.clock.advance(61_000); // one issue code a minute per customer
  const otpRes = await app.request('/api/v1/car-comp/issue-otp', {
    token,
    json: { owner_id: who.owner_id, email: who.email, phone: who.phone, iban: IBAN, ...selection },
  });
  if (otpRes.status !== 204) throw new Error(`issue-otp answered ${otpRes.status}: ${otpRes.text}`);
  const otp = await latestCode(app, token, who.phone);
  const res = await app.request('/api/v1/car-comp/policies', { token, json: { otp, ...selection } });
  if (res.status !== 201) throw new Error(`issue answered ${res.status}: ${res.text}`);
  return { ...res.body, offer };
}

/**
 * A request every insurer failed. The partner API never stores one (it answers 502 and stores nothing),
 * so the console's `failed` status can only be shown with a request written directly, as older data or
 * another channel would have it.
 */
export async function storeFailedRequest(
  app: TestApp,
  clientId: string,
  outcomes: Array<{ insurerCode: string; outcome: 'timeout' | 'error'; latencyMs: number }>,
) {
  const now = app.clock.now();
  return app.db.prisma.motorQuoteRequest.create({
    data: {
      clientId,
      ownerId: OWNER.owner_id,
      email: OWNER.email,
      phone: OWNER.phone,
      birthdate: OWNER.birthdate,
      carSequenceNumber: '123456789',
      isOwnershipTransfer: false,
      currentCarOwnerId: OWNER.owner_id,
      carEstimatedCost: '80000.00',
      carModelYear: 2024,
      locale: 'en',
      createdAt: now,
      updatedAt: now,
      outcomes: { create: outcomes.map((o) => ({ ...o, offerCount: 0, detail: o.outcome === 'timeout' ? 'no answer within 1500 ms' : 'HTTP 500' })) },
    },
  });
}

/** percentile_cont: linear interpolation between the closest ranks, as PostgreSQL computes it. */
export function percentileCont(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const pos = p * (s.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return Math.round(s[lo] + (s[hi] - s[lo]) * (pos - lo));
}
