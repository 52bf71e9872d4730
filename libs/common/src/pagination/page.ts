import { z } from 'zod';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 15;

/** `page` and `per_page` query parameters, validated. */
export const pageQueryShape = {
  page: z.coerce.number({ error: 'The page must be an integer.' }).int('The page must be an integer.').min(1, 'The page must be at least 1.').default(1),
  per_page: z.coerce
    .number({ error: 'The per page must be an integer.' })
    .int('The per page must be an integer.')
    .min(1, 'The per page must be at least 1.')
    .max(MAX_PER_PAGE, `The per page may not be greater than ${MAX_PER_PAGE}.`)
    .default(DEFAULT_PER_PAGE),
};

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
    ...Array.from({ length: lastPage }, (_, i) => ({ url: url(i + 1), label: String(i + 1), active: i + 1 === req.page })),
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
