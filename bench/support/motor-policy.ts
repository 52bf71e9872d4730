import type { TestApp } from '../../test/support/test-app';
import { OWNER, quoteBody, quoteOtp, latestCode } from '../../test/support/motor-kit';

/** Issues a motor policy through the in-process sandbox API (quote, issue OTP, issue) and answers its id. */
export async function issuePolicy(app: TestApp, token: string): Promise<number> {
  const otp = await quoteOtp(app, token);
  const quote = (await app.request('/api/v1/car-comp/quote-requests', { token, json: quoteBody(otp) })).body;
  const offer = quote.quotes.find((q: any) => q.type !== 'Comprehensive');
  const sel = { quote_request_id: quote.id, quote_reference_id: offer.quote_reference_id, quote_price_id: offer.prices[0].quote_price_id };
  app.clock.advance(61_000);
  await app.request('/api/v1/car-comp/issue-otp', {
    token,
    json: { ...sel, owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone, iban: 'SA0380000000608010167519' },
  });
  const code = await latestCode(app, token, OWNER.phone);
  const policy = await app.request('/api/v1/car-comp/policies', { token, json: { otp: code, ...sel } });
  if (policy.status !== 201) throw new Error(`issue ${policy.status}: ${policy.text}`);
  return policy.body.id;
}
