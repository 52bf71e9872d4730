import { setMaxListeners } from 'node:events';
import { isMotorProviderError } from './motor-provider.error';
import type { MotorInsurer, MotorOffer, MotorProvider, MotorQuoteResult, MotorRisk } from './motor-provider.port';

export type QuoteOutcomeKind = 'ok' | 'declined' | 'timeout' | 'error';

export interface InsurerQuoteOutcome {
  insurer: MotorInsurer;
  outcome: QuoteOutcomeKind;
  latency_ms: number;
  /** Empty unless the outcome is 'ok', and in what fanOutQuotes returns once onOutcome has taken the outcome (see there). */
  offers: readonly MotorOffer[];
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
   * An outcome it took (returned from without throwing) comes back from fanOutQuotes without its offers: the listener
   * kept what it needs of them, and an insurer's parsed answer (its objects and their strings) then dies at once
   * instead of living through the wait for the slowest insurer, where V8's collections found it live (in the bench's
   * fan-out, about a sixth less of the API's time went to scavenges and to marking).
   * An outcome the listener threw on comes back whole.
   */
  onOutcome?: (outcome: InsurerQuoteOutcome, index: number) => void;
}

/** The offers of an outcome onOutcome took; frozen, so that nothing adds to the array all of them share. */
const NO_OFFERS: readonly MotorOffer[] = Object.freeze([]);

/**
 * Asks every insurer at once and reports one outcome per insurer, in the order given. One insurer's
 * failure or slowness never touches another's outcome, and this never throws because an insurer
 * failed. The timers race the provider calls, so even a provider that ignores its abort signal cannot
 * hold the caller past the insurer timeout or the deadline.
 *
 * Every call starts at the same moment, so one insurer timer and one deadline timer serve them all, and one
 * abort signal stops whichever calls are still running when either fires (or the caller's signal does).
 */
export async function fanOutQuotes(
  provider: MotorProvider,
  insurers: readonly MotorInsurer[],
  risk: MotorRisk,
  options: FanOutOptions,
): Promise<InsurerQuoteOutcome[]> {
  const stop = new AbortController();
  // every insurer call listens to this one signal: that is by design, not a leak
  setMaxListeners(Math.max(10, insurers.length * 2), stop.signal);
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const pending = new Map<number, (outcome: InsurerQuoteOutcome) => void>();

  const outcomes = insurers.map(
    (insurer, index) =>
      new Promise<InsurerQuoteOutcome>((resolve) => {
        const settle = (outcome: InsurerQuoteOutcome) => {
          if (!pending.delete(index)) return;
          if (!options.onOutcome) return resolve(outcome);
          try {
            options.onOutcome(outcome, index);
          } catch {
            // the listener's failure is its own (see onOutcome): the fan-out still reports every outcome, this one whole
            return resolve(outcome);
          }
          resolve({ ...outcome, offers: NO_OFFERS });
        };
        pending.set(index, settle);
        const base = { insurer, offers: [] as MotorOffer[] };
        Promise.resolve()
          .then(() => provider.quote(insurer.code, risk, { signal: stop.signal, timeoutMs: options.perInsurerTimeoutMs }))
          .then(
            (result: MotorQuoteResult) =>
              settle(
                result.status === 'declined'
                  ? { ...base, outcome: 'declined', latency_ms: latency(), decline: { code: result.reasonCode, reason: result.reason } }
                  : { ...base, outcome: 'ok', latency_ms: latency(), offers: result.offers },
              ),
            (err: unknown) => {
              const timedOut = isMotorProviderError(err) && err.failure === 'timeout';
              settle({ ...base, outcome: timedOut ? 'timeout' : 'error', latency_ms: latency(), error: err instanceof Error ? err.message : String(err) });
            },
          );
      }),
  );

  /** Every insurer still running becomes a timeout with `error`, and its call is stopped. */
  const cut = (error: string) => {
    for (const [index, settle] of pending) settle({ insurer: insurers[index], offers: [], outcome: 'timeout', latency_ms: latency(), error });
    stop.abort();
  };
  const atDeadline = () => cut(`Still running at the ${options.deadlineMs} ms deadline.`);
  const insurerTimer = setTimeout(cut, options.perInsurerTimeoutMs, `No answer within ${options.perInsurerTimeoutMs} ms.`);
  const deadlineTimer = setTimeout(atDeadline, options.deadlineMs);
  if (options.signal?.aborted) atDeadline();
  else options.signal?.addEventListener('abort', atDeadline, { once: true });
  try {
    return await Promise.all(outcomes);
  } finally {
    clearTimeout(insurerTimer);
    clearTimeout(deadlineTimer);
    options.signal?.removeEventListener('abort', atDeadline);
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
