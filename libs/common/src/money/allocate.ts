import type { Halalas } from './halalas';

/**
 * Splits `total` halalas across parts in proportion to their weights so that the shares add up to it exactly:
 * each part gets the whole halalas of its exact share, and the halalas left over go one each to the parts with
 * the largest fractions, the earlier part first on a tie (so the same inputs always split the same way).
 * Exact: the products are taken in BigInt. Parts of equal weight share evenly when every weight is 0.
 */
export function allocateHalalas(total: Halalas, weights: readonly Halalas[]): Halalas[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`not a halala amount to allocate: ${total}`);
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError('weights must be whole, non-negative halalas');
  if (weights.length === 0) {
    if (total !== 0) throw new RangeError('nothing to allocate to');
    return [];
  }
  const even = weights.every((w) => w === 0);
  const w = weights.map((x) => BigInt(even ? 1 : x));
  const sum = w.reduce((a, b) => a + b, 0n);
  const t = BigInt(total);
  const shares = w.map((x) => (t * x) / sum);
  const fractions = w.map((x, i) => ({ i, rest: (t * x) % sum }));
  let left = Number(t - shares.reduce((a, b) => a + b, 0n));
  fractions.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const f of fractions) {
    if (left === 0) break;
    shares[f.i] += 1n;
    left -= 1;
  }
  return shares.map(Number);
}
