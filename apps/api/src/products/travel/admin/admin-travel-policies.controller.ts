import { LIST_CONVENTION } from '../../../platform/admin/list/list-api.decorator';
import { adminPoliciesController } from '../../../policies/admin-policies.controller';
import { travelPolicyFilter, TravelPoliciesReadSide } from './travel-policies.read-side';
import { adminTravelPolicyShape } from './admin-travel-policy.response';

/** The console's travel policies: every client's; applicant and travellers masked without read_pii; operations cancel before the trip, audited. */
export const AdminTravelPoliciesController = adminPoliciesController({
  name: 'AdminTravelPoliciesController',
  resource: 'travel-policies',
  noun: 'travel policy',
  readSide: TravelPoliciesReadSide,
  sortable: ['created_at', 'id', 'start_date', 'status'],
  filter: travelPolicyFilter,
  shapes: { row: adminTravelPolicyShape },
  list: {
    summary: 'List travel policies',
    description: `Every client's. Applicant and travellers masked without read_pii. ${LIST_CONVENTION}`,
    filters: 'id, status, client_id',
  },
  show: { summary: 'Show a travel policy' },
  cancel: {
    summary: 'Cancel a travel policy',
    description:
      'Before the trip starts, with a `reason`; a paid policy is refunded in full through the card vendor, as in the partner API. Audited. Cancelled already: 400; trip started: 409.',
    errors: [400, 404, 409, 422, 502],
  },
});
