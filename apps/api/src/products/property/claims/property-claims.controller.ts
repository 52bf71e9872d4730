import { submittedClaimExample } from '../../../policies/claims-intake/claim-example';
import { partnerClaimsController } from '../../../policies/claims-intake/partner-claims.controller';
import { PROPERTY_PRODUCTS } from '../property-products';
import { PROPERTY_CLAIM_TYPES } from './property-claim-policies';

const CLAIM_EXAMPLE = submittedClaimExample({
  id: 31,
  policy_id: 655,
  claim_type: 'water_damage',
  incident_date: '2027-01-14',
  description: 'A burst pipe flooded the kitchen.',
  requested_amount: '4200.00',
  document: 'photo',
  submitted_at: '2027-01-15T08:12:00.000000Z',
});

export const PropertyClaimsController = partnerClaimsController({
  name: 'PropertyClaimsController',
  family: 'property',
  claimTypes: PROPERTY_CLAIM_TYPES,
  tag: 'Property',
  products: PROPERTY_PRODUCTS,
  paths: 'api/v1/property/policies',
  policyParam: 'propertyPolicy',
  example: CLAIM_EXAMPLE,
  create: { summary: 'Start a claim', rules: 'The cover runs from the start date to before the end date or the cancellation day.' },
  list: { summary: 'List the claims of a property policy', description: 'Newest first, in the paginator envelope.' },
  show: { summary: 'Show a claim' },
});
