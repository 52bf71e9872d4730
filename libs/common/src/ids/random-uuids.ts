import { randomFillSync } from 'node:crypto';

const HEX = Buffer.from('0123456789abcdef', 'latin1');
const DASH = 0x2d;

/**
 * `count` random (version 4) UUIDs from one draw of the system's CSPRNG, as crypto.randomUUID makes them.
 * A quote request names hundreds of rows at once: randomUUID builds each string from pieces (about 600 bytes
 * of garbage per id); here each id is written as ASCII into one buffer and read out as a single string.
 */
export function randomUuids(count: number): string[] {
  const ids = new Array<string>(count);
  if (count === 0) return ids;
  const random = randomFillSync(Buffer.allocUnsafe(16 * count));
  const text = Buffer.allocUnsafe(36 * count);
  for (let u = 0; u < count; u++) {
    const r = u * 16;
    const start = u * 36;
    // RFC 9562: version 4 in the high nibble of byte 6, variant 10 in the top bits of byte 8
    random[r + 6] = (random[r + 6] & 0x0f) | 0x40;
    random[r + 8] = (random[r + 8] & 0x3f) | 0x80;
    let t = start;
    for (let i = 0; i < 16; i++) {
      if (i === 4 || i === 6 || i === 8 || i === 10) text[t++] = DASH;
      const byte = random[r + i];
      text[t++] = HEX[byte >> 4];
      text[t++] = HEX[byte & 15];
    }
    ids[u] = text.toString('latin1', start, start + 36);
  }
  return ids;
}
