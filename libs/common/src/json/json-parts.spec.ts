import { arrayItemsParts, arrayParts, concatJsonArrays, joinJson, jsonBytes, jsonPartsWith, jsonWithArray } from './json-parts';

const parsed = (b: Buffer) => JSON.parse(b.toString('utf8'));
const byteString = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

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

  it('takes JSON read as byte strings (one character per UTF-8 byte) as well as bytes, and writes their bytes', () => {
    const texts = parts.map((p) => byteString(JSON.stringify(p)));
    expect(concatJsonArrays(texts).toString('utf8')).toBe(JSON.stringify(parts.flat()));
    expect(jsonWithArray({ id: 1, quotes: [] }, 'quotes', [texts[0], jsonBytes(parts[2])]).toString('utf8')).toBe(
      JSON.stringify({ id: 1, quotes: [...parts[0], ...parts[2]] }),
    );
  });

  it('nests values made in parts (a page of objects, each with its array put in) and joins them once', () => {
    const items = [
      { id: 1, quotes: [] as unknown[] },
      { id: 2, quotes: [] as unknown[], name: 'الكثبان' },
    ];
    const itemParts = items.map((item, i) => jsonPartsWith(item, 'quotes', arrayItemsParts([byteString(JSON.stringify(parts[i])), jsonBytes(parts[2])])));
    const page = { current_page: 1, data: [] as unknown[], total: 2 };
    const json = joinJson(jsonPartsWith(page, 'data', arrayParts(itemParts))).toString('utf8');
    expect(json).toBe(JSON.stringify({ ...page, data: items.map((item, i) => ({ ...item, quotes: [...parts[i], ...parts[2]] })) }));
    expect(joinJson(arrayParts([])).toString()).toBe('[]');
  });
});
