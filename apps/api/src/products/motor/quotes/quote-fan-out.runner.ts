import { channel } from 'node:diagnostics_channel';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock, type Halalas } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { fanOutQuotes, InsurerQuoteOutcome, MotorInsurer, MotorProvider } from '@lib/providers';
import { MOTOR_PROVIDER } from '../motor-insurers';
import { answerRows } from './quote-answer.rows';
import type { AcceptedQuoteRequest } from './quote-request.intake';
import { QuoteProgressHub } from './quote-progress.hub';
import { presentInsurerEvent } from './quote-progress.presenter';
import { QuoteProgressRepository } from './quote-progress.repository';
import { QuoteRequestRepository } from './quote-request.repository';

/**
 * Published (node:diagnostics_channel) the moment an insurer's answer is in hand, before it is stored:
 * `{ quoteRequestId, insurerCode, outcome, at }`, `at` a high-resolution wall time (performance.timeOrigin +
 * performance.now()). Costs nothing without a subscriber; the benchmark measures delivery from it.
 */
export const QUOTE_ANSWER_CHANNEL = channel('motor.quote.answer');

/**
 * How long past the fan-out's own deadline a request may stay in progress before anyone may stamp it:
 * room for the last answers' writes, and for clocks of instances and database not quite agreeing.
 */
export const SETTLE_GRACE_MS = 15_000;

/** The earliest a sweep comes back: its clock and the database's may disagree by a little. */
const SWEEP_MIN_MS = 1_000;

/**
 * Runs the fan-out of progressive quote requests after their 202: each answer is stored (and announced)
 * as it arrives, then the request is settled. On shutdown the calls still running are stopped and their
 * insurers recorded as timeouts. A process that dies leaves its requests to the deadline stamp: the next read
 * (Show, the event stream), or every running instance's sweep, at boot and then at each deadline in progress.
 */
