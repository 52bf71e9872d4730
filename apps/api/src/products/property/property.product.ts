import { policyProduct } from '../../policies/policy-product';
import { PropertyPolicyActivator } from './activation/property-policy.activator';
import { PropertyClaimPolicies } from './claims/property-claim-policies';
import { PROPERTY_PAYMENT_TYPE } from './policies/property-policy.repository';
import { PropertyPolicyTerm } from './policies/property-policy-term';

/** Property in the policy lifecycle core: paid and activated through its insurer, expiring at its term's end, claims on its cover, counted on the dashboard, found by the console search. */
export const PROPERTY_POLICY_PRODUCT = policyProduct({
  family: PROPERTY_PAYMENT_TYPE,
  payments: PropertyPolicyActivator,
  claims: PropertyClaimPolicies,
  term: PropertyPolicyTerm,
  // The same customer and building (national address); the offered next term is the row `renewal_of` this one.
  renewals: {
    offers: 'renewal_price',
    table: 'property_policies',
    insured: (a) =>
      `concat_ws('|', ${a}.nationality_id, ${a}.address->>'building_number', ${a}.address->>'additional_number', ${a}.address->>'zip_code', ${a}.address->>'unit_number')`,
    offer: {
      policyId: (a) => `SELECT r.id FROM property_policies r WHERE r.renewal_of = ${a}.id`,
      price: (a) => `SELECT r.price FROM property_policies r WHERE r.renewal_of = ${a}.id`,
      paid: (a) => `EXISTS (SELECT 1 FROM property_policies r WHERE r.renewal_of = ${a}.id AND r.status IN (1, 4))`,
    },
  },
  dashboard: { source: 'property', table: 'property_policies', issuedColumn: 'activated_at' },
  portal: {
    premium: 'p.price',
    insurer: 'p.insurer_code',
    issuedAt: 'p.activated_at',
    cover: { from: "to_char(p.start_date, 'YYYY-MM-DD')", to: "to_char(p.end_date, 'YYYY-MM-DD')" },
  },
  search: {
    resource: 'property-policies',
    from: 'property_policies p',
    policyNumber: 'p.provider_policy_id',
    holder: "p.personal_details->>'name'",
    holderId: 'p.nationality_id',
    cover: { from: "to_char(p.start_date, 'YYYY-MM-DD')", to: "to_char(p.end_date, 'YYYY-MM-DD')" },
    nationalIds: ['p.nationality_id'],
    phones: ["p.personal_details->>'phone_number'"],
    emails: ['p.email'],
    names: ["p.personal_details->>'name'", "p.personal_details->>'name_ar'"],
  },
});
