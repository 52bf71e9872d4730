import { submittedClaimExample } from '../../../policies/claims-intake/claim-example';
import { partnerClaimsController } from '../../../policies/claims-intake/partner-claims.controller';
import { MEDICAL_API, MEDICAL_PRODUCT } from '../medical-products';
import { MEDICAL_CLAIM_TYPES } from './medical-claim-policies';

const CLAIM_EXAMPLE = submittedClaimExample({
  id: 31,
  policy_id: 655,
  claim_type: 'outpatient',
  incident_date: '2027-01-14',
  description: 'Outpatient visit and tests for the employee Sara Al-Harbi (1012345678).',
  requested_amount: '850.00',
  document: 'photo',
  submitted_at: '2027-01-15T08:12:00.000000Z',
});

export const MedicalClaimsController = partnerClaimsController({
  name: 'MedicalClaimsController',
  family: 'medical',
  claimTypes: MEDICAL_CLAIM_TYPES,
  tag: 'SME medical',
  products: [MEDICAL_PRODUCT],
  paths: `${MEDICAL_API}/policies`,
  policyParam: 'policyId',
  example: CLAIM_EXAMPLE,
  create: {
    summary: 'Start a claim',
    rateLimit: 'POST /medical/policies/{policy}/claims',
    rules:
      'The cover runs a year from the day the policy was paid and issued, ending early on the cancellation day. Name the insured member (employee or dependent, with their id) in `description`. Rate limit: 30 per minute.',
  },
  list: { summary: 'List the claims of a medical policy', description: 'Newest first, in the paginator envelope.' },
  show: { summary: 'Show a medical claim', description: 'Rate limit: 120 per minute.', rateLimit: 'GET /medical/policies/{policy}/claims/{claim}' },
});
