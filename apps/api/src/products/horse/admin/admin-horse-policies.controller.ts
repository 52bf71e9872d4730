import { LIST_CONVENTION } from '../../../platform/admin/list/list-api.decorator';
import { adminPoliciesController } from '../../../policies/admin-policies.controller';
import { horsePolicyFilter, HorsePoliciesReadSide } from './horse-policies.read-side';
import { adminHorsePolicyShape } from './admin-horse-policy.response';

/** The console's horse policies: every client's, personal data masked without read_pii; staff cancel with a reason, audited. */
export const AdminHorsePoliciesController = adminPoliciesController({
  name: 'AdminHorsePoliciesController',
  resource: 'horse-policies',
  noun: 'horse policy',
  readSide: HorsePoliciesReadSide,
  sortable: ['id', 'created_at', 'status'],
  filter: horsePolicyFilter,
  shapes: { row: adminHorsePolicyShape },
  list: {
    summary: 'List horse policies',
    description: `Every client's. The owner masked without read_pii. ${LIST_CONVENTION}`,
    filters: 'id, status, client_id',
  },
  show: { summary: 'Show a horse policy' },
  cancel: {
    summary: 'Cancel a horse policy',
    description: 'With a `reason`; refunded as in the partner API (15-day cooling-off, then pro rata). Audited. A cancelled policy is 400, an unpaid one 409.',
    errors: [400, 404, 409, 422],
  },
});
