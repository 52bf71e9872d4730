/** Retry delays never grow past this, so a long outage is retried a few times a day rather than never. */
export const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;

/**
 * The wait after failed attempt `attempt` (1-based): base × 4^(attempt-1), capped at six hours, times a jitter
 * factor in [0.8, 1.2) so endpoints that failed together are not all retried in the same instant.
 * With the default base of one minute: ~1 min, 4 min, 16 min, 64 min, 4.3 h, 6 h, 6 h (about 18 hours in all).
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const raw = Math.min(baseMs * 4 ** Math.max(0, attempt - 1), MAX_RETRY_DELAY_MS);
  return Math.round(raw * (0.8 + 0.4 * random()));
}

export type AttemptVerdict = 'delivered' | 'retry' | 'final';

/** 2xx accepts; any other 4xx is final (the receiver refused it) except 408 and 429; 3xx, 5xx, timeouts and network errors are retried. */
export function verdictOf(statusCode: number | null): AttemptVerdict {
  if (statusCode === null) return 'retry';
  if (statusCode >= 200 && statusCode < 300) return 'delivered';
  if (statusCode >= 400 && statusCode < 500 && statusCode !== 408 && statusCode !== 429) return 'final';
  return 'retry';
}
