import { randomFillSync } from 'node:crypto';

const HEX = Buffer.from('0123456789abcdef', 'latin1');
const DASH = 0x2d;
const BYTES_PER_ID = 16;

/**
 * Random bytes drawn from the system's CSPRNG 4 KiB at a time, each byte handed out once: asking OpenSSL for
 * 16 bytes per id costs more than the id (crypto.randomUUID keeps a pool for the same reason).
 */
const pool = Buffer.allocUnsafe(256 * BYTES_PER_ID);
let used = pool.length;
const text = Buffer.allocUnsafe(36);

/**
 * `count` random (version 4) UUIDs, as crypto.randomUUID makes them. A quote request names hundreds of rows at
 * once: randomUUID builds each string from pieces (about 600 bytes of garbage per id); here each id is written
 * as ASCII into a buffer and read out as one string.
 */
export function randomUuids(count: number): string[] {
  const ids = new Array<string>(count);
  for (let u = 0; u < count; u++) {
    if (used + BYTES_PER_ID > pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    const r = used;
    used += BYTES_PER_ID;
    // RFC 9562: version 4 in the high nibble of byte 6, variant 10 in the top bits of byte 8
    pool[r + 6] = (pool[r + 6] & 0x0f) | 0x40;
    pool[r + 8] = (pool[r + 8] & 0x3f) | 0x80;
    let t = 0;
    for (let i = 0; i < BYTES_PER_ID; i++) {
      if (i === 4 || i === 6 || i === 8 || i === 10) text[t++] = DASH;
      const byte = pool[r + i];
      text[t++] = HEX[byte >> 4];
      text[t++] = HEX[byte & 15];
    }
    ids[u] = text.toString('latin1', 0, 36);
  }
  return ids;
}
