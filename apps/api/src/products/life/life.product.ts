import { policyProduct } from '../../policies/policy-product';
import { LifePolicyTerm } from './policies/life-policy-term';
import { LifePolicyActivator } from './activation/life-policy.activator';
import { LifeClaimPolicies } from './claims/life-claim-policies';

/** Life savings and protection in the policy lifecycle core: paid and activated through its insurer, expiring at its term's end, claims on its cover, counted on the dashboard, found by the console search. */
export const LIFE_POLICY_PRODUCT = policyProduct({
  family: 'life',
  payments: LifePolicyActivator,
  claims: LifeClaimPolicies,
  term: LifePolicyTerm,
  renewals: { offers: 'notice', table: 'life_policies', insured: (a) => `${a}.applicant_id` },
  dashboard: { source: 'life', table: 'life_policies', issuedColumn: 'purchased_at' },
  portal: { premium: 'p.premium', insurer: 'p.insurer_code', issuedAt: 'p.purchased_at', cover: { from: 'p.start_date', to: 'p.end_date' } },
  search: {
    resource: 'life-policies',
    from: 'life_policies p',
    policyNumber: 'p.provider_policy_id',
    holder: null,
    holderId: 'p.applicant_id',
    cover: { from: 'p.start_date', to: 'p.end_date' },
    nationalIds: ['p.applicant_id'],
    phones: [],
    emails: [],
    names: [],
  },
});