@Injectable()
export class QuoteFanOutRunner implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly log = new Logger('QuoteFanOut');
  private readonly running = new Map<number, { cancel: AbortController; done: Promise<void> }>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly progress: QuoteProgressRepository,
    private readonly answers: QuoteRequestRepository,
    private readonly hub: QuoteProgressHub,
    private readonly clock: Clock,
    @Inject(MOTOR_PROVIDER) private readonly provider: MotorProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** When a request started now must be settled by: its deadline plus the grace, in real time (see SETTLE_GRACE_MS). */
  deadlineFromNow(): Date {
    return new Date(Date.now() + this.config.motorQuoteDeadlineMs + SETTLE_GRACE_MS);
  }

  /** Starts asking `insurers` for a stored request; returns at once. Must be called while serving the request (its sandbox scope). */
  start(quoteRequestId: number, accepted: AcceptedQuoteRequest, insurers: readonly MotorInsurer[]): void {
    const cancel = new AbortController();
    this.hub.track(quoteRequestId);
    const done = this.run(quoteRequestId, accepted, insurers, cancel.signal)
      .catch((e: unknown) => this.log.error(`quote request ${quoteRequestId}: the fan-out failed: ${(e as Error).message}`))
      .finally(() => {
        this.hub.untrack(quoteRequestId);
        this.running.delete(quoteRequestId);
      });
    this.running.set(quoteRequestId, { cancel, done });
  }

  async onApplicationBootstrap(): Promise<void> {
    // requests an instance left in progress when it died: those past their deadline now, the others when it comes
    await this.sweep();
  }

  /**
   * A stopping instance cuts its fan-outs at once, before waiting for its requests in flight: their event streams here
   * get `complete` and end instead of holding the stop until the grace period cuts them.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.sweepTimer);
    await this.cutRunning();
  }

  /** Fan-outs started by requests that were still in flight when the stop began. */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.sweepTimer);
    await this.cutRunning();
  }

  private async cutRunning(): Promise<void> {
    const running = [...this.running.values()];
    for (const r of running) r.cancel.abort();
    await Promise.all(running.map((r) => r.done));
  }

  /** Stamps overdue requests (one, or all with null): the insurers still unanswered are timeouts. */
  settleOverdue(quoteRequestId: number | null): Promise<number[]> {
    return this.progress.settle(quoteRequestId, {
      overdueOnly: true,
      outcome: 'timeout',
      detail: 'No answer was recorded by the deadline (the instance running the fan-out stopped).',
      latencyMs: this.config.motorQuoteDeadlineMs,
      at: this.clock.now(),
    });
  }

  /**
   * Stamps every overdue request, then comes back when the next request in progress is due (or to look again for
   * requests started since). An instance booted before a dead one's deadline must not leave its requests pending
   * until somebody reads them.
   */
  private async sweep(): Promise<void> {
    // looking again within a request's whole span: one started after this look (another instance's) is seen by the
    // next look before its deadline, and its deadline's timer stamps it if its instance died
    let waitMs = this.config.motorQuoteDeadlineMs + SETTLE_GRACE_MS;
    try {
      await this.settleOverdue(null);
      const due = await this.progress.nextDeadline();
      if (due) waitMs = Math.min(waitMs, due.getTime() - Date.now() + 50);
    } catch (e) {
      this.log.warn(`settling overdue quote requests failed: ${(e as Error).message}`);
      waitMs = SETTLE_GRACE_MS / 3;
    }
    if (this.stopped) return;
    this.sweepTimer = setTimeout(() => void this.sweep(), Math.max(SWEEP_MIN_MS, waitMs));
    this.sweepTimer.unref();
  }

  private async run(id: number, accepted: AcceptedQuoteRequest, insurers: readonly MotorInsurer[], signal: AbortSignal): Promise<void> {
    const writes: Promise<void>[] = [];
    let answered = 0;
    await fanOutQuotes(this.provider, insurers, accepted.risk, {
      perInsurerTimeoutMs: this.config.motorInsurerTimeoutMs,
      deadlineMs: this.config.motorQuoteDeadlineMs,
      signal,
      // numbered here, in arrival order: the stream's ids and the stored seq agree whatever order the writes commit in
      onOutcome: (outcome, index) => writes.push(this.record(id, outcome, index, ++answered, accepted.risk.vehicle.estimatedValue)),
    });
    await Promise.all(writes);
    // an answer whose write failed is the only one left without an outcome: recorded as an error
    await this.progress.settle(id, { overdueOnly: false, outcome: 'error', detail: 'The answer could not be stored.', latencyMs: 0, at: this.clock.now() });
    this.hub.publish(id, { kind: 'changed', seq: 'end' });
  }

  /**
   * Hands one answer to this instance's streams at once, then stores it; never throws (the fan-out goes on).
   * The streams get it before its write commits (that is what makes the first offer arrive within milliseconds
   * of the insurer's answer), and the write waits until the answers that arrived with it (the fastest insurer answers
   * many requests at once) have reached their streams too; an issue call quicker than the write waits for it
   * (SelectionRepository), and other instances hear of it only after the commit (NOTIFY).
   */
  private async record(id: number, outcome: InsurerQuoteOutcome, index: number, seq: number, carEstimatedValue: Halalas): Promise<void> {
    if (QUOTE_ANSWER_CHANNEL.hasSubscribers) {
      QUOTE_ANSWER_CHANNEL.publish({
        quoteRequestId: id,
        insurerCode: outcome.insurer.code,
        outcome: outcome.outcome,
        at: performance.timeOrigin + performance.now(),
      });
    }
    const answer = answerRows(outcome, carEstimatedValue, index, seq);
    this.hub.publish(id, { kind: 'answer', seq, event: presentInsurerEvent(answer.outcome, answer.quotes) });
    try {
      await setImmediatePromise();
      // dropped when the request was settled meanwhile (its deadline stamp came first)
      await this.answers.addAnswers(id, [answer], { kind: 'progressive', seq });
    } catch (e) {
      this.log.error(`quote request ${id}: storing ${outcome.insurer.code}'s answer failed: ${(e as Error).message}`);
    }
  }
}
