import { setMaxListeners } from 'node:events';
import { isMotorProviderError } from './motor-provider.error';
import type { MotorInsurer, MotorOffer, MotorProvider, MotorQuoteResult, MotorRisk } from './motor-provider.port';

export type QuoteOutcomeKind = 'ok' | 'declined' | 'timeout' | 'error';

export interface InsurerQuoteOutcome {
  insurer: MotorInsurer;
  outcome: QuoteOutcomeKind;
  latency_ms: number;
  /** Empty unless the outcome is 'ok'. */
  offers: MotorOffer[];
  /** Set when the insurer declined the risk. */
  decline?: { code: string; reason: string };
  /** Set on 'timeout' and 'error': for logs and the console, never shown to a customer. */
  error?: string;
}

export interface FanOutOptions {
  /** How long one insurer may take. */
  perInsurerTimeoutMs: number;
  /** Bound for the whole fan-out: whoever is still running then counts as 'timeout'. */
  deadlineMs: number;
  /** Stops every call still running, as the deadline does (the caller no longer needs the answers). */
  signal?: AbortSignal;
  /**
   * Told of each insurer's outcome the moment it is known (arrival order), before the fan-out ends:
   * progressive quotes store and stream each answer at once. It must not throw; what it throws is ignored.
   */
  onOutcome?: (outcome: InsurerQuoteOutcome, index: number) => void;
}

type Limit = { limit: 'insurer' | 'deadline' };

/**
 * Asks every insurer at once and reports one outcome per insurer, in the order given. One insurer's
 * failure or slowness never touches another's outcome, and this never throws because an insurer
 * failed. The timers race the provider call, so even a provider that ignores its abort signal cannot
 * hold the caller past the deadline.
 */
export async function fanOutQuotes(
  provider: MotorProvider,
  insurers: readonly MotorInsurer[],
  risk: MotorRisk,
  options: FanOutOptions,
): Promise<InsurerQuoteOutcome[]> {
  const deadline = new AbortController();
  // every insurer call and its timers listen to this one signal: that is by design, not a leak
  setMaxListeners(Math.max(10, insurers.length * 3), deadline.signal);
  const timer = setTimeout(() => deadline.abort(), options.deadlineMs);
  const stop = () => deadline.abort();
  if (options.signal?.aborted) stop();
  else options.signal?.addEventListener('abort', stop, { once: true });
  const started = performance.now();
  try {
    return await Promise.all(
      insurers.map(async (insurer, index) => {
        const outcome = await quoteOne(provider, insurer, risk, options, deadline.signal, started);
        try {
          options.onOutcome?.(outcome, index);
        } catch {
          // the listener's failure is its own (see onOutcome): the fan-out still reports every outcome
        }
        return outcome;
      }),
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}

async function quoteOne(
  provider: MotorProvider,
  insurer: MotorInsurer,
  risk: MotorRisk,
  options: FanOutOptions,
  deadline: AbortSignal,
  started: number,
): Promise<InsurerQuoteOutcome> {
  const own = new AbortController();
  const signal = AbortSignal.any([own.signal, deadline]);
  let timer: NodeJS.Timeout | undefined;
  let onDeadline: (() => void) | undefined;
  const limit = new Promise<Limit>((resolve) => {
    timer = setTimeout(() => resolve({ limit: 'insurer' }), options.perInsurerTimeoutMs);
    onDeadline = () => resolve({ limit: 'deadline' });
    if (deadline.aborted) onDeadline();
    else deadline.addEventListener('abort', onDeadline, { once: true });
  });
  const latency = () => Math.round(performance.now() - started);
  const base = { insurer, offers: [] as MotorOffer[] };
  try {
    const call = Promise.resolve().then(() => provider.quote(insurer.code, risk, { signal, timeoutMs: options.perInsurerTimeoutMs }));
    const result: MotorQuoteResult | Limit = await Promise.race([call, limit]);
    if ('limit' in result) {
      own.abort();
      const error =
        result.limit === 'insurer' ? `No answer within ${options.perInsurerTimeoutMs} ms.` : `Still running at the ${options.deadlineMs} ms deadline.`;
      return { ...base, outcome: 'timeout', latency_ms: latency(), error };
    }
    if (result.status === 'declined') {
      return { ...base, outcome: 'declined', latency_ms: latency(), decline: { code: result.reasonCode, reason: result.reason } };
    }
    return { ...base, outcome: 'ok', latency_ms: latency(), offers: result.offers };
  } catch (err) {
    const timedOut = isMotorProviderError(err) && err.failure === 'timeout';
    return { ...base, outcome: timedOut ? 'timeout' : 'error', latency_ms: latency(), error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
    if (onDeadline) deadline.removeEventListener('abort', onDeadline);
  }
}

/**
 * True when no insurer gave a usable answer (each errored or timed out): the API answers 502 then.
 * Declines are answers, so a quote request every insurer declined is an empty list, not a failure.
 * No insurers at all is not a provider failure either.
 */
export function allFailed(outcomes: readonly InsurerQuoteOutcome[]): boolean {
  return outcomes.length > 0 && outcomes.every((o) => o.outcome === 'timeout' || o.outcome === 'error');
}
