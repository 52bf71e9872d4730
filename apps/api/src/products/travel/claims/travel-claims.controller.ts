import { submittedClaimExample } from '../../../policies/claims-intake/claim-example';
import { partnerClaimsController } from '../../../policies/claims-intake/partner-claims.controller';
import { TRAVEL_BASE, TRAVEL_CLAIM_TYPES, TRAVEL_PRODUCTS } from '../travel-products';

const CLAIM_EXAMPLE = submittedClaimExample({
  id: 14,
  policy_id: 7,
  claim_type: 'lost_baggage',
  incident_date: '2027-03-01',
  description: 'Checked suitcase not delivered at Munich; airline property irregularity report attached.',
  requested_amount: '1800.00',
  document: 'pdf',
  submitted_at: '2027-03-02T08:12:00.000000Z',
});

export const TravelClaimsController = partnerClaimsController({
  name: 'TravelClaimsController',
  family: 'travel',
  claimTypes: TRAVEL_CLAIM_TYPES,
  tag: 'Travel',
  products: TRAVEL_PRODUCTS,
  paths: `${TRAVEL_BASE}/policies`,
  policyParam: 'policyId',
  example: CLAIM_EXAMPLE,
  create: {
    summary: 'Submit a travel claim',
    rules:
      'The cover runs on the days of the trip, from `start_date` to `end_date`, on a paid policy. `requested_amount` is at most 120,000 SAR for a medical emergency, ' +
      '1,000 for a trip delay and 2,500 for lost baggage. Name the traveller concerned in `description`.',
  },
  list: {
    summary: "List a travel policy's claims",
    description: 'Newest first, in the paginator envelope.',
  },
  show: { summary: 'Show a travel claim', description: 'With its current `status` (and the integer `claim_status`) and `status_history`.' },
});
