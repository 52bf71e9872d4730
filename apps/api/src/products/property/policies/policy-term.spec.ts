import { parseDate, periodDays } from '@lib/common';
import { coverDays, termEnd } from './policy-term';

const d = (s: string) => parseDate(s)!;

describe('property policy term', () => {
  it.each([
    ['2026-12-01', '2027-12-01', '2027-11-30', 365],
    ['2027-03-01', '2028-03-01', '2028-02-29', 366],
    ['2028-02-29', '2029-03-01', '2029-02-28', 366],
  ])('from %s ends (not covered) on %s: last covered day %s, %i days', (start, end, last, days) => {
    expect(termEnd(d(start)).toISOString().slice(0, 10)).toBe(end);
    const cover = coverDays({ startDate: d(start), endDate: termEnd(d(start)) });
    expect([cover.first, cover.last, periodDays(cover)]).toEqual([start, last, days]);
  });
});
