import { submittedClaimExample } from '../../../policies/claims-intake/claim-example';
import { partnerClaimsController } from '../../../policies/claims-intake/partner-claims.controller';
import { LIFE_PRODUCTS } from '../life-products';
import { LIFE_CLAIM_TYPES } from './life-claim-policies';

const CLAIM_EXAMPLE = submittedClaimExample({
  id: 9,
  policy_id: 12,
  claim_type: 'critical_illness',
  incident_date: '2027-03-02',
  description: 'Diagnosed with a covered critical illness.',
  requested_amount: '120000.00',
  document: 'pdf',
  submitted_at: '2027-03-05T08:12:00.000000Z',
});

export const LifeClaimsController = partnerClaimsController({
  name: 'LifeClaimsController',
  family: 'life',
  claimTypes: LIFE_CLAIM_TYPES,
  tag: 'Life savings and protection',
  products: LIFE_PRODUCTS,
  paths: 'api/v1/life-snp/policies',
  policyParam: 'policyId',
  example: CLAIM_EXAMPLE,
  create: {
    summary: 'Submit a life claim',
    rules:
      "`total_permanent_disability` (the real service's name) and `disability` both claim the disability benefit; the claim answers the `claim_type` sent. The cover runs from the start date to the end date, or to before the cancellation day; `requested_amount` is at most the policy's benefit of that type. Answers with `id` (and `claim_id`), like property claims.",
  },
  show: { summary: 'Show a life claim', description: 'With its current `status` (and the integer `claim_status`) and `status_history`.' },
});
