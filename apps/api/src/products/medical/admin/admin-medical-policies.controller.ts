import { LIST_CONVENTION } from '../../../platform/admin/list/list-api.decorator';
import { adminPoliciesController } from '../../../policies/admin-policies.controller';
import { medicalPolicyFilter, MedicalPoliciesReadSide } from './medical-policies.read-side';
import { adminMedicalPolicyShape } from './admin-medical-policy.response';

/** The console's medical policies with their claims: read only. */
export const AdminMedicalPoliciesController = adminPoliciesController({
  name: 'AdminMedicalPoliciesController',
  resource: 'medical-policies',
  noun: 'medical policy',
  readSide: MedicalPoliciesReadSide,
  sortable: ['id', 'created_at', 'status', 'price'],
  filter: medicalPolicyFilter,
  shapes: { row: adminMedicalPolicyShape },
  list: {
    summary: 'List medical policies',
    description: `Every client's (withdrawn ones left out). ${LIST_CONVENTION}`,
    filters: 'id, status, company_id, client_id',
  },
  show: { summary: 'Show a medical policy', description: 'With its claims.' },
});
