import { KeptQuotesCache } from './kept-quotes.cache';

describe('KeptQuotesCache', () => {
  const json = (bytes: number) => ['[' + 'x'.repeat(bytes - 2) + ']'];

  it('keeps requests within its bytes, letting the least recently read go first', () => {
    const cache = new KeptQuotesCache(100);
    cache.set(1, json(40));
    cache.set(2, json(40));
    expect(cache.get(1)).toEqual(json(40));
    cache.set(3, json(40));
    // 2 was read least recently: 1 was read after it was kept
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toEqual(json(40));
    expect(cache.get(3)).toEqual(json(40));
    expect(cache.size).toEqual({ requests: 2, bytes: 80 });
  });

  it('counts every answer of a request, and never keeps one larger than all it may hold', () => {
    const cache = new KeptQuotesCache(100);
    cache.set(1, [...json(30), ...json(30)]);
    expect(cache.size).toEqual({ requests: 1, bytes: 60 });
    cache.set(2, json(101));
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toHaveLength(2);
  });

  it('keeps the first JSON given for a request and forgets a request when told', () => {
    const cache = new KeptQuotesCache(100);
    cache.set(1, json(10));
    cache.set(1, json(20));
    expect(cache.get(1)).toEqual(json(10));
    cache.forget(1);
    cache.forget(7);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.size).toEqual({ requests: 0, bytes: 0 });
  });
});
