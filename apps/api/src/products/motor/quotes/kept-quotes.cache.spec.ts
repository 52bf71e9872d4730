import { KeptQuotesCache } from './kept-quotes.cache';
import type { MotorQuoteOfferOut } from './quote-request.response';

describe('KeptQuotesCache', () => {
  // n offers (their JSON's bytes are given beside them)
  const offers = (n: number) => Array.from({ length: n }, () => ({}) as MotorQuoteOfferOut);

  it('keeps requests within its bytes, letting the least recently read go first', () => {
    const cache = new KeptQuotesCache(100);
    cache.set(1, offers(40), 40);
    cache.set(2, offers(40), 40);
    expect(cache.get(1)).toHaveLength(40);
    cache.set(3, offers(40), 40);
    // 2 was read least recently: 1 was read after it was kept
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toHaveLength(40);
    expect(cache.get(3)).toHaveLength(40);
    expect(cache.size).toEqual({ requests: 2, bytes: 80 });
  });

  it('counts the bytes it is told, and never keeps one larger than all it may hold', () => {
    const cache = new KeptQuotesCache(100);
    cache.set(1, offers(2), 60);
    expect(cache.size).toEqual({ requests: 1, bytes: 60 });
    cache.set(2, offers(101), 101);
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toHaveLength(2);
  });

  it('keeps the first offers given for a request and forgets a request when told', () => {
    const cache = new KeptQuotesCache(100);
    cache.set(1, offers(10), 10);
    cache.set(1, offers(20), 20);
    expect(cache.get(1)).toHaveLength(10);
    cache.forget(1);
    cache.forget(7);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.size).toEqual({ requests: 0, bytes: 0 });
  });
});
