import { randomUuids } from './random-uuids';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuids', () => {
  it('makes version 4 UUIDs in the canonical lower-case form', () => {
    const ids = randomUuids(500);
    expect(ids).toHaveLength(500);
    for (const id of ids) expect(id).toMatch(V4);
  });

  it('never repeats, within a draw or across draws and refills of its random pool', () => {
    const ids = [...randomUuids(2000), ...randomUuids(1), ...randomUuids(255), ...randomUuids(2000)];
    expect(new Set(ids).size).toBe(4256);
  });

  it('spreads every random hex digit over all sixteen values', () => {
    const ids = randomUuids(4000);
    // positions 0 and 35 are fully random; position 19 carries the variant (8, 9, a, b only)
    for (const position of [0, 35]) expect(new Set(ids.map((id) => id[position])).size).toBe(16);
    expect(new Set(ids.map((id) => id[19]))).toEqual(new Set(['8', '9', 'a', 'b']));
  });

  it('makes none for zero', () => {
    expect(randomUuids(0)).toEqual([]);
  });
});
