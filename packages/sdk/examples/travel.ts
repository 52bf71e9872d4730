/**
 * Schengen travel, end to end against the sandbox: a quote for two travellers, bought, paid with the sandbox payment
 * tool, the policy shown active, and the client's active policies of the day listed.
 * Run: CLIENT_ID=... CLIENT_SECRET=... node dist/packages/sdk/examples/travel.js
 */
import { check, isoDate, randomDigits, sandboxClient } from './sandbox-env';

// The document does not describe these yet: the fields the example sends and reads, as docs/travel.md documents them.
interface QuoteRequest {
  nationality_id: string;
  phone_number: string;
  email: string;
  multi_entry: boolean;
  duration?: number;
  start_date: string;
  date_of_birth: string;
  travellers: Array<{
    nationality: string;
    full_name: string;
    passport_number: string;
    gender: 'm' | 'f';
    date_of_birth: string;
    relation: string;
    passport_expiry_date: string;
  }>;
}

async function main(): Promise<void> {
  const api = sandboxClient();
  const request: QuoteRequest = {
    nationality_id: '1000000006',
    phone_number: '+966501234567',
    email: 'sdk-example-travel@example.com',
    multi_entry: false,
    duration: 10,
    start_date: isoDate(14),
    date_of_birth: '1990-04-02',
    travellers: [
      {
        nationality: 'SA',
        full_name: 'Sara Alqahtani',
        passport_number: `G${randomDigits(8)}`,
        gender: 'f',
        date_of_birth: '1990-04-02',
        relation: 'self',
        passport_expiry_date: '2030-01-01',
      },
      {
        nationality: 'SA',
        full_name: 'Omar Alqahtani',
        passport_number: `G${randomDigits(8)}`,
        gender: 'm',
        date_of_birth: '2016-09-12',
        relation: 'son',
        passport_expiry_date: '2030-01-01',
      },
    ],
  };
  const quote = check('quote', await api.POST('/api/v1/yasmina-schengen-travel/quotes', { body: request }));

  const issued = check(
    'purchase',
    await api.POST('/api/v1/yasmina-schengen-travel/policies', {
      body: { quote_id: quote.quote_id, redirect_url: 'https://shop.example.com/travel/done?policy=policyID' },
    }),
  );
  if (issued.price !== quote.price) throw new Error(`bought at ${issued.price} SAR, quoted at ${quote.price} SAR`);
  check('sandbox payment', await api.POST('/api/v1/sandbox/payments/pay', { body: { payment_link: issued.payment_link, outcome: 'paid' } }));

  const policy = check(
    'show policy',
    await api.GET('/api/v1/yasmina-schengen-travel/policies/{travelPolicy}', { params: { path: { travelPolicy: issued.id } } }),
  );
  if (policy.status !== 1) throw new Error(`policy ${policy.id} is not active after payment (status ${policy.status})`);

  const listed = check('list policies', await api.GET('/api/v1/yasmina-schengen-travel/policies', { params: { query: { status: 1, date_from: isoDate(0) } } }));
  if (!listed.data.some((p) => p.id === policy.id)) throw new Error(`policy ${policy.id} is not among today's ${listed.total} active policies`);

  process.stdout.write(`travel: quote ${quote.quote_id}, policy ${policy.id} paid (${policy.price} SAR), insurer's number ${policy.provider_policy_id}\n`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
