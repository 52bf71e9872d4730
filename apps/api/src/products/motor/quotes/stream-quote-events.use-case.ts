import { Injectable } from '@nestjs/common';
import { ApiError } from '@lib/common';
import { QuoteFanOutRunner } from './quote-fan-out.runner';
import { ProgressMessage, QuoteProgressHub } from './quote-progress.hub';
import { presentInsurerEvent, presentInsurers } from './quote-progress.presenter';
import { presentOffer } from './quote-request.presenter';
import { AnswersAfter, QuoteProgressRepository } from './quote-progress.repository';

/** One server-sent event. */
export interface QuoteEvent {
  id?: string;
  event: 'insurer' | 'complete';
  data: unknown;
}

/** How often a stream reads the database while notifications cannot be trusted (the listening connection is down). */
const POLL_MS = 1_000;
/** A stream re-reads at least this often even when notifications flow: a backstop, and the deadline stamp's chance. */
const BACKSTOP_MS = 30_000;

/**
 * The events of one quote request: an `insurer` event per answer (id = its number in arrival order, so a
 * client reconnecting with Last-Event-ID gets only what it missed), then `complete`, then the end.
 * Answers stored by this instance arrive in process at once; others are read after their NOTIFY.
 */
@Injectable()
export class StreamQuoteEventsUseCase {
  constructor(
    private readonly progress: QuoteProgressRepository,
    private readonly hub: QuoteProgressHub,
    private readonly runner: QuoteFanOutRunner,
  ) {}

  /** 404 unless the client's own (not deleted) quote request: checked before any event is sent. */
  async assertVisible(clientId: string, quoteRequestId: number): Promise<void> {
    if (!(await this.progress.belongsTo(clientId, quoteRequestId))) throw ApiError.notFound('No quote request with this id.');
  }

  /** Sends the events after `lastEventId` until `complete` (then resolves), the request is deleted, or `signal` aborts. */
  async run(quoteRequestId: number, lastEventId: string | undefined, send: (e: QuoteEvent) => void, signal: AbortSignal): Promise<void> {
    let last = /^\d{1,9}$/.test(lastEventId ?? '') ? Number(lastEventId) : 0;
    let read = true;
    // database reads run beside in-process delivery: a slow read never holds back an answer handed over here
    let reading = false;
    let result: { state: AnswersAfter | null } | undefined;
    let failure: unknown;
    const inbox: ProgressMessage[] = [];
    let wake: (() => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    let waitMs = POLL_MS;
    const unsubscribe = this.hub.subscribe(quoteRequestId, (m) => {
      inbox.push(m);
      wake?.();
    });
    const onAbort = () => wake?.();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      while (!signal.aborted) {
        for (const m of inbox.splice(0)) {
          if (m.kind === 'answer' && m.seq === last + 1) {
            send({ id: String(m.seq), event: 'insurer', data: m.event });
            last = m.seq;
          } else if (m.kind === 'changed' ? m.seq === 'end' || m.seq === 'resync' || m.seq > last : m.seq > last) {
            read = true; // a gap, another instance's answer, or the end: the database has it
          }
        }
        if (failure) throw failure;
        if (read && !reading) {
          read = false;
          reading = true;
          this.readState(quoteRequestId, last).then(
            (state) => {
              result = { state };
              reading = false;
              wake?.();
            },
            (e: unknown) => {
              failure = e;
              reading = false;
              wake?.();
            },
          );
        }
        if (result) {
          const { state } = result;
          result = undefined;
          if (!state) return;
          for (const a of state.answers) {
            if (a.outcome.seq === null || a.outcome.seq <= last) continue;
            // in order while answers are still being written (a later one may commit first); all that is left once ended
            if (state.status === 'in_progress' && a.outcome.seq !== last + 1) break;
            send({ id: String(a.outcome.seq), event: 'insurer', data: presentInsurerEvent(a.outcome, a.offers.map(presentOffer)) });
            last = a.outcome.seq;
          }
          if (state.status !== 'in_progress' && last >= state.answerCount) {
            const summary = await this.progress.summary(quoteRequestId);
            send({
              event: 'complete',
              data: { id: quoteRequestId, status: state.status, insurers: summary ? presentInsurers(summary.insurerCodes, summary.outcomes) : [] },
            });
            return;
          }
          waitMs = this.hub.listening ? BACKSTOP_MS : POLL_MS;
          // wake up when the deadline stamp becomes due, in case the instance running the fan-out died
          if (state.deadlineAt) waitMs = Math.min(waitMs, Math.max(POLL_MS, state.deadlineAt.getTime() - Date.now() + 100));
        }
        if (inbox.length || result || failure || (read && !reading)) continue;
        await new Promise<void>((resolve) => {
          if (signal.aborted || inbox.length || result || failure) return resolve();
          wake = resolve;
          timer = setTimeout(() => {
            read = true;
            resolve();
          }, waitMs);
        });
        wake = undefined;
        clearTimeout(timer);
      }
    } finally {
      clearTimeout(timer);
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** What the database has after answer `seq`; an overdue request (its instance died) is stamped first. */
  private async readState(quoteRequestId: number, seq: number): Promise<AnswersAfter | null> {
    const state = await this.progress.answersAfter(quoteRequestId, seq);
    if (state?.status === 'in_progress' && state.deadlineAt && state.deadlineAt.getTime() < Date.now()) {
      await this.runner.settleOverdue(quoteRequestId);
      return this.progress.answersAfter(quoteRequestId, seq);
    }
    return state;
  }
}
