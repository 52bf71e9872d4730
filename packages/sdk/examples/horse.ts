/**
 * Horse, end to end against the sandbox: a policy priced and issued from the real service's multipart form (the
 * document types that form), paid with the sandbox payment tool, shown active, and its payment found among the
 * client's paid payments of the day (the product has no policy list).
 * Run: CLIENT_ID=... CLIENT_SECRET=... node dist/packages/sdk/examples/horse.js
 */
import { check, isoDate, randomDigits, sandboxClient } from './sandbox-env';

/** The typed form, sent as multipart/form-data: each field one part. */
function asForm(body: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) if (value !== undefined) form.append(name, String(value));
  return form;
}

async function main(): Promise<void> {
  const api = sandboxClient();

  const issued = check(
    'issuance',
    await api.POST('/api/v1/horse/policies', {
      body: {
        name: 'Desert Wind',
        breed: 'Arabian',
        date_of_birth: '2017-03-02',
        sex: 'female',
        use: 'endurance',
        microchip_number: randomDigits(15),
        value: '120000',
        purchased: 'no',
        did_participate: 'yes',
        participation_details: 'Endurance rides of 80 km, 2024 and 2025.',
        proposer_name: 'Sara Alqahtani',
        owner_email: 'sdk-example-horse@example.com',
        owner_phone: '0512345678',
        declaration: 'yes',
      },
      bodySerializer: asForm,
    }),
  );
  check('sandbox payment', await api.POST('/api/v1/sandbox/payments/pay', { body: { payment_link: issued.payment_link, outcome: 'paid' } }));

  const policy = check('show policy', await api.GET('/api/v1/horse/policies/{horsePolicy}', { params: { path: { horsePolicy: issued.id } } }));
  if (policy.status !== 1) throw new Error(`policy ${policy.id} is not active after payment (status ${policy.status})`);

  const paid = check('list payments', await api.GET('/api/v1/payments', { params: { query: { status: 'paid', date_from: isoDate(0), per_page: 100 } } }));
  const payment = paid.data.find((p) => p.policy_type === 'horse' && p.policy_id === policy.id);
  if (!payment) throw new Error(`no paid payment of horse policy ${policy.id} listed today`);

  process.stdout.write(`horse: policy ${policy.id} paid (${payment.amount} SAR, payment ${payment.id}), insurer's number ${policy.provider_policy_id}\n`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
