import { concatJsonArrays, jsonBytes, jsonWithArray } from './json-parts';

const parsed = (b: Buffer) => JSON.parse(b.toString('utf8'));

describe('JSON made in parts', () => {
  const parts = [[{ a: 1, name: 'الكثبان "q"' }], [], [{ a: 2 }, { a: 3, nested: [1, [2]] }]];

  it('joins arrays made earlier into one, skipping empty ones', () => {
    expect(parsed(concatJsonArrays(parts.map(jsonBytes)))).toEqual(parts.flat());
    expect(concatJsonArrays([jsonBytes([]), jsonBytes([])]).toString()).toBe('[]');
    expect(concatJsonArrays([]).toString()).toBe('[]');
  });

  it('puts the items in the named property, in its place among the others', () => {
    const value = { id: 7, quotes: [] as unknown[], note: '"quotes":[]', after: { quotes: [] } };
    const json = jsonWithArray(value, 'quotes', parts.map(jsonBytes)).toString('utf8');
    expect(JSON.parse(json)).toEqual({ ...value, quotes: parts.flat() });
    expect(Object.keys(JSON.parse(json))).toEqual(['id', 'quotes', 'note', 'after']);
    expect(parsed(jsonWithArray(value, 'quotes', []))).toEqual(value);
  });
});
