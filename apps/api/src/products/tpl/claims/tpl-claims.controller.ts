import { submittedClaimExample } from '../../../policies/claims-intake/claim-example';
import { partnerClaimsController } from '../../../policies/claims-intake/partner-claims.controller';
import { TPL_PRODUCT } from '../tpl-provider.token';
import { TPL_CLAIM_FAMILY, TPL_CLAIM_TYPES } from './tpl-claim-policies';

const CLAIM_EXAMPLE = submittedClaimExample({
  id: 31,
  policy_id: 12,
  claim_type: 'third_party_vehicle_damage',
  incident_date: '2027-01-14',
  description: 'Rear-ended a car at a traffic light.',
  requested_amount: '6500.00',
  document: null,
  submitted_at: '2027-01-15T08:12:00.000000Z',
});

/** Car claims on TPL v2 policies, through the product-agnostic claims core (family `motor-tpl`). */
export const TplClaimsController = partnerClaimsController({
  name: 'TplClaimsController',
  family: TPL_CLAIM_FAMILY,
  claimTypes: TPL_CLAIM_TYPES,
  tag: 'TPL motor v2',
  products: [TPL_PRODUCT],
  paths: ['v2/car/policies', 'api/v2/car/policies'],
  policyParam: 'policy',
  example: CLAIM_EXAMPLE,
  create: {
    summary: 'Start a car claim on a TPL policy',
    rateLimit: 'POST /car/policies/{policy}/claims',
    rules:
      "The cover runs from the start date through the end date, or to before the cancellation day. Rate limit: 30 per minute (the spec's `/car/policies/{policy}/claims` row).",
  },
  list: { summary: 'List the claims of a TPL policy', description: 'Newest first, in the paginator envelope.' },
  show: { summary: 'Show a car claim', description: 'Rate limit: 120 per minute.', rateLimit: 'GET /car/policies/{policy}/claims/{claim}' },
});
