import { ibanProblem, isValidSaudiIban, maskIban } from './iban';

/** Check digits computed the slow, obvious way (BigInt over the whole number) to test the folded version. */
function withCheckDigits(bban: string): string {
  const check = 98n - (BigInt(`${bban}281000`) % 97n); // S = 28, A = 10, check digits as 00
  return `SA${String(check).padStart(2, '0')}${bban}`;
}

describe('Saudi IBAN', () => {
  it.each(['SA0380000000608010167519', 'SA4420000001234567891234'])('accepts %s', (iban) => {
    expect(isValidSaudiIban(iban)).toBe(true);
    expect(ibanProblem(iban)).toBeNull();
  });

  it.each([
    ['SA0380000000608010167518', 'last digit'],
    ['SA0381000000608010167519', 'bank code'],
    ['SA0480000000608010167519', 'check digits'],
    ['SA4420000001234567891243', 'two digits swapped'],
  ])('refuses %s (%s changed) on its check digits', (iban) => {
    expect(isValidSaudiIban(iban)).toBe(false);
    expect(ibanProblem(iban)).toBe('The iban failed its check digits.');
  });

  it('agrees with a BigInt reference on many generated IBANs, and catches every single-digit change', () => {
    let seed = 7;
    const nextDigit = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % 10);
    for (let n = 0; n < 200; n++) {
      const bban = Array.from({ length: 20 }, nextDigit).join('');
      const iban = withCheckDigits(bban);
      expect(isValidSaudiIban(iban)).toBe(true);
      const pos = 4 + (n % 20);
      const changed = iban.slice(0, pos) + String((Number(iban[pos]) + 1 + (n % 9)) % 10) + iban.slice(pos + 1);
      expect(isValidSaudiIban(changed)).toBe(false);
    }
  });

  it('says what is wrong with the shape', () => {
    expect(ibanProblem('GB82WEST12345698765432')).toBe('The iban must be a Saudi IBAN, starting with SA and followed by 22 digits.');
    expect(ibanProblem('sa0380000000608010167519')).toMatch(/starting with SA/);
    expect(ibanProblem('SA03 8000 0000 6080 1016 7519')).toBe('The iban must have only digits after SA, with no spaces.');
    expect(ibanProblem('SA03800000006080101675AB')).toMatch(/only digits after SA/);
    expect(ibanProblem('SA038000000060801016751')).toBe('The iban must be SA followed by exactly 22 digits (it has 21).');
    expect(ibanProblem('SA03800000006080101675190')).toMatch(/exactly 22 digits \(it has 23\)/);
    expect(ibanProblem('')).toBe('The iban must be a valid Saudi IBAN: SA followed by 22 digits.');
    expect(ibanProblem(null)).toBe('The iban must be a valid Saudi IBAN: SA followed by 22 digits.');
    expect(ibanProblem(380000000608010167519n)).not.toBeNull();
  });

  it('names the field it is told', () => {
    expect(ibanProblem('SA0380000000608010167518', 'beneficiary iban')).toBe('The beneficiary iban failed its check digits.');
  });

  it('masks all but the country, check digits and last three digits', () => {
    expect(maskIban('SA0380000000608010167519')).toBe('SA03*****************519');
    expect(maskIban('SA0380000000608010167519')).toHaveLength(24);
    expect(maskIban('SA03519')).toBe('*******');
    expect(maskIban('SA031519')).toBe('SA03*519');
  });
});
