import { policyProduct } from '../policies/policy-product';
import { TravelPolicyActivator } from './activation/travel-policy.activator';
import { TravelClaimPolicies } from './claims/travel-claim-policies';

/** Travel in the policy lifecycle core: paid and activated through its insurer, claims on its cover, counted on the dashboard. */
export const TRAVEL_POLICY_PRODUCT = policyProduct({
  family: 'travel',
  payments: TravelPolicyActivator,
  claims: TravelClaimPolicies,
  dashboard: { source: 'travel', table: 'travel_policies', issuedColumn: 'purchased_at' },
});
