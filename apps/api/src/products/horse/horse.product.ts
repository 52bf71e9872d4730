import { policyProduct } from '../../policies/policy-product';
import { HorsePolicyTerm } from './policies/horse-policy-term';
import { HorsePolicyActivator } from './activation/horse-policy.activator';
import { HorseClaimPolicies } from './claims/horse-claim-policies';

/** Horse insurance in the policy lifecycle core: paid and activated through its insurer, expiring at its term's end, claims on its cover, counted on the dashboard, found by the console search. */
export const HORSE_POLICY_PRODUCT = policyProduct({
  family: 'horse',
  payments: HorsePolicyActivator,
  claims: HorseClaimPolicies,
  term: HorsePolicyTerm,
  renewals: { offers: 'notice', table: 'horse_policies', insured: (a) => `(${a}.horse->>'microchip_number')` },
  dashboard: { source: 'horse', table: 'horse_policies', issuedColumn: 'purchased_at' },
  portal: { premium: 'p.price', insurer: 'p.insurer_code', issuedAt: 'p.purchased_at', cover: { from: 'p.start_date', to: 'p.end_date' } },
  search: {
    resource: 'horse-policies',
    from: 'horse_policies p',
    policyNumber: 'p.provider_policy_id',
    holder: "p.owner->>'name'",
    holderId: "p.owner->>'id'",
    cover: { from: 'p.start_date', to: 'p.end_date' },
    references: ["p.horse->>'microchip_number'"],
    nationalIds: ["p.owner->>'id'"],
    phones: ["p.owner->>'phone'"],
    emails: ["p.owner->>'email'"],
    names: ["p.owner->>'name'"],
  },
});
