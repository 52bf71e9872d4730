import { policyProduct } from '../policies/policy-product';
import { PropertyPolicyActivator } from './activation/property-policy.activator';
import { PropertyClaimPolicies } from './claims/property-claim-policies';
import { PROPERTY_PAYMENT_TYPE } from './policies/property-policy.repository';

/** Property in the policy lifecycle core: paid and activated through its insurer, claims on its cover, counted on the dashboard. */
export const PROPERTY_POLICY_PRODUCT = policyProduct({
  family: PROPERTY_PAYMENT_TYPE,
  payments: PropertyPolicyActivator,
  claims: PropertyClaimPolicies,
  dashboard: { source: 'property', table: 'property_policies', issuedColumn: 'activated_at' },
});
