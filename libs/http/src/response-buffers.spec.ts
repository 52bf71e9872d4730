import { ResponseBuffers } from './response-buffers';

describe('ResponseBuffers', () => {
  it('gives buffers of the size class (a power of two, at least the minimum) and takes a given one again', () => {
    const pool = new ResponseBuffers(1024, 16 * 1024);
    const a = pool.take(3000);
    expect(a.length).toBe(4096);
    expect(pool.take(10).length).toBe(1024);
    pool.give(a);
    expect(pool.waiting).toBe(4096);
    expect(pool.take(2049)).toBe(a);
    expect(pool.waiting).toBe(0);
    // another class is not taken from this one
    pool.give(a);
    expect(pool.take(5000)).not.toBe(a);
  });

  it('keeps at most its bytes waiting, and nothing it did not give', () => {
    const pool = new ResponseBuffers(1024, 8192);
    const [a, b, c] = [pool.take(4096), pool.take(4096), pool.take(4096)];
    pool.give(a);
    pool.give(b);
    pool.give(c);
    expect(pool.waiting).toBe(8192);
    pool.give(Buffer.alloc(3000));
    expect(pool.waiting).toBe(8192);
  });
});
