import { policyProduct } from '../policies/policy-product';
import { TplPolicyActivator } from './activation/tpl-policy.activator';
import { TplClaimPolicies } from './claims/tpl-claim-policies';

/** TPL motor v2 in the policy lifecycle core: paid and activated through its insurer, claims on its cover, counted on the dashboard. */
export const TPL_POLICY_PRODUCT = policyProduct({
  family: 'tpl',
  payments: TplPolicyActivator,
  claims: TplClaimPolicies,
  dashboard: { source: 'tpl', table: 'tpl_policies', issuedColumn: 'purchased_at' },
});
