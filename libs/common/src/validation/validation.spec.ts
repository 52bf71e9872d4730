import { issuesToDetails } from './issues';
import { digitString, intId } from './fields';
import { z } from './z';

describe('validation messages and details', () => {
  const schema = z.strictObject({
    owner_id: z.string(),
    drivers: z.array(z.strictObject({ driving_percentage: z.number().int().min(25) })),
    email: z.email(),
    platform: z.enum(['web', 'webview']),
  });

  it('names every failing field, nested paths included', () => {
    const r = schema.safeParse({ drivers: [{ driving_percentage: 10 }], email: 'nope', platform: 'tv', extra: 1 });
    expect(r.success).toBe(false);
    const details = issuesToDetails(r.success ? [] : r.error.issues);
    expect(details).toEqual({
      owner_id: ['The owner id field is required.'],
      'drivers.0.driving_percentage': ['The driving percentage must be at least 25.'],
      email: ['The email must be a valid email address.'],
      platform: ['The selected platform is invalid. Allowed: "web", "webview".'],
      extra: ['The extra field is not allowed.'],
    });
  });

  it('accepts id-like digits as a string or a JSON integer and yields a string', () => {
    const id = digitString(/^[12]\d{9}$/, 'The owner id must be 10 digits starting with 1 or 2.');
    expect(id.parse('1012345678')).toBe('1012345678');
    expect(id.parse(1012345678)).toBe('1012345678');
    expect(id.safeParse('3012345678').success).toBe(false);
    expect(id.safeParse(12.5).success).toBe(false);
  });

  it('reads numeric ids from JSON integers and decimal digit strings only', () => {
    const schema = z.strictObject({ company_id: intId });
    expect(schema.parse({ company_id: 42 })).toEqual({ company_id: 42 });
    expect(schema.parse({ company_id: '42' })).toEqual({ company_id: 42 });
    for (const bad of [true, [1], '0x1', ' 1 ', '1e3', '1.0', '', '-1', 1.5, null, {}, '99999999999999999999']) {
      const r = schema.safeParse({ company_id: bad });
      expect([bad, r.success]).toEqual([bad, false]);
      expect(Object.keys(issuesToDetails(r.success ? [] : r.error.issues))).toEqual(['company_id']);
    }
    expect(issuesToDetails(schema.safeParse({ company_id: true }).error!.issues)).toEqual({
      company_id: ['The company id must be a whole number written in digits.'],
    });
    expect(issuesToDetails(schema.safeParse({ company_id: 0 }).error!.issues)).toEqual({ company_id: ['The company id must be at least 1.'] });
    expect(issuesToDetails(schema.safeParse({ company_id: '2147483648' }).error!.issues)).toEqual({
      company_id: ['The company id may not be greater than 2147483647.'],
    });
  });
});
