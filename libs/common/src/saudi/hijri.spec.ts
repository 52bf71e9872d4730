import {
  HIJRI_MAX_GREGORIAN,
  HIJRI_MAX_YEAR,
  HIJRI_MIN_GREGORIAN,
  HIJRI_MIN_YEAR,
  formatHijriDate,
  gregorianToHijri,
  hijriMonthLength,
  hijriToGregorian,
  isValidHijriDate,
  parseHijriDate,
} from './hijri';
import { UMM_AL_QURA_MONTH_STARTS } from './umm-al-qura-month-starts';

const DAY_MS = 86_400_000;
const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date | null) => d?.toISOString().slice(0, 10) ?? null;

// Node's ICU carries the same Umm al-Qura calendar; it is the independent oracle for the table.
const umalqura = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
function intlHijri(d: Date) {
  const parts = Object.fromEntries(umalqura.formatToParts(d).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

describe('Umm al-Qura table', () => {
  it('has twelve months a year from 1356 to 1500, each 29 or 30 days, each year 354 or 355', () => {
    expect(UMM_AL_QURA_MONTH_STARTS).toHaveLength((HIJRI_MAX_YEAR - HIJRI_MIN_YEAR + 1) * 12 + 1);
    for (let y = HIJRI_MIN_YEAR; y <= HIJRI_MAX_YEAR; y++) {
      let yearLength = 0;
      for (let m = 1; m <= 12; m++) {
        const len = hijriMonthLength(y, m);
        expect([29, 30]).toContain(len);
        yearLength += len ?? 0;
      }
      expect([354, 355]).toContain(yearLength);
    }
  });

  it('agrees with Intl on the first day of every month and the last day of the month before', () => {
    const mismatches: string[] = [];
    for (let y = HIJRI_MIN_YEAR; y <= HIJRI_MAX_YEAR; y++) {
      for (let m = 1; m <= 12; m++) {
        const first = hijriToGregorian(y, m, 1)!;
        const got = intlHijri(first);
        if (got.year !== y || got.month !== m || got.day !== 1) mismatches.push(`${y}-${m}: ${iso(first)}`);
        const before = intlHijri(new Date(first.getTime() - DAY_MS));
        if (before.day !== 29 && before.day !== 30) mismatches.push(`${y}-${m}: day before is ${before.day}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('agrees with Intl every 17th day across the whole range, both ways', () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (let t = HIJRI_MIN_GREGORIAN.getTime(); t <= HIJRI_MAX_GREGORIAN.getTime(); t += 17 * DAY_MS) {
      const day = new Date(t);
      const expected = intlHijri(day);
      const got = gregorianToHijri(day);
      if (JSON.stringify(got) !== JSON.stringify(expected)) mismatches.push(`${iso(day)} -> ${JSON.stringify(got)}`);
      const back = hijriToGregorian(expected.year, expected.month, expected.day);
      if (back?.getTime() !== t) mismatches.push(`${JSON.stringify(expected)} -> ${iso(back)}`);
      checked++;
    }
    expect(checked).toBeGreaterThan(3000);
    expect(mismatches).toEqual([]);
  });
});

describe('hijriToGregorian / gregorianToHijri', () => {
  it.each([
    // Dates reported from the official converter (ummulqura.org.sa) where older tables are a day off.
    ['1983-10-31', 1404, 1, 24],
    ['1989-08-08', 1410, 1, 6],
    ['1990-07-11', 1410, 12, 18],
    ['2024-12-02', 1446, 6, 1],
    ['2025-02-26', 1446, 8, 27],
    ['1980-09-10', 1400, 10, 30],
    // Well-known 1 Muharram, 1 Ramadan and 1 Shawwal dates.
    ['2024-07-07', 1446, 1, 1],
    ['2023-07-19', 1445, 1, 1],
    ['2024-03-11', 1445, 9, 1],
    ['2024-04-10', 1445, 10, 1],
    ['2025-03-01', 1446, 9, 1],
    ['2000-01-01', 1420, 9, 24],
    // The ends of the table.
    ['1937-03-14', 1356, 1, 1],
    ['2077-11-16', 1500, 12, 30],
  ])('%s is %i-%i-%i', (gregorian, year, month, day) => {
    expect(iso(hijriToGregorian(year, month, day))).toBe(gregorian);
    expect(gregorianToHijri(utc(gregorian))).toEqual({ year, month, day });
  });

  it('exposes the range as constants', () => {
    expect(iso(HIJRI_MIN_GREGORIAN)).toBe('1937-03-14');
    expect(iso(HIJRI_MAX_GREGORIAN)).toBe('2077-11-16');
    expect([HIJRI_MIN_YEAR, HIJRI_MAX_YEAR]).toEqual([1356, 1500]);
  });

  it('returns midnight UTC', () => {
    expect(hijriToGregorian(1446, 1, 1)?.toISOString()).toBe('2024-07-07T00:00:00.000Z');
  });

  it('rejects days past the end of a 29-day month and accepts day 30 of a 30-day month', () => {
    expect(hijriMonthLength(1446, 1)).toBe(29);
    expect(hijriToGregorian(1446, 1, 30)).toBeNull();
    expect(iso(hijriToGregorian(1446, 1, 29))).toBe('2024-08-04');
    expect(iso(hijriToGregorian(1446, 2, 1))).toBe('2024-08-05');
    expect(hijriMonthLength(1446, 2)).toBe(30);
    expect(iso(hijriToGregorian(1446, 2, 30))).toBe('2024-09-03');
    expect(hijriMonthLength(1400, 10)).toBe(30);
    expect(hijriMonthLength(1445, 12)).toBe(30);
    expect(hijriMonthLength(1446, 12)).toBe(29);
    expect(hijriToGregorian(1446, 12, 30)).toBeNull();
  });

  it('joins years: the day after the last of Dhu al-Hijjah is 1 Muharram', () => {
    expect(gregorianToHijri(utc('2024-07-06'))).toEqual({ year: 1445, month: 12, day: 30 });
    expect(gregorianToHijri(utc('2024-07-07'))).toEqual({ year: 1446, month: 1, day: 1 });
  });

  it.each([
    [1355, 12, 29],
    [1501, 1, 1],
    [1446, 0, 1],
    [1446, 13, 1],
    [1446, 1, 0],
    [1446, 2, 31],
    [1446, 1.5, 1],
    [1446, 1, 1.5],
    [Number.NaN, 1, 1],
  ])('has no date for %p-%p-%p', (y, m, d) => {
    expect(hijriToGregorian(y, m, d)).toBeNull();
  });

  it('returns null for months outside the table', () => {
    expect(hijriMonthLength(1355, 12)).toBeNull();
    expect(hijriMonthLength(1501, 1)).toBeNull();
    expect(hijriMonthLength(1446, 13)).toBeNull();
  });

  it('returns null for Gregorian days outside the table and for an invalid Date', () => {
    expect(gregorianToHijri(utc('1937-03-13'))).toBeNull();
    expect(gregorianToHijri(utc('2077-11-17'))).toBeNull();
    expect(gregorianToHijri(new Date(Number.NaN))).toBeNull();
  });

  it('converts the UTC calendar day of an instant, whatever its time of day', () => {
    expect(gregorianToHijri(new Date('2024-07-07T23:59:59.999Z'))).toEqual({ year: 1446, month: 1, day: 1 });
    expect(gregorianToHijri(new Date('2024-07-06T23:59:59.999Z'))).toEqual({ year: 1445, month: 12, day: 30 });
    expect(gregorianToHijri(new Date('1937-03-14T12:00:00Z'))).toEqual({ year: 1356, month: 1, day: 1 });
  });
});

describe('parseHijriDate / isValidHijriDate', () => {
  it('parses a strict YYYY-MM-DD date with its Gregorian day', () => {
    const parsed = parseHijriDate('1446-06-01');
    expect(parsed).toEqual({ year: 1446, month: 6, day: 1, gregorian: utc('2024-12-02') });
    expect(isValidHijriDate('1500-12-30')).toBe(true);
    expect(isValidHijriDate('1356-01-01')).toBe(true);
  });

  it.each([
    '1446-01-30',
    '1446-13-01',
    '1446-00-10',
    '1446-02-00',
    '1355-12-29',
    '1501-01-01',
    '1446-1-1',
    '14460101',
    '1446/01/01',
    ' 1446-01-01',
    '1446-01-01T00:00',
    '',
  ])('rejects %p', (value) => {
    expect(parseHijriDate(value)).toBeNull();
    expect(isValidHijriDate(value)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isValidHijriDate(14460101)).toBe(false);
    expect(isValidHijriDate(null)).toBe(false);
    expect(isValidHijriDate(undefined)).toBe(false);
  });

  it('formats back to the shape it parses', () => {
    expect(formatHijriDate({ year: 1446, month: 6, day: 1 })).toBe('1446-06-01');
    expect(formatHijriDate(gregorianToHijri(utc('2025-02-26'))!)).toBe('1446-08-27');
  });
});
