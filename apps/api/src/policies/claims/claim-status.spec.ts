import { canMoveClaim, CLAIM_STATUSES } from './claim-status';

describe('claim transitions', () => {
  it('allows only the forward moves', () => {
    const allowed = CLAIM_STATUSES.flatMap((from) => CLAIM_STATUSES.filter((to) => canMoveClaim(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual(['approved->paid', 'submitted->rejected', 'submitted->under_review', 'under_review->approved', 'under_review->rejected']);
    expect(canMoveClaim('nonsense', 'paid')).toBe(false);
  });
});
