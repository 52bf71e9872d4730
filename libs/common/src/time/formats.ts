/** 2026-11-22T10:15:30.123000Z: UTC with six fractional digits, as motor and property objects return it. */
export function formatDateTime(d: Date): string {
  return d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** 2026-11-22T10:15:30+00:00: the offset form the spec uses for `quote_expiry_date`. */
export function formatDateTimeOffset(d: Date): string {
  const t = d.getTime();
  if (t !== lastOffsetTime) {
    lastOffsetText = d.toISOString().replace(/\.\d{3}Z$/, '+00:00');
    lastOffsetTime = t;
  }
  return lastOffsetText;
}

/**
 * The last instant formatDateTimeOffset formatted, and its text: an insurer's offers share one expiry, so a quote
 * request's answers format it once an answer rather than once an offer (an invalid date is NaN, never equal: it throws).
 */
let lastOffsetTime = NaN;
let lastOffsetText = '';

export function formatNullableDateTime(d: Date | null | undefined): string | null {
  return d ? formatDateTime(d) : null;
}

/** YYYY-MM-DD of the given instant in UTC. */
export function formatDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a strict YYYY-MM-DD Gregorian date (rejecting 2026-02-30) as midnight UTC. */
export function parseDate(value: string): Date | null {
  const m = DATE_RE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** Whole days from `from` (a date) to `to` (a date), both taken at UTC midnight. */
export function daysBetween(from: Date, to: Date): number {
  const a = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  const b = Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate());
  return Math.round((b - a) / 86_400_000);
}
