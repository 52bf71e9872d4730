import Decimal from 'decimal.js';

/** SAR amounts are decimals with two places; arithmetic never goes through binary floats. */
export type Money = Decimal;

/** The VAT rate applied to motor and property premiums, in percent. One place only. */
export const VAT_PERCENT = 15;

const MoneyDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export function money(value: Decimal.Value): Money {
  return new MoneyDecimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export function sum(values: Decimal.Value[]): Money {
  return money(values.reduce<Decimal>((acc, v) => acc.plus(v), new MoneyDecimal(0)));
}

/** VAT on a net amount, rounded half-up to the halala. */
export function vatOn(net: Decimal.Value, percent: Decimal.Value = VAT_PERCENT): Money {
  return money(new MoneyDecimal(net).times(percent).dividedBy(100));
}

/** Net, VAT and gross of a net amount. */
export function withVat(net: Decimal.Value, percent: Decimal.Value = VAT_PERCENT) {
  const subtotal = money(net);
  const vat = vatOn(subtotal, percent);
  return { subtotal, vat, total: money(subtotal.plus(vat)), vatPercentage: new MoneyDecimal(percent) };
}

/** A plain decimal string of at most two places: already what money() would make of it. */
const TWO_PLACES = /^-?\d{1,15}(\.\d{1,2})?$/;

/**
 * A JSON number for a response field. The decimal already has two places, so the number prints exactly.
 * Stored amounts arrive as such strings by the hundred per quote request: those skip the Decimal (same number:
 * both end in Number() of the same digits), anything else is rounded first.
 */
export function amountNumber(value: Decimal.Value): number {
  if (typeof value === 'string' && TWO_PLACES.test(value)) return Number(value);
  return money(value).toNumber();
}

/** "6016.94" for storage and signatures. */
export function amountString(value: Decimal.Value): string {
  return money(value).toFixed(2);
}
