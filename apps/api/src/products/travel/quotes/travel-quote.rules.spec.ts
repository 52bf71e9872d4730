import { checkTravelQuote } from './travel-quote.rules';
import type { TravelQuoteInput } from './travel-quote.schema';

const NOW = new Date('2026-11-23T10:00:00Z');
const traveller = {
  nationality: 'SA',
  full_name: 'Sara Alqahtani',
  passport_number: 'G12345678',
  gender: 'f' as const,
  date_of_birth: '1990-04-02',
  relation: 'self',
  passport_expiry_date: '2030-01-01',
};
const base: TravelQuoteInput = {
  nationality_id: '1012345678',
  phone_number: '+966501234567',
  email: 'sara@example.com',
  multi_entry: false,
  duration: 10,
  start_date: '2026-12-01',
  date_of_birth: '1990-04-02',
  travellers: [traveller],
};

describe('travel quote rules', () => {
  it('accepts a trip and computes its last day and each age on the start date', () => {
    expect(checkTravelQuote(base, NOW)).toEqual({ details: {}, trip: { startDate: '2026-12-01', endDate: '2026-12-10', days: 10, ages: [36] } });
  });

  it('start date: today is fine, yesterday and beyond 180 days are not', () => {
    expect(checkTravelQuote({ ...base, start_date: '2026-11-23' }, NOW).details).toEqual({});
    expect(checkTravelQuote({ ...base, start_date: '2026-11-22' }, NOW).details.start_date).toEqual(['The start date must be today or later.']);
    expect(checkTravelQuote({ ...base, start_date: '2027-05-22' }, NOW).details).toEqual({});
    expect(checkTravelQuote({ ...base, start_date: '2027-05-23' }, NOW).details.start_date?.[0]).toMatch(/at most 180 days ahead \(2027-05-22\)/);
  });

  it('duration: required for a single trip; a multi-entry policy runs 180 days', () => {
    expect(checkTravelQuote({ ...base, duration: undefined }, NOW).details.duration).toEqual(['The duration field is required when multi entry is false.']);
    expect(checkTravelQuote({ ...base, multi_entry: true, duration: undefined }, NOW).trip).toMatchObject({ days: 180, endDate: '2027-05-29' });
    expect(checkTravelQuote({ ...base, multi_entry: true, duration: 180 }, NOW).trip?.days).toBe(180);
    expect(checkTravelQuote({ ...base, multi_entry: true, duration: 30 }, NOW).details.duration?.[0]).toMatch(/runs 180 days/);
  });

  it('the Schengen rule: the passport valid three months after the last day of the trip', () => {
    const until = (expiry: string) =>
      checkTravelQuote({ ...base, travellers: [{ ...traveller, passport_expiry_date: expiry }] }, NOW).details['travellers.0.passport_expiry_date'];
    expect(until('2027-03-10')).toBeUndefined();
    expect(until('2027-03-09')?.[0]).toMatch(/until 2027-03-10 or later/);
    expect(until('2026-11-01')).toEqual(['The passport has expired.']);
  });

  it('the applicant is an adult; nobody is born in the future; passports are not shared', () => {
    expect(checkTravelQuote({ ...base, date_of_birth: '2010-01-01' }, NOW).details.date_of_birth?.[0]).toMatch(/at least 18/);
    const twins = checkTravelQuote(
      { ...base, travellers: [traveller, { ...traveller, full_name: 'Omar Alqahtani', date_of_birth: '2027-01-01' }] },
      NOW,
    ).details;
    expect(twins['travellers.1.date_of_birth']).toEqual(['The date of birth cannot be in the future.']);
    expect(twins['travellers.1.passport_number']?.[0]).toMatch(/same as traveller 0/);
  });

  it('ages are taken on the start date (a birthday during the wait counts)', () => {
    const r = checkTravelQuote({ ...base, start_date: '2027-04-02', travellers: [{ ...traveller, date_of_birth: '2009-04-02' }] }, NOW);
    expect(r.trip?.ages).toEqual([18]);
  });
});
