import { policyProduct } from '../../policies/policy-product';
import { TravelPolicyTerm } from './policies/travel-policy-term';
import { TravelPolicyActivator } from './activation/travel-policy.activator';
import { TravelClaimPolicies } from './claims/travel-claim-policies';

/** Travel in the policy lifecycle core: paid and activated through its insurer, expiring at its term's end, claims on its cover, counted on the dashboard, found by the console search. */
export const TRAVEL_POLICY_PRODUCT = policyProduct({
  family: 'travel',
  payments: TravelPolicyActivator,
  claims: TravelClaimPolicies,
  term: TravelPolicyTerm,
  renewals: {
    offers: 'notice',
    table: 'travel_policies',
    insured: (a) => `(SELECT tq.nationality_id FROM travel_quotes tq WHERE tq.quote_id = ${a}.quote_id)`,
  },
  dashboard: { source: 'travel', table: 'travel_policies', issuedColumn: 'purchased_at' },
  portal: { premium: 'p.price', insurer: 'p.insurer_code', issuedAt: 'p.purchased_at', cover: { from: 'p.start_date', to: 'p.end_date' } },
  search: {
    resource: 'travel-policies',
    from: 'travel_policies p JOIN travel_quotes q ON q.quote_id = p.quote_id',
    policyNumber: 'p.provider_policy_id',
    holder: "q.travellers->0->>'full_name'",
    holderId: 'q.nationality_id',
    cover: { from: 'p.start_date', to: 'p.end_date' },
    references: ['p.quote_id'],
    nationalIds: ['q.nationality_id'],
    phones: ['q.phone_number'],
    emails: ['q.email'],
    names: ["q.travellers->0->>'full_name'"],
  },
});
