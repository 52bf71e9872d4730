import { v7 } from 'uuid';

/**
 * A UUID version 7 (RFC 9562): the row's creation instant (milliseconds) in its first 48 bits, then random bits. The
 * log is partitioned by that instant, so a row's id alone says which partition holds it (see `requestLogIdTime`).
 */
export function requestLogId(at: Date): string {
  return v7({ msecs: at.getTime() });
}

const V7 = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The instant a request log id was made at; null for anything else (then no row has it). */
export function requestLogIdTime(id: string): Date | null {
  const m = V7.exec(id);
  return m ? new Date(parseInt(m[1] + m[2], 16)) : null;
}
