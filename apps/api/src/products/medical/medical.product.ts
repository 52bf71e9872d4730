import { policyProduct } from '../../policies/policy-product';
import { MedicalPolicyTerm } from './policies/medical-policy-term';
import { MedicalPolicyActivator } from './billing/medical-policy.activator';
import { MedicalClaimPolicies } from './claims/medical-claim-policies';

/** SME medical in the policy lifecycle core: paid and activated through its insurer, expiring at its term's end, claims on its cover, counted on the dashboard, found by the console search. */
export const MEDICAL_POLICY_PRODUCT = policyProduct({
  family: 'medical',
  payments: MedicalPolicyActivator,
  claims: MedicalClaimPolicies,
  term: MedicalPolicyTerm,
  renewals: { offers: 'notice', table: 'medical_policies', insured: (a) => `${a}.company_id::text` },
  dashboard: { source: 'medical', table: 'medical_policies', issuedColumn: 'issued_at', excluded: 'deleted_at IS NOT NULL' },
  portal: {
    premium: 'p.price',
    insurer: 'p.insurance_provider',
    issuedAt: 'p.issued_at',
    cover: { from: "to_char(p.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')", to: 'p.end_date' },
  },
  search: {
    resource: 'medical-policies',
    from: 'medical_policies p JOIN medical_companies c ON c.id = p.company_id',
    policyNumber: 'p.provider_policy_id',
    holder: 'c.name',
    holderId: 'c.unified_national_number',
    cover: { from: "to_char(p.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')", to: "to_char((p.issued_at AT TIME ZONE 'UTC')::date + 364, 'YYYY-MM-DD')" },
    references: ['c.commercial_registration_number', 'c.unified_national_number'],
    nationalIds: [],
    phones: ['c.phone_number'],
    emails: ['c.email_address'],
    names: ['c.name', 'c.name_ar'],
    excluded: 'p.deleted_at IS NOT NULL',
  },
});
