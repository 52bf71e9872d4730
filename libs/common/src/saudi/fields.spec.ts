import { issuesToDetails } from '../validation/issues';
import { z } from '../validation/z';
import {
  gregorianDateField,
  hijriDateField,
  internationalPhoneField,
  personIdField,
  saudiIbanField,
  saudiMobileField,
  shortAddressField,
  vinField,
} from './fields';

const schema = z.strictObject({
  owner_id: personIdField('owner id'),
  mobile: saudiMobileField(),
  phone: internationalPhoneField(),
  iban: saudiIbanField(),
  vin: vinField(),
  short_address: shortAddressField(),
  birth_date: hijriDateField('birth date'),
  start_date: gregorianDateField('start date'),
});

const valid = {
  owner_id: '1012345678',
  mobile: '0512345678',
  phone: '+966512345678',
  iban: 'SA0380000000608010167519',
  vin: '1HGCM82633A004352',
  short_address: 'RRRC7866',
  birth_date: '1410-01-06',
  start_date: '2026-02-28',
};

function errorsFor(input: Record<string, unknown>) {
  const r = schema.safeParse({ ...valid, ...input });
  return r.success ? {} : issuesToDetails(r.error.issues);
}

describe('Saudi request fields', () => {
  it('passes valid values through as strings', () => {
    expect(schema.parse(valid)).toEqual(valid);
  });

  it('takes a person id as a JSON integer and hands it on as a string', () => {
    expect(schema.parse({ ...valid, owner_id: 2012345678 }).owner_id).toBe('2012345678');
    expect(errorsFor({ owner_id: 3012345678 })).toEqual({
      owner_id: ['The owner id must be 10 digits starting with 1 (national id) or 2 (iqama).'],
    });
    expect(errorsFor({ owner_id: '101234567' })).toEqual({
      owner_id: ['The owner id must be 10 digits starting with 1 (national id) or 2 (iqama).'],
    });
  });

  it('keeps the project messages for a missing or mistyped field', () => {
    const { iban, ...rest } = valid;
    expect(iban).toBeDefined();
    const r = schema.safeParse(rest);
    expect(r.success ? {} : issuesToDetails(r.error.issues)).toEqual({ iban: ['The iban field is required.'] });
    expect(errorsFor({ mobile: 512345678 })).toEqual({ mobile: ['The mobile must be a string.'] });
  });

  it('names each field in its message', () => {
    expect(
      errorsFor({
        mobile: '966512345678',
        phone: '0512345678',
        iban: 'SA0380000000608010167518',
        vin: '1HGCM82643A004352',
        short_address: 'RRRC 7866',
        birth_date: '1446-01-30',
        start_date: '2026-02-29',
      }),
    ).toEqual({
      mobile: ['The mobile must be a Saudi mobile number: 10 digits starting with 05.'],
      phone: ['The phone must be an international number: + followed by 10 to 15 digits.'],
      iban: ['The iban failed its check digits.'],
      vin: ['The vin failed its check digit (character 9).'],
      short_address: ['The short address must be four letters then four digits, like RRRC7866.'],
      birth_date: ['The birth date is not a date in the Umm al-Qura calendar: 1446-01 has 29 days.'],
      start_date: ['The start date must be a real date in the form YYYY-MM-DD.'],
    });
  });

  it('explains an IBAN of the wrong shape', () => {
    expect(errorsFor({ iban: 'SA03' })).toEqual({ iban: ['The iban must be SA followed by exactly 22 digits (it has 2).'] });
    expect(errorsFor({ iban: '' })).toEqual({ iban: ['The iban must be a valid Saudi IBAN: SA followed by 22 digits.'] });
    const labelled = z.object({ account: saudiIbanField('account iban') });
    const r = labelled.safeParse({ account: 'DE89370400440532013000' });
    expect(r.success ? {} : issuesToDetails(r.error.issues)).toEqual({
      account: ['The account iban must be a Saudi IBAN, starting with SA and followed by 22 digits.'],
    });
  });

  it('upper-cases a VIN and a short address', () => {
    const parsed = schema.parse({ ...valid, vin: '1m8gdm9axkp042788', short_address: 'rrrc7866' });
    expect(parsed.vin).toBe('1M8GDM9AXKP042788');
    expect(parsed.short_address).toBe('RRRC7866');
    expect(errorsFor({ vin: 'WVWZZZ1JZXW00000O' })).toEqual({ vin: ['The vin may not contain the letters I, O or Q.'] });
  });

  it('checks Hijri dates against the Umm al-Qura table', () => {
    expect(schema.parse({ ...valid, birth_date: '1446-02-30' }).birth_date).toBe('1446-02-30');
    expect(schema.parse({ ...valid, birth_date: '1400-10-30' }).birth_date).toBe('1400-10-30');
    expect(errorsFor({ birth_date: '1446-1-1' })).toEqual({
      birth_date: ['The birth date must be a Hijri date in the form YYYY-MM-DD.'],
    });
    expect(errorsFor({ birth_date: '1355-12-29' })).toEqual({
      birth_date: ['The birth date must be a Hijri date from 1356 to 1500.'],
    });
    expect(errorsFor({ birth_date: '1446-13-01' })).toEqual({
      birth_date: ['The birth date must have a month from 01 to 12.'],
    });
    expect(errorsFor({ birth_date: '1446-02-00' })).toEqual({
      birth_date: ['The birth date is not a date in the Umm al-Qura calendar: 1446-02 has 30 days.'],
    });
  });

  it('checks Gregorian dates on the real calendar', () => {
    expect(schema.parse({ ...valid, start_date: '2028-02-29' }).start_date).toBe('2028-02-29');
    expect(errorsFor({ start_date: '2026-13-01' })).toEqual({
      start_date: ['The start date must be a real date in the form YYYY-MM-DD.'],
    });
    expect(errorsFor({ start_date: '2026-2-1' })).toEqual({
      start_date: ['The start date must be a real date in the form YYYY-MM-DD.'],
    });
  });

  it('uses plain default labels', () => {
    expect(hijriDateField().safeParse('1446-01-30').error?.issues[0].message).toBe('The date is not a date in the Umm al-Qura calendar: 1446-01 has 29 days.');
    expect(gregorianDateField().safeParse('2026-02-30').error?.issues[0].message).toBe('The date must be a real date in the form YYYY-MM-DD.');
  });
});
