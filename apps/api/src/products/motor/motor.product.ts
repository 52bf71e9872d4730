import { policyProduct } from '../../policies/policy-product';
import { MotorPolicyTerm } from './issuance/motor-policy-term';
import { MotorPolicyActivator } from './activation/motor-policy.activator';
import { MotorSamplePolicyRepository } from './issuance/motor-sample-policy.repository';
import { MotorQuoteFunnelRepository } from './dashboard/motor-quote-funnel.repository';

/** Motor price comparison in the policy lifecycle core: paid and activated through its insurer, expiring at its term's end, counted on the dashboard, found by the console search. */
export const MOTOR_POLICY_PRODUCT = policyProduct({
  family: 'motor',
  payments: MotorPolicyActivator,
  webhookSample: MotorSamplePolicyRepository,
  term: MotorPolicyTerm,
  quoteFunnel: MotorQuoteFunnelRepository,
  renewals: { offers: 're_quote', table: 'motor_policies', insured: (a) => `COALESCE(${a}.car_sequence_number, ${a}.custom_number)` },
  dashboard: { source: 'motor-policies', table: 'motor_policies', issuedColumn: 'purchased_at' },
  portal: { premium: 'p.price', insurer: 'p.insurer_code', issuedAt: 'p.purchased_at', cover: { from: 'p.start_date', to: 'p.end_date' } },
  search: {
    resource: 'motor-policies',
    from: 'motor_policies p LEFT JOIN motor_customers c ON c.client_id = p.client_id AND c.owner_id = p.owner_id',
    policyNumber: 'p.provider_policy_id',
    holder: null,
    holderId: 'p.owner_id',
    references: ['p.car_sequence_number', 'p.custom_number'],
    nationalIds: ['p.owner_id'],
    phones: ['c.phone'],
    emails: ['c.email'],
    names: [],
  },
});
