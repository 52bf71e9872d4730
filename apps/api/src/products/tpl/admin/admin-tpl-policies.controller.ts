import { LIST_CONVENTION } from '../../../platform/admin/list/list-api.decorator';
import { adminPoliciesController } from '../../../policies/admin-policies.controller';
import { tplPolicyFilter, TplPoliciesReadSide } from './tpl-policies.read-side';
import { adminTplPolicyShape } from './admin-tpl-policy.response';

/** The console's TPL v2 policies: every client's, email and owner ids masked without read_pii; staff cancel with a reason, audited. */
export const AdminTplPoliciesController = adminPoliciesController({
  name: 'AdminTplPoliciesController',
  resource: 'tpl-policies',
  noun: 'TPL policy',
  readSide: TplPoliciesReadSide,
  sortable: ['id', 'created_at', 'status', 'price'],
  filter: tplPolicyFilter,
  shapes: { row: adminTplPolicyShape },
  list: {
    summary: 'List TPL v2 policies',
    description: `Every client's. Email and owner ids masked without read_pii. ${LIST_CONVENTION}`,
    filters: 'id, q (VIN, sequence number or policy id), status, client_id',
  },
  show: { summary: 'Show a TPL v2 policy', description: 'With its payments, and who cancelled it and why.' },
  cancel: {
    summary: 'Cancel a TPL v2 policy',
    description:
      'With a `reason` (for example the customer called with the transfer papers checked by hand); refunded pro rata as in the partner API. Only issued policies; a cancelled one is 400, a pending or on-hold one 409. Audited.',
    errors: [400, 404, 409, 422],
  },
});
