import { isCommercialRegistration, isInternationalPhone, isSaudiMobile, isSaudiPersonId, isSponsorNumber, personIdKind } from './identity';

describe('person ids', () => {
  it('accepts 10 digits starting with 1 (national id) or 2 (iqama)', () => {
    expect(isSaudiPersonId('1012345678')).toBe(true);
    expect(isSaudiPersonId('2987654321')).toBe(true);
    expect(personIdKind('1012345678')).toBe('national');
    expect(personIdKind('2987654321')).toBe('iqama');
  });

  it.each(['3012345678', '0012345678', '101234567', '10123456789', '10123456a8', ' 1012345678', '1012345678\n', ''])('rejects %p', (value) => {
    expect(isSaudiPersonId(value)).toBe(false);
    expect(personIdKind(value)).toBeNull();
  });

  it('takes strings only (fields convert integers first)', () => {
    expect(isSaudiPersonId(1012345678)).toBe(false);
    expect(personIdKind(null)).toBeNull();
  });
});

describe('phone numbers', () => {
  it('accepts a Saudi mobile as 05 and eight digits', () => {
    expect(isSaudiMobile('0512345678')).toBe(true);
    expect(isSaudiMobile('0598765432')).toBe(true);
  });

  it.each(['0412345678', '5512345678', '512345678', '051234567', '05123456789', '+966512345678', '05 1234 5678'])('rejects %p as a Saudi mobile', (value) =>
    expect(isSaudiMobile(value)).toBe(false),
  );

  it('accepts + and 10 to 15 digits as an international number', () => {
    expect(isInternationalPhone('+9665123456')).toBe(true);
    expect(isInternationalPhone('+966512345678')).toBe(true);
    expect(isInternationalPhone('+123456789012345')).toBe(true);
  });

  it.each(['+966512345', '+1234567890123456', '966512345678', '+966 512345678', '+96651234567a', '00966512345678'])(
    'rejects %p as an international number',
    (value) => expect(isInternationalPhone(value)).toBe(false),
  );
});

describe('company numbers', () => {
  it('accepts a commercial registration of 10 digits starting with 7 only', () => {
    expect(isCommercialRegistration('7001234567')).toBe(true);
    expect(isCommercialRegistration('1010123456')).toBe(false);
    expect(isCommercialRegistration('700123456')).toBe(false);
    expect(isCommercialRegistration('70012345678')).toBe(false);
    expect(isCommercialRegistration(7001234567)).toBe(false);
  });

  it('accepts any 10 digits as a sponsor number', () => {
    expect(isSponsorNumber('7001234567')).toBe(true);
    expect(isSponsorNumber('1012345678')).toBe(true);
    expect(isSponsorNumber('101234567')).toBe(false);
    expect(isSponsorNumber('10123456789')).toBe(false);
    expect(isSponsorNumber('10123456x8')).toBe(false);
  });
});
