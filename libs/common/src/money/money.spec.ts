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
});
