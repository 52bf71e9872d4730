import { policyProduct } from '../../policies/policy-product';
import { TplPolicyTerm } from './tpl-policy-term';
import { TplPolicyActivator } from './activation/tpl-policy.activator';
import { TplClaimPolicies } from './claims/tpl-claim-policies';

/** TPL motor v2 in the policy lifecycle core: paid and activated through its insurer, expiring at its term's end, claims on its cover, counted on the dashboard, found by the console search. */
export const TPL_POLICY_PRODUCT = policyProduct({
  family: 'tpl',
  payments: TplPolicyActivator,
  claims: TplClaimPolicies,
  term: TplPolicyTerm,
  renewals: { offers: 'notice', table: 'tpl_policies', insured: (a) => `${a}.vin` },
  dashboard: { source: 'tpl', table: 'tpl_policies', issuedColumn: 'purchased_at' },
  portal: { premium: 'p.price', insurer: 'p.insurer_code', issuedAt: 'p.purchased_at', cover: { from: 'p.start_date', to: 'p.end_date' } },
  search: {
    resource: 'tpl-policies',
    from: 'tpl_policies p',
    policyNumber: 'p.provider_policy_id',
    holder: null,
    holderId: 'p.new_owner_id',
    cover: { from: 'p.start_date', to: 'p.end_date' },
    references: ['p.vin', 'p.car_sequence_number'],
    nationalIds: ['p.current_car_owner', 'p.new_owner_id'],
    phones: [],
    emails: ['p.email'],
    names: [],
  },
});
