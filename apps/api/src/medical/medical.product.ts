import { policyProduct } from '../policies/policy-product';
import { MedicalPolicyActivator } from './billing/medical-policy.activator';
import { MedicalClaimPolicies } from './claims/medical-claim-policies';

/** SME medical in the policy lifecycle core: paid and activated through its insurer, claims on its cover, counted on the dashboard. */
export const MEDICAL_POLICY_PRODUCT = policyProduct({
  family: 'medical',
  payments: MedicalPolicyActivator,
  claims: MedicalClaimPolicies,
  dashboard: { source: 'medical', table: 'medical_policies', issuedColumn: 'issued_at', excluded: 'deleted_at IS NOT NULL' },
});
