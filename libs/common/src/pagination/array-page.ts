import { pageQueryFields } from './page';

/** The most (and, unasked, the number of) items a plain-array list answers at once. */
export const ARRAY_MAX_PER_PAGE = 500;

/**
 * `page` and `per_page` of a list the real service documents as a plain array (medical, life): the body stays an
 * array, so code written for it works unchanged, and a long list is read a page at a time (the headers say where).
 */
export const arrayPageQueryShape = pageQueryFields(ARRAY_MAX_PER_PAGE, ARRAY_MAX_PER_PAGE);

/** What the OpenAPI says of such a list's paging. */
export const ARRAY_PAGE_NOTE =
  ` At most \`per_page\` (1 to ${ARRAY_MAX_PER_PAGE}, default ${ARRAY_MAX_PER_PAGE}) items from \`page\` (default 1): the body stays a plain array; ` +
  '`X-Total-Count` gives how many match, and `Link` the `first`, `prev`, `next` and `last` pages (RFC 8288).';

/** The OpenAPI of those headers. */
export const ARRAY_PAGE_HEADERS = {
  'X-Total-Count': { description: 'How many items match the filters, on every page.', schema: { type: 'integer' as const } },
  Link: {
    description: 'RFC 8288 links to the `first`, `prev`, `next` and `last` pages (`prev` and `next` only where they exist).',
    schema: { type: 'string' as const },
  },
};

/**
 * The headers of one page of a plain-array list: `X-Total-Count` and a `Link` header with the neighbouring pages.
 * `path` is the list's absolute URL without query; `query` the filters every link carries.
 */
export function arrayPageHeaders(
  total: number,
  req: { page: number; per_page: number },
  path: string,
  query: Record<string, string | number | undefined> = {},
): Record<string, string> {
  const last = Math.max(1, Math.ceil(total / req.per_page));
  const url = (page: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
    params.set('page', String(page));
    params.set('per_page', String(req.per_page));
    return `<${path}?${params.toString()}>`;
  };
  const links = [`${url(1)}; rel="first"`];
  if (req.page > 1) links.push(`${url(Math.min(req.page - 1, last))}; rel="prev"`);
  if (req.page < last) links.push(`${url(req.page + 1)}; rel="next"`);
  links.push(`${url(last)}; rel="last"`);
  return { 'X-Total-Count': String(total), Link: links.join(', ') };
}
