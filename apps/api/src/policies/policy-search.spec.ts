import { searchTerm } from './policy-search';

describe('searchTerm', () => {
  it('reads a Saudi mobile however it is written', () => {
    for (const raw of ['0512345678', '+966 51 234 5678', '966512345678', '00966512345678', '512345678']) expect(searchTerm(raw).mobile).toBe('512345678');
  });

  it('reads a national id or iqama, which is also a number too long for a policy id', () => {
    expect(searchTerm('1012345678').nationalId).toBe('1012345678');
    expect(searchTerm('1012345678').id).toBeUndefined();
    expect(searchTerm('2012345678').nationalId).toBe('2012345678');
    expect(searchTerm('3012345678').nationalId).toBeUndefined();
  });

  it('reads a policy id, an email, a payment id and a name', () => {
    expect(searchTerm(' 42 ').id).toBe(42);
    expect(searchTerm('0').id).toBeUndefined();
    expect(searchTerm('Owner@Example.com').email).toBe('owner@example.com');
    expect(searchTerm('Owner@Example.com').namePattern).toBeUndefined();
    expect(searchTerm('5B3E0A52-1C2D-4E5F-8A9B-0C1D2E3F4A5B').uuid).toBe('5b3e0a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(searchTerm('Faisal').namePattern).toBe('%faisal%');
    expect(searchTerm('فيصل').namePattern).toBe('%فيصل%');
  });

  it('escapes the wildcards of a name, and ignores names shorter than three letters', () => {
    expect(searchTerm('a_b%c').namePattern).toBe('%a\\_b\\%c%');
    expect(searchTerm('al').namePattern).toBeUndefined();
  });
});
