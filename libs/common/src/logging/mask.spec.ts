import { maskPersonal, maskPii } from './mask';

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

  it('leaves UUIDs whole, even with nine digits in a row, and still masks a number beside one', () => {
    const ids = '{"client_id":"255cdb40-5680-42fd-a4be-bdb475811097","request_id":"12345678-1234-4234-8234-123456789012"}';
    expect(maskPii(ids)).toBe(ids);
    expect(maskPii('255cdb40-5680-42fd-a4be-bdb475811097 called from 0551234567')).toBe('255cdb40-5680-42fd-a4be-bdb475811097 called from ********67');
  });

  it('leaves short numbers and ordinary text alone', () => {
    expect(maskPii('page=2 per_page=15 id=42')).toBe('page=2 per_page=15 id=42');
    for (const plain of ['2026-12-02T20:00:00.000Z', 'Desert Wind', 'motor-comprehensive-comparison', 'https://api.example/pay/abc', '12345678'])
      expect(maskPii(plain)).toBe(plain);
  });

  it.each([
    ['pin:1234', 'pin:***'],
    ["PASSWORD='x1'", "PASSWORD='***'"],
    ['sa0380000000608010167519', 'sa03*****************519'],
    ['a@b.co', 'a***@b.co'],
    ['Basic dXNlcjpwYXNz', 'Basic ***'],
    ['eyJhbGciOiJIUzI1NiJ9.e30.', 'eyJ***'],
    ['+966512345678', '***********78'],
  ])('masks %s alone, whatever else the text lacks', (text, masked) => {
    expect(maskPii(text)).toBe(masked);
  });
});

describe('maskPersonal', () => {
  it('masks each kind of personal value one way for every family', () => {
    expect(maskPersonal('1012345678')).toBe('10******78');
    expect(maskPersonal('0512345678')).toBe('05******78');
    expect(maskPersonal('owner@example.com')).toBe('o***@example.com');
    expect(maskPersonal('SA0380000000608010167519')).toBe('SA03*****************519');
    expect(maskPersonal('1405-03-10')).toBe('****-**-**');
    expect(maskPersonal('Noura Al-Otaibi')).toBe('No***********bi');
    expect(maskPersonal('Ali')).toBe('***');
  });
});
