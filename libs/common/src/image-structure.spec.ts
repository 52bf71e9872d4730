import sharp from 'sharp';
import { hasImageEnd } from './image-structure';

describe('hasImageEnd', () => {
  const image = (format: 'jpeg' | 'png') => {
    const px = Buffer.alloc(64 * 48 * 3, 0).map((_, i) => (i * 97) % 251);
    const s = sharp(px, { raw: { width: 64, height: 48, channels: 3 } });
    return (format === 'jpeg' ? s.jpeg() : s.png()).toBuffer();
  };

  it('accepts complete files and refuses truncated ones', async () => {
    for (const format of ['jpeg', 'png'] as const) {
      const whole = await image(format);
      expect(hasImageEnd(whole, format)).toBe(true);
      expect(hasImageEnd(whole.subarray(0, Math.floor(whole.length * 0.6)), format)).toBe(false);
      expect(hasImageEnd(whole.subarray(0, whole.length - 4), format)).toBe(format === 'png'); // PNG's CRC after IEND is cut, IEND stays
    }
  });
});
