import { maskPii } from './mask';

describe('maskPii', () => {
  it('masks ids, phones, IBANs, emails and tokens', () => {
    const line =
      'GET /api/v1/car-comp/quote-requests?owner_id=1012345678 phone=0512345678 iban=SA0380000000608010167519 ' +
      'email=someone@example.com Authorization: Bearer abc.def.ghi token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig';
    const masked = maskPii(line);
    for (const secret of ['1012345678', '0512345678', 'SA0380000000608010167519', 'someone@example.com', 'abc.def.ghi', 'eyJzdWIiOiIxIn0']) {
      expect(masked).not.toContain(secret);
    }
    expect(masked).toContain('********78');
    expect(masked).toContain('s***@example.com');
    expect(masked).toContain('/api/v1/car-comp/quote-requests');
  });

  it('masks key=value secrets', () => {
    const masked = maskPii('login failed password=hunter2 otp: 1234 {"client_secret":"abc"} token=xyz&page=2');
    expect(masked).not.toMatch(/hunter2|1234|"abc"|xyz/);
    expect(masked).toContain('page=2');
  });

  it('leaves short numbers and ordinary text alone', () => {
    expect(maskPii('page=2 per_page=15 id=42')).toBe('page=2 per_page=15 id=42');
  });
});
