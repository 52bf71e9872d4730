import { policyProduct } from '../policies/policy-product';
import { MotorPolicyActivator } from './activation/motor-policy.activator';

/** Motor price comparison in the policy lifecycle core: paid and activated through its insurer, counted on the dashboard. */
export const MOTOR_POLICY_PRODUCT = policyProduct({
  family: 'motor',
  payments: MotorPolicyActivator,
  dashboard: { source: 'motor-policies', table: 'motor_policies', issuedColumn: 'purchased_at' },
});
