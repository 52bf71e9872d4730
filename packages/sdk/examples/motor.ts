/**
 * Motor, end to end against the sandbox: quote OTP, quotes from every insurer, a TPL offer issued, paid with the
 * sandbox payment tool, the policy shown, and the client's policies listed for that quote request.
 * Run: CLIENT_ID=... CLIENT_SECRET=... node dist/packages/sdk/examples/motor.js
 */
import { check, lastSmsCode, sandboxClient } from './sandbox-env';

const OWNER = { owner_id: '1000000001', email: 'sdk-example-1000000001@example.com', phone: '0512345670' };
const IBAN = 'SA0380000000608010167519';

async function main(): Promise<void> {
  const api = sandboxClient();

  check('quote OTP', await api.POST('/api/v1/car-comp/quote-otp', { body: OWNER }));
  const otp = await lastSmsCode(api, OWNER.phone);
  const quote = check(
    'quote request',
    await api.POST('/api/v1/car-comp/quote-requests', {
      body: { ...OWNER, otp, birthdate: '1405-03-10', car_sequence_number: '123456789', car_estimated_cost: 80000 },
    }),
  );
  const offer = quote.quotes.find((q) => q.type !== 'Comprehensive');
  if (!offer) throw new Error('no TPL offer among the sandbox insurers');
  const selection = { quote_request_id: quote.id, quote_reference_id: offer.quote_reference_id, quote_price_id: offer.prices[0].quote_price_id };

  check('issue OTP', await api.POST('/api/v1/car-comp/issue-otp', { body: { ...OWNER, iban: IBAN, ...selection } }));
  const issueCode = await lastSmsCode(api, OWNER.phone);
  const issued = check('issuance', await api.POST('/api/v1/car-comp/policies', { body: { otp: issueCode, ...selection } }));

  check('sandbox payment', await api.POST('/api/v1/sandbox/payments/pay', { body: { payment_link: issued.payment_link, outcome: 'paid' } }));
  const policy = check('show policy', await api.GET('/api/v1/car-comp/policies/{carPolicy}', { params: { path: { carPolicy: issued.id } } }));
  if (policy.status !== 1) throw new Error(`policy ${policy.id} is not active after payment (status ${policy.status})`);

  const listed = check('list policies', await api.GET('/api/v1/car-comp/policies', { params: { query: { quote_request_id: quote.id, status: 1 } } }));
  if (listed.total !== 1) throw new Error(`expected the one paid policy of quote request ${quote.id}, listed ${listed.total}`);

  process.stdout.write(`motor: quote request ${quote.id}, policy ${policy.id} paid, insurer's number ${policy.provider_policy_id}\n`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
