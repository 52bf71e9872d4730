import { LIST_CONVENTION } from '../../../platform/admin/list/list-api.decorator';
import { adminPoliciesController } from '../../../policies/admin-policies.controller';
import { propertyPolicyFilter, PropertyPoliciesReadSide } from './property-policies.read-side';
import { adminPropertyCancellationStatusShape, adminPropertyPolicyShape } from './admin-property-policy.response';

/** The console's property policies: every client's, personal data masked without read_pii; staff check the insurer's view and cancel, audited. */
export const AdminPropertyPoliciesController = adminPoliciesController({
  name: 'AdminPropertyPoliciesController',
  resource: 'property-policies',
  noun: 'property policy',
  readSide: PropertyPoliciesReadSide,
  sortable: ['id', 'created_at', 'status', 'price', 'start_date'],
  filter: propertyPolicyFilter,
  shapes: { row: adminPropertyPolicyShape, cancellationStatus: adminPropertyCancellationStatusShape },
  list: {
    summary: 'List property policies',
    description: `Every client's. Personal data masked without read_pii. ${LIST_CONVENTION}`,
    filters: 'id, q (email, nationality id or policy id), status, client_id, insurer_code, nationality_id, created_from, created_to',
  },
  show: { summary: 'Show a property policy', description: 'With its documents and payments.' },
  cancellationStatus: {
    summary: 'Check the cancellation status with the insurer, live',
    description: "As the partner API's cancellation-status; 502 when the insurer fails.",
    ok: '`{"status": "active"}`',
    errors: [404, 502],
  },
  cancel: {
    summary: 'Cancel a property policy',
    description: 'With a `reason`; cancelled with the insurer and refunded pro rata as in the partner API. Audited. A cancelled policy is 400.',
    errors: [400, 404, 422, 502],
  },
});
