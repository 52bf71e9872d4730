/**
 * Property, end to end against the sandbox: the address from its short form, prices from every insurer, a policy
 * issued with the issuing insurer, paid with the sandbox payment tool, shown active, and listed by status and id.
 * Every answer here is typed by the document (PropertyShortAddress, PropertyPrices, PropertyPolicy, PropertyPolicyPage).
 * Run: CLIENT_ID=... CLIENT_SECRET=... node dist/packages/sdk/examples/property.js
 */
import { check, isoDate, randomDigits, sandboxClient } from './sandbox-env';

/** The insurer that issues property policies (`PROPERTY_ISSUANCE_PROVIDERS`, `dune` by default). */
const ISSUER = 'dune';
const IBAN = 'SA0380000000608010167519';

async function main(): Promise<void> {
  const api = sandboxClient();
  const nationalityId = `1${randomDigits(9)}`;

  const address = check('address lookup', await api.GET('/api/v1/property/address-from-short', { params: { query: { short_address: 'RRRC7866' } } }));
  const building = { building_type: 'villa', building_age: 6, apartment_size: 420 } as const;
  const costs = { property_cost: 850000, contents_cost: 120000 };
  const prices = check('prices', await api.GET('/api/v1/property/prices', { params: { query: { ...building, ...costs, city_name: address.city_name } } }));
  const offer = prices[ISSUER];
  if (!offer?.issuable) throw new Error(`${ISSUER} gave no issuable price (answered: ${Object.keys(prices).join(', ')})`);

  const issued = check(
    'issuance',
    await api.POST('/api/v1/property/policies', {
      body: {
        insurance_provider: ISSUER,
        personal_details: {
          name: 'Sara Alqahtani',
          name_ar: 'سارة القحطاني',
          gender: 'F',
          email: 'sdk-example-property@example.com',
          phone_number: '+966501234567',
          birthdate: '1990-04-02',
          nationality: 'SA',
          nationality_id: nationalityId,
        },
        building_details: building,
        // The lookup has no unit number: the customer gives it.
        address: { ...address, unit_number: '3' },
        ...costs,
        iban: IBAN,
        start_date: isoDate(2),
        has_agreed_to_terms_and_conditions: true,
        redirect_url: 'https://shop.example.com/property/done?policy=policyID',
      },
    }),
  );
  if (issued.price !== offer.price) throw new Error(`issued at ${issued.price} SAR, priced at ${offer.price} SAR for the same details`);
  if (!issued.payment_link) throw new Error(`policy ${issued.id} has no payment link`);

  check('sandbox payment', await api.POST('/api/v1/sandbox/payments/pay', { body: { payment_link: issued.payment_link, outcome: 'paid' } }));
  const policy = check('show policy', await api.GET('/api/v1/property/policies/{propertyPolicy}', { params: { path: { propertyPolicy: issued.id } } }));
  if (policy.status !== 1) throw new Error(`policy ${policy.id} is not active after payment (status ${policy.status})`);

  const listed = check('list policies', await api.GET('/api/v1/property/policies', { params: { query: { nationality_id: nationalityId, status: 1 } } }));
  if (listed.total !== 1 || listed.data[0]?.id !== policy.id)
    throw new Error(`expected policy ${policy.id} alone among the active policies of ${nationalityId}, listed ${listed.total}`);

  process.stdout.write(`property: policy ${policy.id} paid (${policy.price} SAR), insurer's number ${policy.provider_policy_id}\n`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
