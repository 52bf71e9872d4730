import { amountNumber, amountString, money, sum, vatOn, withVat } from './money';

describe('money', () => {
  it('never accumulates binary float error', () => {
    expect(amountString(sum(['0.1', '0.2']))).toBe('0.30');
    expect(amountNumber(sum([0.1, 0.2]))).toBe(0.3);
  });

  it('computes VAT at 15% rounding half up to the halala', () => {
    expect(amountString(vatOn('5232.12'))).toBe('784.82');
    expect(amountString(vatOn('0.10'))).toBe('0.02'); // 0.015 rounds up
    expect(amountString(vatOn('10'))).toBe('1.50');
  });

  it('gives subtotal + vat = total', () => {
    const p = withVat('5232.12');
    expect(amountString(p.total)).toBe('6016.94');
    expect(p.subtotal.plus(p.vat).equals(p.total)).toBe(true);
  });

  it('rounds inputs to two places', () => {
    expect(amountString(money('1.005'))).toBe('1.01');
  });

  it('gives the same number for a stored amount string as through the decimal, and rounds anything else first', () => {
    for (const v of ['6028.44', '0.1', '-12.30', '0', '007.5', '999999999999999.99', '80000']) expect(amountNumber(v)).toBe(money(v).toNumber());
    expect(amountNumber('1.005')).toBe(1.01);
    expect(amountNumber('1e2')).toBe(100);
    expect(amountNumber(12.345)).toBe(12.35);
  });
});
