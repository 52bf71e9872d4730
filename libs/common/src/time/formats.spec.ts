import { daysBetween, formatDate, formatDateTime, formatDateTimeOffset, parseDate } from './formats';

describe('date formats', () => {
  const at = new Date('2026-11-22T10:15:30.123Z');

  it('formats datetimes with six fractional digits and Z', () => {
    expect(formatDateTime(at)).toBe('2026-11-22T10:15:30.123000Z');
  });

  it('formats the offset variant', () => {
    expect(formatDateTimeOffset(at)).toBe('2026-11-22T10:15:30+00:00');
    // one after another, the same instant again and another one (it keeps the last text it made)
    expect(formatDateTimeOffset(new Date(at.getTime()))).toBe('2026-11-22T10:15:30+00:00');
    expect(formatDateTimeOffset(new Date('2027-01-02T03:04:05Z'))).toBe('2027-01-02T03:04:05+00:00');
    expect(formatDateTimeOffset(at)).toBe('2026-11-22T10:15:30+00:00');
    expect(() => formatDateTimeOffset(new Date('nope'))).toThrow(RangeError);
  });

  it('parses strict calendar dates only', () => {
    expect(parseDate('2026-02-28')?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(parseDate('2026-02-30')).toBeNull();
    expect(parseDate('2026-2-3')).toBeNull();
    expect(parseDate('2026-13-01')).toBeNull();
    expect(formatDate(parseDate('2024-02-29')!)).toBe('2024-02-29');
  });

  it('counts days between dates', () => {
    expect(daysBetween(new Date('2026-11-22T23:59:00Z'), new Date('2026-11-23T00:01:00Z'))).toBe(1);
    expect(daysBetween(new Date('2026-11-22T00:00:00Z'), new Date('2026-12-20T00:00:00Z'))).toBe(28);
  });
});
