import { z } from 'zod';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 15;

/** `page` and `per_page` query parameters, validated: `per_page` from 1 to `max`, `defaultPerPage` when absent. */
export function pageQueryFields(max: number, defaultPerPage: number) {
  return {
    page: z.coerce.number({ error: 'The page must be an integer.' }).int('The page must be an integer.').min(1, 'The page must be at least 1.').default(1),
    per_page: z.coerce
      .number({ error: 'The per page must be an integer.' })
      .int('The per page must be an integer.')
      .min(1, 'The per page must be at least 1.')
      .max(max, `The per page may not be greater than ${max}.`)
      .default(defaultPerPage),
  };
}

/** The paginator envelope's `page` and `per_page`. */
export const pageQueryShape = pageQueryFields(MAX_PER_PAGE, DEFAULT_PER_PAGE);

export interface PageRequest {
  page: number;
  per_page: number;
}

export interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

/** The list envelope of the real service (Laravel's length-aware paginator). */
export interface Page<T> {
  current_page: number;
  data: T[];
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  links: PageLink[];
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
}

export function pageSkip(req: PageRequest): number {
  return (req.page - 1) * req.per_page;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The page numbers `links` shows, as Laravel's paginator window does (`onEachSide` 3): every page up to 13 pages,
 * else the first two, the current page with three on each side and the last two, a `...` link (url null)
 * for each gap. A list of a million rows answers a dozen links, not one per page.
 */
export function pageWindow(current: number, last: number, onEachSide = 3): Array<number | '...'> {
  if (last < onEachSide * 2 + 8) return range(1, last);
  const window = onEachSide + 4;
  if (current <= window) return [...range(1, window + onEachSide), '...', last - 1, last];
  if (current > last - window) return [1, 2, '...', ...range(last - (window + (onEachSide - 1)), last)];
  return [1, 2, '...', ...range(current - onEachSide, current + onEachSide), '...', last - 1, last];
}

/**
 * Builds the envelope. `path` is the absolute URL of the list without query;
 * `query` holds the filters to carry into every page link.
 */
export function toPage<T>(
  items: T[],
  total: number,
  req: PageRequest,
  path: string,
  query: Record<string, string | number | boolean | undefined> = {},
): Page<T> {
  const lastPage = Math.max(1, Math.ceil(total / req.per_page));
  const url = (page: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && k !== 'page') params.set(k, String(v));
    params.set('page', String(page));
    return `${path}?${params.toString()}`;
  };
  const from = items.length ? pageSkip(req) + 1 : null;
  const links: PageLink[] = [
    { url: req.page > 1 ? url(req.page - 1) : null, label: '« Previous', active: false },
    ...pageWindow(req.page, lastPage).map((n) =>
      n === '...' ? { url: null, label: '...', active: false } : { url: url(n), label: String(n), active: n === req.page },
    ),
    { url: req.page < lastPage ? url(req.page + 1) : null, label: 'Next »', active: false },
  ];
  return {
    current_page: req.page,
    data: items,
    first_page_url: url(1),
    from,
    last_page: lastPage,
    last_page_url: url(lastPage),
    links,
    next_page_url: req.page < lastPage ? url(req.page + 1) : null,
    path,
    per_page: req.per_page,
    prev_page_url: req.page > 1 ? url(req.page - 1) : null,
    to: from === null ? null : from + items.length - 1,
    total,
  };
}

/** How the paginator envelope's `total` and `links` are computed on lists that can grow large (OpenAPI descriptions). */
export const LARGE_LIST_TOTAL_NOTE =
  ' `total` is exact: counted on every request up to 10,000 matching rows; past that it is counted once and reused for up to 30 seconds ' +
  'for the same filters, so it may lag rows added meanwhile. `links` shows a window of pages (the first two, three on each side of ' +
  'the current one, the last two, with `...` for the gaps) as Laravel does.';
