import { z } from 'zod';
import { pageQueryShape, toPage } from './page';

describe('pagination', () => {
  const path = 'http://api.test/api/v1/things';

  it('builds the Laravel envelope', () => {
    const page = toPage(['c', 'd'], 5, { page: 2, per_page: 2 }, path, { owner_id: '1000000001' });
    expect(page).toMatchObject({
      current_page: 2,
      data: ['c', 'd'],
      from: 3,
      to: 4,
      last_page: 3,
      per_page: 2,
      total: 5,
      path,
      first_page_url: `${path}?owner_id=1000000001&page=1`,
      next_page_url: `${path}?owner_id=1000000001&page=3`,
      prev_page_url: `${path}?owner_id=1000000001&page=1`,
    });
    expect(page.links.map((l) => l.label)).toEqual(['« Previous', '1', '2', '3', 'Next »']);
    expect(page.links.find((l) => l.active)?.label).toBe('2');
  });

  it('shows a window of page links on long lists, as Laravel does', () => {
    const labels = (page: number, total: number) => toPage([], total, { page, per_page: 10 }, path).links.map((l) => l.label);
    expect(labels(1, 130)).toEqual(['« Previous', ...Array.from({ length: 13 }, (_, i) => String(i + 1)), 'Next »']);
    expect(labels(1, 10_000_000)).toEqual(['« Previous', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '...', '999999', '1000000', 'Next »']);
    expect(labels(500, 10_000_000)).toEqual([
      '« Previous',
      '1',
      '2',
      '...',
      '497',
      '498',
      '499',
      '500',
      '501',
      '502',
      '503',
      '...',
      '999999',
      '1000000',
      'Next »',
    ]);
    expect(labels(999_995, 10_000_000)).toEqual(['« Previous', '1', '2', '...', ...Array.from({ length: 10 }, (_, i) => String(999_991 + i)), 'Next »']);
    const dots = toPage([], 10_000, { page: 50, per_page: 10 }, path).links.filter((l) => l.label === '...');
    expect(dots).toEqual([
      { url: null, label: '...', active: false },
      { url: null, label: '...', active: false },
    ]);
  });

  it('handles an empty list', () => {
    const page = toPage([], 0, { page: 1, per_page: 15 }, path);
    expect(page).toMatchObject({ from: null, to: null, last_page: 1, next_page_url: null, prev_page_url: null });
  });

  it('validates page and per_page', () => {
    const schema = z.object(pageQueryShape);
    expect(schema.parse({})).toEqual({ page: 1, per_page: 15 });
    expect(schema.safeParse({ per_page: '101' }).success).toBe(false);
    expect(schema.safeParse({ page: '0' }).success).toBe(false);
    expect(schema.safeParse({ page: 'x' }).success).toBe(false);
  });
});
