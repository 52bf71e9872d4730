import { addMonths } from './months';

describe('addMonths', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-11-15', 3, '2027-02-15'],
    ['2028-02-29', 12, '2029-02-28'],
  ])('%s + %i months = %s (clamped to the month end)', (from, months, expected) => {
    expect(
      addMonths(new Date(`${from}T00:00:00Z`), months)
        .toISOString()
        .slice(0, 10),
    ).toBe(expected);
  });
});
