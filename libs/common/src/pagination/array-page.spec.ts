import { arrayPageHeaders, arrayPageQueryShape } from './array-page';
import { z } from 'zod';

describe('plain-array list pages', () => {
  const q = z.strictObject(arrayPageQueryShape);

  it('defaults to the first 500, refuses more than 500 a page', () => {
    expect(q.parse({})).toEqual({ page: 1, per_page: 500 });
    expect(q.safeParse({ per_page: '501' }).error?.issues[0].message).toBe('The per page may not be greater than 500.');
    expect(q.safeParse({ page: '0' }).error?.issues[0].message).toBe('The page must be at least 1.');
  });

  it.each([
    [0, 1, 10, ['first', 'last'], '0'],
    [25, 1, 10, ['first', 'next', 'last'], '25'],
    [25, 2, 10, ['first', 'prev', 'next', 'last'], '25'],
    [25, 3, 10, ['first', 'prev', 'last'], '25'],
    [25, 9, 10, ['first', 'prev', 'last'], '25'],
  ])('%i items, page %i of %i a page: links %j', (total, page, perPage, rels, count) => {
    const h = arrayPageHeaders(total, { page, per_page: perPage }, 'https://api.example/x', { company_id: 7, status: undefined });
    expect(h['X-Total-Count']).toBe(count);
    expect([...h.Link.matchAll(/rel="(\w+)"/g)].map((m) => m[1])).toEqual(rels);
    expect(h.Link).toContain('<https://api.example/x?company_id=7&page=1&per_page=10>; rel="first"');
  });

  it('a page past the end points back to the last one', () => {
    const h = arrayPageHeaders(25, { page: 9, per_page: 10 }, 'https://api.example/x');
    expect(h.Link).toContain('<https://api.example/x?page=3&per_page=10>; rel="prev"');
    expect(h.Link).toContain('<https://api.example/x?page=3&per_page=10>; rel="last"');
  });
});
