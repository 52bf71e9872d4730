import { isValidVin, vinCheckDigitValid, vinProblem } from './vin';

describe('VIN', () => {
  it.each(['1HGCM82633A004352', '1M8GDM9AXKP042788', '11111111111111111'])('accepts %s with its check digit', (vin) => {
    expect(vinCheckDigitValid(vin)).toBe(true);
    expect(isValidVin(vin)).toBe(true);
    expect(vinProblem(vin)).toBeNull();
  });

  it('writes a remainder of 10 as X', () => {
    expect(vinCheckDigitValid('1M8GDM9AXKP042788')).toBe(true);
    expect(vinCheckDigitValid('1M8GDM9A0KP042788')).toBe(false);
  });

  it.each([
    ['1HGCM82643A004352', 'check digit'],
    ['1HGCM82633A004353', 'serial'],
    ['2HGCM82633A004352', 'maker code'],
    ['1HGCM82633B004352', 'plant'],
  ])('refuses %s (%s changed) in North America', (vin) => {
    expect(vinCheckDigitValid(vin)).toBe(false);
    expect(isValidVin(vin)).toBe(false);
    expect(vinProblem(vin)).toBe('The vin failed its check digit (character 9).');
  });

  it('does not require the check digit outside North America (first character not 1-5)', () => {
    expect(vinCheckDigitValid('WVWZZZ1JZXW000001')).toBe(false);
    expect(isValidVin('WVWZZZ1JZXW000001')).toBe(true);
    expect(isValidVin('JTDKB20U793000000')).toBe(true);
    expect(isValidVin('6FPPXXMJ2PCD12345')).toBe(true);
    // The same characters under a North-American maker code must carry it.
    expect(isValidVin('1VWZZZ1JZXW000001')).toBe(false);
    expect(isValidVin('5VWZZZ1JZXW000001')).toBe(false);
  });

  it('values every letter as ISO 3779 does (A-I 1-9, J-R 1-9, S-Z 2-9) at every weighted position', () => {
    const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
    const value = (ch: string) => {
      const code = ch.charCodeAt(0);
      if (ch <= '9') return Number(ch);
      return ch <= 'I' ? code - 64 : ch <= 'R' ? code - 73 : code - 81;
    };
    const wrong: string[] = [];
    for (const letter of 'ABCDEFGHJKLMNPRSTUVWXYZ') {
      for (let pos = 1; pos < 17; pos++) {
        if (pos === 8) continue;
        const chars = [...'1'.repeat(17)];
        chars[pos] = letter;
        const sum = chars.reduce((acc, ch, i) => acc + value(ch) * weights[i], 0);
        chars[8] = sum % 11 === 10 ? 'X' : String(sum % 11);
        if (!vinCheckDigitValid(chars.join(''))) wrong.push(chars.join(''));
        chars[8] = chars[8] === '0' ? '1' : '0';
        if (vinCheckDigitValid(chars.join(''))) wrong.push(chars.join(''));
      }
    }
    expect(wrong).toEqual([]);
  });

  it('accepts lower case as the same VIN', () => {
    expect(isValidVin('1hgcm82633a004352')).toBe(true);
    expect(vinCheckDigitValid('1m8gdm9axkp042788')).toBe(true);
  });

  it('says what is wrong with the shape', () => {
    expect(vinProblem('1HGCM82633A00435')).toBe('The vin must be exactly 17 characters (it has 16).');
    expect(vinProblem('1HGCM82633A0043521')).toBe('The vin must be exactly 17 characters (it has 18).');
    expect(vinProblem('WVWZZZ1JZXW00000O')).toBe('The vin may not contain the letters I, O or Q.');
    expect(vinProblem('WVWZZZIJZXW000001')).toMatch(/I, O or Q/);
    expect(vinProblem('WVWZZZQJZXW000001')).toMatch(/I, O or Q/);
    expect(vinProblem('WVWZZZ1JZXW-00001')).toBe('The vin may contain only letters and digits.');
    expect(vinProblem('WVWZZZ1JZXW 00001')).toMatch(/only letters and digits/);
    expect(vinProblem(12345678901234568)).toBe('The vin must be a 17-character vehicle identification number.');
    expect(vinProblem('1HGCM82643A004352', 'chassis number')).toBe('The chassis number failed its check digit (character 9).');
    expect(vinCheckDigitValid('1HGCM82633A00435')).toBe(false);
    expect(vinCheckDigitValid(null)).toBe(false);
  });
});
