import { latestCode, MotorTestEnv, OWNER, quoteBody, quoteOtp } from '../support/motor-kit';

export const IBAN = 'SA0380000000608010167519';
export const CARDS = { success: '4111111111111111', declined: '4000000000000002', vendorError: '4000000000000119' };

export interface IssuedPolicy {
  policy: any;
  token: string;
  quote: any;
}

/** Quote, issue OTP and issue a motor TPL policy: a pending policy with its payment link. */
export async function issueMotorPolicy(env: MotorTestEnv, token: string, quote: any, used: Set<string>, extra: Record<string, unknown> = {}) {
  const now = env.app.clock.now().getTime() + 120_000;
  const offer = quote.quotes.find((q: any) => q.type !== 'Comprehensive' && !used.has(q.prices[0].quote_price_id) && Date.parse(q.quote_expiry_date) > now);
  if (!offer) throw new Error('no TPL offer left');
  used.add(offer.prices[0].quote_price_id);
  const sel = { quote_request_id: quote.id, quote_reference_id: offer.quote_reference_id, quote_price_id: offer.prices[0].quote_price_id };
  env.app.clock.advance(61_000);
  const otpRes = await env.app.request('/api/v1/car-comp/issue-otp', {
    token,
    json: { ...sel, owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone, iban: IBAN },
  });
  if (otpRes.status !== 204) throw new Error(`issue-otp ${otpRes.status} ${otpRes.text}`);
  const otp = await latestCode(env.app, token, OWNER.phone);
  const res = await env.app.request('/api/v1/car-comp/policies', { token, json: { otp, ...sel, ...extra } });
  if (res.status !== 201) throw new Error(`issue ${res.status} ${res.text}`);
  return { policy: res.body, offer };
}

export async function motorQuote(env: MotorTestEnv, token: string) {
  const otp = await quoteOtp(env.app, token);
  return (await env.app.request('/api/v1/car-comp/quote-requests', { token, json: quoteBody(otp) })).body;
}

export interface RawResponse {
  status: number;
  location: string | null;
  text: string;
  headers: Headers;
}

/** A browser-like request that does not follow redirects. */
export async function browse(
  url: string,
  init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const res = await fetch(url, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    redirect: 'manual',
    headers: { Accept: 'text/html', ...(init.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}), ...(init.headers ?? {}) },
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text(), headers: res.headers };
}

/**
 * The customer's path through the payment link: start the checkout on our page, type the card on the
 * vendor's page, and come back. Returns every hop so tests can look at each.
 */
export async function payWithCard(paymentLink: string, card: string, lang = 'en') {
  const checkout = await browse(`${paymentLink}/checkout`, { form: { lang } });
  if (checkout.status !== 303 || !checkout.location) throw new Error(`checkout answered ${checkout.status}: ${checkout.text.slice(0, 300)}`);
  const form = await browse(checkout.location);
  const submitted = await browse(checkout.location, { form: { card_number: card, expiry: '12/30', cvc: '123', name: 'Test Customer' } });
  return { checkout, form, submitted, vendorPaymentId: new URL(checkout.location).pathname.split('/').pop()! };
}
