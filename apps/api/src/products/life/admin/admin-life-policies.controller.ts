import { LIST_CONVENTION } from '../../../platform/admin/list/list-api.decorator';
import { adminPoliciesController } from '../../../policies/admin-policies.controller';
import { lifePolicyFilter, LifePoliciesReadSide } from './life-policies.read-side';
import { adminLifePolicyShape } from './admin-life-policy.response';

/** The console's life policies: every client's, personal data masked without read_pii; staff cancel with a reason, audited. */
export const AdminLifePoliciesController = adminPoliciesController({
  name: 'AdminLifePoliciesController',
  resource: 'life-policies',
  noun: 'life policy',
  readSide: LifePoliciesReadSide,
  sortable: ['id', 'created_at', 'status'],
  filter: lifePolicyFilter,
  shapes: { row: adminLifePolicyShape },
  list: {
    summary: 'List life policies',
    description: `Every client's. Applicant and beneficiaries masked without read_pii. ${LIST_CONVENTION}`,
    filters: 'id, status, client_id, insurer_code',
  },
  show: { summary: 'Show a life policy' },
  cancel: {
    summary: 'Cancel a life policy',
    description: 'With a `reason`; refunded as in the partner API (cooling-off, then pro rata). Audited. A cancelled policy is 400, an unpaid one 409.',
    errors: [400, 404, 409, 422],
  },
});
