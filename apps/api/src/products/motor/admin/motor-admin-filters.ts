import { parseDate, z } from '@lib/common';
import { MAX_RANGE } from '../../../platform/admin/list/list-query';

const DAY_MS = 86_400_000;

const day = (field: string) => z.string().refine((v) => parseDate(v) !== null, `The ${field} must be a date, YYYY-MM-DD.`);

/**
 * The created-date range of the console's motor lists: whole UTC days, both ends inclusive
 * (`created_to` covers its whole day), as react-admin's date inputs send them.
 */
export const createdRangeShape = {
  created_from: day('created_from').optional(),
  created_to: day('created_to').optional(),
};

export function refineCreatedRange(v: { created_from?: string; created_to?: string }, ctx: z.RefinementCtx) {
  if (v.created_from && v.created_to && v.created_to < v.created_from) {
    ctx.addIssue({ code: 'custom', path: ['created_to'], message: 'The created_to date must be on or after created_from.' });
  }
}

export function createdRange(v: { created_from?: string; created_to?: string }): { createdFrom?: Date; createdBefore?: Date } {
  return {
    createdFrom: v.created_from ? parseDate(v.created_from)! : undefined,
    createdBefore: v.created_to ? new Date(parseDate(v.created_to)!.getTime() + DAY_MS) : undefined,
  };
}

const idValue = z.union([z.string().max(255), z.int()]);

/**
 * react-admin's getMany ids (`{"id":[1,2]}`: numbers, as these resources' ids are; strings accepted too).
 * Ids that are not numbers match nothing rather than failing the page.
 */
export const numericIdFilter = z.union([idValue, z.array(idValue).max(MAX_RANGE)]).optional();

export function numericIds(value: string | number | Array<string | number> | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value])
    .map(String)
    .filter((i) => /^\d{1,9}$/.test(i))
    .map(Number);
}
