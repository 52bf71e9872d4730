import { randomBytes } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562): the row's creation instant (milliseconds) in its first 48 bits, then random bits. The
 * log is partitioned by that instant, so a row's id alone says which partition holds it (see `requestLogIdTime`).
 */
export function requestLogId(at: Date): string {
  const b = randomBytes(16);
  b.writeUIntBE(at.getTime(), 0, 6);
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const V7 = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The instant a request log id was made at; null for anything else (then no row has it). */
export function requestLogIdTime(id: string): Date | null {
  const m = V7.exec(id);
  return m ? new Date(parseInt(m[1] + m[2], 16)) : null;
}
