import { parseDate, textIssues, z } from '@lib/common';

/**
 * The one list convention of the admin API, the one ra-data-simple-rest speaks:
 *
 *   GET /admin/api/<resource>?sort=["name","ASC"]&range=[0,24]&filter={"q":"acme","active":true}
 *   200 [ ...rows ]            Content-Range: <resource> 0-24/319
 *
 * `sort` names one of the resource's sortable fields; `range` is inclusive, at most MAX_RANGE rows;
 * `filter` is a JSON object checked by the resource's own schema (unknown keys are 422). Every
 * parameter is optional. Bad values answer 422 naming `sort`, `range` or `filter.<key>`.
 */
export const MAX_RANGE = 100;
export const DEFAULT_RANGE: [number, number] = [0, 24];

export type SortOrder = 'ASC' | 'DESC';

export interface ListQuery<F> {
  sort: { field: string; order: SortOrder };
  skip: number;
  take: number;
  filter: F;
}

export interface ListSpec<F extends z.ZodType> {
  sortable: readonly [string, ...string[]];
  defaultSort: [string, SortOrder];
  filter: F;
}

/** A query parameter holding JSON, parsed then checked by `schema`. */
function jsonParam<T extends z.ZodType>(name: string, example: string, schema: T) {
  return z
    .string()
    .transform((text, ctx) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `The ${name} must be JSON, e.g. ${example}.` });
        return z.NEVER;
      }
      // JSON escapes (\u0000) decode to characters the raw query string was checked without
      const unclean = textIssues(value);
      for (const issue of unclean) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return unclean.length ? z.NEVER : value;
    })
    .pipe(schema);
}

export function listQuerySchema<F extends z.ZodType>(spec: ListSpec<F>) {
  const sortField = z.enum(spec.sortable as unknown as [string, ...string[]], {
    error: `The sort field must be one of: ${spec.sortable.join(', ')}.`,
  });
  const range = z
    .tuple([z.int().min(0), z.int().min(0)], { error: 'The range must be [first, last], e.g. [0,24].' })
    .refine(([a, b]) => b >= a, 'The range must end at or after its start.')
    .refine(([a, b]) => b - a < MAX_RANGE, `The range may cover at most ${MAX_RANGE} rows.`);
  return z
    .object({
      sort: jsonParam(
        'sort',
        '["created_at","DESC"]',
        z.tuple([sortField, z.enum(['ASC', 'DESC'], { error: 'The sort order must be ASC or DESC.' })]),
      ).optional(),
      range: jsonParam('range', '[0,24]', range).optional(),
      filter: jsonParam('filter', '{"q":"acme"}', spec.filter).optional(),
    })
    .strict()
    .transform((q): ListQuery<z.output<F>> => {
      const [first, last] = q.range ?? DEFAULT_RANGE;
      const [field, order] = q.sort ?? spec.defaultSort;
      return { sort: { field, order }, skip: first, take: last - first + 1, filter: (q.filter ?? spec.filter.parse({})) as z.output<F> };
    });
}

/** `{"id": "x"}` or `{"id": ["x","y"]}` as react-admin's getMany sends it. */
/** A `date_from` / `date_to` list filter: a day YYYY-MM-DD. */
export const dayFilter = z
  .string()
  .refine((v) => parseDate(v) !== null, 'The date must be YYYY-MM-DD.')
  .optional();

/** The instants a `date_from` / `date_to` pair covers, both days included (UTC). */
export function dayRange(from: string | undefined, to: string | undefined): { from?: Date; to?: Date } {
  return { from: from ? parseDate(from)! : undefined, to: to ? new Date(parseDate(to)!.getTime() + 86_400_000 - 1) : undefined };
}

export const idFilter = z.union([z.string().max(255), z.array(z.string().max(255)).max(MAX_RANGE)]).optional();

export function idsOf(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}

/** Prisma orderBy for a sort, with the id as tie-breaker so pages never overlap. */
export function orderBy(sort: ListQuery<unknown>['sort'], columns: Record<string, string>): Array<Record<string, 'asc' | 'desc'>> {
  const dir = sort.order === 'ASC' ? 'asc' : 'desc';
  const column = columns[sort.field] ?? sort.field;
  return column === 'id' ? [{ id: dir }] : [{ [column]: dir }, { id: dir }];
}

/** An `id` filter's integer ids; values that are not positive integers match nothing. */
export function intIds(value: string | string[] | undefined): number[] | undefined {
  return idsOf(value)
    ?.map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}
