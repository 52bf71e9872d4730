import { partnerClaimsController } from '../../claims-intake/partner-claims.controller';
import { HORSE_PRODUCTS } from '../horse-products';
import { HORSE_CLAIM_TYPES } from './horse-claim-policies';

const CLAIM_EXAMPLE = {
  id: 9,
  policy_id: 12,
  claim_type: 'vet_fees',
  incident_date: '2027-03-02',
  description: 'Colic surgery at the equine hospital.',
  requested_amount: 18000,
  approved_amount: null,
  paid_amount: null,
  status: 'submitted',
  claim_status: 0,
  documents: [{ url: 'http://localhost:3000/files/0b6f3c2e-7d1a-4c55-9a0e-1e4d5c6b7a80.pdf', content_type: 'application/pdf', size: 48211 }],
  status_history: [{ status: 'submitted', at: '2027-03-05T08:12:00.000000Z' }],
  created_at: '2027-03-05T08:12:00.000000Z',
  updated_at: '2027-03-05T08:12:00.000000Z',
};

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
      "The cover runs from the start date to the end date, or to before the cancellation day; `requested_amount` is at most the declared value for mortality and theft, 20 % of it for vet fees. Answers with `id` and the amounts as numbers, like property claims (the real service's `claim_id` is not used).",
  },
  show: { summary: 'Show a horse claim', description: 'With its current `status` (and the integer `claim_status`) and `status_history`.' },
});
