import { submittedClaimExample } from '../../../policies/claims-intake/claim-example';
import { partnerClaimsController } from '../../../policies/claims-intake/partner-claims.controller';
import { HORSE_PRODUCTS } from '../horse-products';
import { HORSE_CLAIM_TYPES } from './horse-claim-policies';

const CLAIM_EXAMPLE = submittedClaimExample({
  id: 9,
  policy_id: 12,
  claim_type: 'vet_fees',
  incident_date: '2027-03-02',
  description: 'Colic surgery at the equine hospital.',
  requested_amount: '18000.00',
  document: 'pdf',
  submitted_at: '2027-03-05T08:12:00.000000Z',
});

export const HorseClaimsController = partnerClaimsController({
  name: 'HorseClaimsController',
  family: 'horse',
  claimTypes: HORSE_CLAIM_TYPES,
  tag: 'Horse',
  products: HORSE_PRODUCTS,
  paths: 'api/v1/horse/policies',
  policyParam: 'policyId',
  example: CLAIM_EXAMPLE,
  create: {
    summary: 'Submit a horse claim',
    rules:
      'The cover runs from the start date to the end date, or to before the cancellation day; `requested_amount` is at most the declared value for mortality and theft, 20 % of it for vet fees. Answers with `id` (and `claim_id`), like property claims.',
  },
  show: { summary: 'Show a horse claim', description: 'With its current `status` (and the integer `claim_status`) and `status_history`.' },
});
