import { allocateHalalas } from './allocate';

describe('allocateHalalas', () => {
  it('splits in proportion and adds up exactly, the leftover halalas to the largest fractions', () => {
    // 100 over three equal parts: 33.33 each, the one halala left to the first (a tie, earliest first)
    expect(allocateHalalas(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 15% of 3 x 33.33 SAR (9999 halalas): 1500 halalas over weights 3333 each
    expect(allocateHalalas(1500, [3333, 3333, 3333])).toEqual([500, 500, 500]);
    // exact shares 4.6, 2.3, 3.1: the one halala left goes to the largest fraction, .6
    expect(allocateHalalas(10, [46, 23, 31])).toEqual([5, 2, 3]);
    const shares = allocateHalalas(123457, [30000, 15000, 45000, 7, 1]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(123457);
  });

  it('is the same for the same inputs and exact for large amounts', () => {
    const weights = [99_999_999_999, 1, 33_333_333_333];
    expect(allocateHalalas(9_999_999_999_999, weights)).toEqual(allocateHalalas(9_999_999_999_999, weights));
    expect(allocateHalalas(9_999_999_999_999, weights).reduce((a, b) => a + b, 0)).toBe(9_999_999_999_999);
  });

  it('splits evenly when every weight is 0, and refuses what cannot be split', () => {
    expect(allocateHalalas(5, [0, 0])).toEqual([3, 2]);
    expect(allocateHalalas(0, [])).toEqual([]);
    expect(() => allocateHalalas(1, [])).toThrow(RangeError);
    expect(() => allocateHalalas(-1, [1])).toThrow(RangeError);
    expect(() => allocateHalalas(1, [0.5])).toThrow(RangeError);
  });
});
