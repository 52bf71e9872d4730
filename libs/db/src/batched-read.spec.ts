import { batchedRead } from './batched-read';

describe('batchedRead', () => {
  it('sends the reads started together as one batch, each caller getting its own key', async () => {
    const batches: number[][] = [];
    const double = batchedRead(async (keys: number[]) => {
      batches.push(keys);
      return keys.map((k) => k * 2);
    });
    // as a page does: every row's read starts, then some continue into a second read
    const results = await Promise.all([1, 2, 3].map(async (k) => (await double(k)) + (await double(k * 10))));
    expect(results).toEqual([22, 44, 66]);
    expect(batches).toEqual([
      [1, 2, 3],
      [10, 20, 30],
    ]);
  });

  it('a read started after a batch was sent goes in the next one', async () => {
    const batches: string[][] = [];
    const echo = batchedRead(async (keys: string[]) => {
      batches.push(keys);
      return keys;
    });
    expect(await echo('a')).toBe('a');
    expect(await echo('b')).toBe('b');
    expect(batches).toEqual([['a'], ['b']]);
  });

  it('a failed batch fails each of its reads', async () => {
    const broken = batchedRead<number, number>(async () => {
      throw new Error('database down');
    });
    const reads = [broken(1), broken(2)];
    await expect(reads[0]).rejects.toThrow('database down');
    await expect(reads[1]).rejects.toThrow('database down');
  });
});
