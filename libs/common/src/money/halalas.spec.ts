import { halalasNumber, halalasOf, halalasOfNumber, halalasText, vatHalalas, withVatHalalas } from './halalas';
import { amountString, money, withVat } from './money';

/** A deterministic stream of amounts (no Math.random: a failure must reproduce). */
function* amounts(count: number): Generator<string> {
  let seed = 20261126;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < count; i++) {
    const digits = 1 + (next() % 12);
    let whole = String(1 + (next() % 9));
    for (let d = 1; d < digits; d++) whole += String(next() % 10);
    const places = next() % 3;
    const fraction = places === 0 ? '' : `.${String(next() % 10 ** places).padStart(places, '0')}`;
    yield `${whole}${fraction}`;
  }
}

describe('halalas', () => {
  it('reads plain decimal strings of up to two places exactly, and nothing else', () => {
    expect(halalasOf('2557.06')).toBe(255706);
    expect(halalasOf('0.5')).toBe(50);
    expect(halalasOf('80000')).toBe(8000000);
    expect(halalasOf('0.00')).toBe(0);
    expect(halalasOf('999999999999.99')).toBe(99999999999999);
    for (const bad of ['', '.5', '5.', '1.234', '-1.00', '+1', '1e3', ' 1.00', '1.00 ', '1,00', '1000000000000.00', 'abc', '1.0a', '0x10']) {
      expect(halalasOf(bad)).toBeNull();
    }
  });

  it('reads a JSON number held to two decimals as the decimal sent, as the decimal rule does', () => {
    expect(halalasOfNumber(80000)).toBe(8000000);
    expect(halalasOfNumber(0.1 + 0.2)).toBe(30);
    expect(halalasOfNumber(80000.57)).toBe(8000057);
    for (const a of amounts(2000)) {
      if (Number(a) > 10_000_000) continue;
      expect(halalasText(halalasOfNumber(Number(a)))).toBe(money(Number(a)).toFixed(2));
    }
    expect(() => halalasOfNumber(1.005)).toThrow(RangeError);
    expect(() => halalasOfNumber(Number.NaN)).toThrow(RangeError);
    expect(() => halalasOfNumber(-1)).toThrow(RangeError);
  });

  it('prints two places, and the JSON number equals Number() of the printed decimal', () => {
    expect(halalasText(255706)).toBe('2557.06');
    expect(halalasText(5)).toBe('0.05');
    expect(halalasText(0)).toBe('0.00');
    expect(halalasText(99999999999999)).toBe('999999999999.99');
    for (const a of amounts(2000)) {
      const h = halalasOf(a)!;
      expect(halalasText(h)).toBe(amountString(a));
      expect(halalasNumber(h)).toBe(Number(amountString(a)));
    }
  });

  it('takes VAT exactly as the decimal rule does (15%, half up to the halala)', () => {
    expect(vatHalalas(523212)).toBe(78482);
    expect(vatHalalas(10)).toBe(2); // 0.015 rounds up
    expect(vatHalalas(1000)).toBe(150);
    for (const a of amounts(5000)) {
      const decimal = withVat(a);
      const integer = withVatHalalas(halalasOf(a)!);
      expect([halalasText(integer.subtotal), halalasText(integer.vat), halalasText(integer.total)]).toEqual([
        decimal.subtotal.toFixed(2),
        decimal.vat.toFixed(2),
        decimal.total.toFixed(2),
      ]);
    }
    expect(money(halalasText(withVatHalalas(523212).total)).toFixed(2)).toBe('6016.94');
  });

  it('refuses what is not a halala amount rather than round it', () => {
    expect(() => halalasText(1.5)).toThrow(RangeError);
    expect(() => halalasText(-1)).toThrow(RangeError);
    expect(() => vatHalalas(100, 7.5)).toThrow(RangeError);
    expect(() => vatHalalas(99999999999999, 100)).toThrow(RangeError);
  });
});
