import { VAT_PERCENT } from './money';

/**
 * A SAR amount as a whole number of halalas (1/100 SAR). Integers below 2^53 are exact in a JS number, so
 * adding them and taking VAT on them in integers never meets binary-fraction error: the hot quote path
 * uses these instead of decimals (hundreds of amounts per quote request). 12 integer digits fit with room.
 */
export type Halalas = number;

/** The largest amount a halala count may hold here: 12 digits of riyals and 2 of halalas. */
const MAX_HALALAS = 99_999_999_999_999;

/**
 * The halalas of a plain decimal string with at most two places ("2557.06", "80000", "0.5"), or null for
 * anything else (signs, exponents, spaces, more places, more than 12 integer digits). Exact: digits only.
 */
export function halalasOf(text: string): Halalas | null {
  const n = text.length;
  if (n === 0 || n > 15) return null;
  let whole = 0;
  let i = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    whole = whole * 10 + c;
  }
  if (i === 0 || i > 12) return null;
  if (i === n) return whole * 100;
  if (text.charCodeAt(i) !== 46 /* . */ || n - i - 1 < 1 || n - i - 1 > 2) return null;
  let fraction = 0;
  for (let j = i + 1; j < n; j++) {
    const c = text.charCodeAt(j) - 48;
    if (c < 0 || c > 9) return null;
    fraction = fraction * 10 + c;
  }
  return whole * 100 + (n - i - 1 === 1 ? fraction * 10 : fraction);
}

/**
 * The halalas of an amount that arrived as a JSON number (the spec sends some so) and that the request's
 * rules already held to two decimals: the nearest whole number of halalas, which is the decimal sent.
 * Anything further than float noise from a whole number of halalas is refused, not rounded.
 */
export function halalasOfNumber(value: number): Halalas {
  const h = Math.round(value * 100);
  if (!Number.isFinite(value) || Math.abs(value * 100 - h) > 1e-6) throw new RangeError(`not an amount of at most two decimals: ${value}`);
  assertHalalas(h);
  return h;
}

/** "2557.06": the amount as stored and signed (always two places). */
export function halalasText(h: Halalas): string {
  assertHalalas(h);
  const cents = h % 100;
  return `${(h - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
}

/**
 * The amount as a JSON number: the division of two exact integers rounds once, to the double nearest the
 * decimal, which is the number Number("2557.06") gives too.
 */
export function halalasNumber(h: Halalas): number {
  return h / 100;
}

/** VAT on a net amount at a whole-number percent, rounded half up to the halala, in integers. */
export function vatHalalas(net: Halalas, percent: number = VAT_PERCENT): Halalas {
  assertHalalas(net);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`VAT percent must be a whole number from 0 to 100, got ${percent}`);
  const scaled = net * percent + 50;
  if (scaled > Number.MAX_SAFE_INTEGER) throw new RangeError(`VAT on ${net} halalas at ${percent}% is beyond exact integers`);
  return Math.floor(scaled / 100);
}

/** Net, VAT and gross of a net amount (the same rule as withVat, in halalas). */
export function withVatHalalas(net: Halalas, percent: number = VAT_PERCENT): { subtotal: Halalas; vat: Halalas; total: Halalas } {
  const vat = vatHalalas(net, percent);
  return { subtotal: net, vat, total: net + vat };
}

function assertHalalas(h: Halalas): void {
  if (!Number.isSafeInteger(h) || h < 0 || h > MAX_HALALAS) throw new RangeError(`not a halala amount: ${h}`);
}
