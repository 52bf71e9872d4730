import { LIST_CONVENTION } from '../../../platform/admin/list/list-api.decorator';
import { adminPoliciesController } from '../../../policies/admin-policies.controller';
import { motorPolicyFilter, MotorPoliciesReadSide } from './motor-policies.read-side';
import { adminMotorPolicyDetailShape, adminMotorPolicyShape } from './motor-admin.response';

/** The console's motor policies of every client with their payments: read only, not audited. */
export const AdminMotorPoliciesController = adminPoliciesController({
  name: 'AdminMotorPoliciesController',
  resource: 'motor-policies',
  noun: 'motor policy',
  readSide: MotorPoliciesReadSide,
  sortable: ['created_at', 'id', 'price', 'status', 'insurer_code'],
  filter: motorPolicyFilter,
  shapes: { row: adminMotorPolicyShape, detail: adminMotorPolicyDetailShape },
  list: {
    summary: 'List motor policies',
    description: `Every client's motor policies; \`status\` is pending, issued or expired. Owner ids and IBAN are masked for roles without read_pii. created_from/created_to are UTC dates, both inclusive. ${LIST_CONVENTION}`,
    filters: 'id, status (pending, issued, expired), insurer_code, client_id, quote_request_id, created_from, created_to (YYYY-MM-DD)',
    errors: [422],
  },
  show: {
    summary: 'Show a motor policy',
    description: 'The policy, its quote request id and its payment rows (status, amount, expiry). Amounts are decimal strings.',
    ok: 'The policy with its payments.',
    errors: [404, 422],
  },
});
