import { policyProduct } from '../policies/policy-product';
import { HorsePolicyActivator } from './activation/horse-policy.activator';
import { HorseClaimPolicies } from './claims/horse-claim-policies';

/** Horse insurance in the policy lifecycle core: paid and activated through its insurer, claims on its cover, counted on the dashboard. */
export const HORSE_POLICY_PRODUCT = policyProduct({
  family: 'horse',
  payments: HorsePolicyActivator,
  claims: HorseClaimPolicies,
  dashboard: { source: 'horse', table: 'horse_policies', issuedColumn: 'purchased_at' },
});
