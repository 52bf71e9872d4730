import { canMoveClaim, CLAIM_STATUSES, reasonNeededFor } from './claim-status';

describe('claim transitions', () => {
  it('allows the forward moves and reopening an approval not yet paid', () => {
    const allowed = CLAIM_STATUSES.flatMap((from) => CLAIM_STATUSES.filter((to) => canMoveClaim(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual([
      'approved->paid',
      'approved->under_review',
      'submitted->rejected',
      'submitted->under_review',
      'under_review->approved',
      'under_review->rejected',
    ]);
    expect(canMoveClaim('nonsense', 'paid')).toBe(false);
  });

  it('asks a reason where it matters: rejecting, approving less, paying and moving back, never for starting a review', () => {
    const needs = CLAIM_STATUSES.flatMap((from) =>
      CLAIM_STATUSES.filter((to) => canMoveClaim(from, to)).flatMap((to) =>
        [false, true]
          .filter((less) => to === 'approved' || !less)
          .map((less) => [`${from}->${to}${less ? ' (less)' : ''}`, reasonNeededFor(from, to, less) !== null]),
      ),
    );
    expect(Object.fromEntries(needs)).toEqual({
      'submitted->under_review': false,
      'submitted->rejected': true,
      'under_review->approved': false,
      'under_review->approved (less)': true,
      'under_review->rejected': true,
      'approved->paid': true,
      'approved->under_review': true,
    });
  });
});
