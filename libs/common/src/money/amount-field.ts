import { z } from '../validation/z';

const MAX_AMOUNT = 100_000_000;

/**
 * An amount in SAR: a JSON number or a numeric string (the real service validates "numeric"), positive,
 * with at most two decimals; kept as a decimal string so it never passes through float arithmetic.
 */
export const amountField = (label: string) =>
  z.union([z.number(), z.string()], { error: `The ${label} must be a number.` }).transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: `The ${label} must be a positive amount with at most 2 decimals.` });
      return z.NEVER;
    }
    if (Number(s) <= 0) ctx.addIssue({ code: 'custom', message: `The ${label} must be greater than 0.` });
    if (Number(s) > MAX_AMOUNT) ctx.addIssue({ code: 'custom', message: `The ${label} may not be greater than ${MAX_AMOUNT}.` });
    return s;
  });
