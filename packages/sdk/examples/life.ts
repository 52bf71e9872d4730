/**
 * Life savings and protection, end to end against the sandbox: offers from every life insurer, the cheapest bought
 * with two beneficiaries, its first instalment paid with the sandbox payment tool, and the policy found active among
 * the client's active policies (the product has no single-policy read: the list shows it).
 * Run: CLIENT_ID=... CLIENT_SECRET=... node dist/packages/sdk/examples/life.js
 */
import { check, sandboxClient } from './sandbox-env';

const APPLICANT = { applicant_id: '1000000003', date_of_birth: '1988-05-14', gender: 'male', smoker: false } as const;

async function main(): Promise<void> {
  const api = sandboxClient();

  const offers = check(
    'offers',
    await api.POST('/api/v1/life-snp/offers', {
      body: { ...APPLICANT, policy_term_years: 20, premium_frequency: 'monthly', sum_assured: 300000, riders: { critical_illness: true } },
    }),
  );
  const offer = [...offers].sort((a, b) => a.premium - b.premium)[0];
  if (!offer) throw new Error('no life offer from the sandbox insurers');

  const issued = check(
    'purchase',
    await api.POST('/api/v1/life-snp/policies', {
      body: {
        offer_id: offer.offer_id,
        applicant_id: APPLICANT.applicant_id,
        beneficiaries: [
          { name: 'Noura Alharbi', national_id: '1000000004', relationship: 'spouse', share_percentage: 60 },
          { name: 'Faisal Alharbi', national_id: '1000000005', relationship: 'child', share_percentage: 40 },
        ],
        iban: 'SA0380000000608010167519',
        consent: true,
      },
    }),
  );
  check('sandbox payment', await api.POST('/api/v1/sandbox/payments/pay', { body: { payment_link: issued.payment_link, outcome: 'paid' } }));

  const active = check('list policies', await api.GET('/api/v1/life-snp/policies', { params: { query: { status: 1 } } }));
  const policy = active.find((p) => p.id === issued.id);
  if (!policy) throw new Error(`policy ${issued.id} is not among the active policies after payment`);

  process.stdout.write(
    `life: offer of ${offer.insurer} bought, policy ${policy.id} active (${policy.premium_amount} SAR ${policy.premium_frequency}), insurer's number ${policy.provider_policy_id}\n`,
  );
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
