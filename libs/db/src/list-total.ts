/**
 * The `total` of a list envelope without counting a million rows on every page.
 *
 * Up to EXACT_TOTAL_UP_TO matching rows the total is counted on every request (a count bounded by
 * `LIMIT EXACT_TOTAL_UP_TO + 1`, a few milliseconds at most). Past that the exact count is taken once and
 * reused for LARGE_TOTAL_TTL_MS per list and filter (in each API instance), so a partner paging through
 * a very large list sees a stable, exact total that may lag new rows by up to that long.
 */
export const EXACT_TOTAL_UP_TO = 10_000;
export const LARGE_TOTAL_TTL_MS = 30_000;
const MAX_ENTRIES = 1_000;

const large = new Map<string, { total: number; at: number }>();

/**
 * `count(take)` counts the matching rows, at most `take` of them when given (Prisma's `count({ where, take, orderBy })`,
 * ordered as the list is so that the bounded count reads the list's own index, whatever other clients' rows
 * the table holds, rather than a table scan that the planner may pick when it expects most rows to match).
 * `key` names the list and its filter (the model and the `where`, serialised).
 */
export async function listTotal(key: string, count: (take?: number) => Promise<number>): Promise<number> {
  const known = cachedLargeTotal(key);
  if (known !== undefined) return known;
  const bounded = await count(EXACT_TOTAL_UP_TO + 1);
  if (bounded <= EXACT_TOTAL_UP_TO) return bounded;
  return rememberLargeTotal(key, await count());
}

/** The total of a list known to be large within the last LARGE_TOTAL_TTL_MS, if there is one: it is not counted again. */
export function cachedLargeTotal(key: string): number | undefined {
  const hit = large.get(key);
  return hit && performance.now() - hit.at < LARGE_TOTAL_TTL_MS ? hit.total : undefined;
}

/** Keeps a large list's exact total for LARGE_TOTAL_TTL_MS; answers it. */
export function rememberLargeTotal(key: string, total: number): number {
  if (large.size >= MAX_ENTRIES) large.clear();
  large.set(key, { total, at: performance.now() });
  return total;
}

/** The key of a list for listTotal: its model and its filter (`where`, with dates as ISO strings). */
export function listTotalKey(model: string, where: unknown): string {
  return `${model}:${JSON.stringify(where)}`;
}
