import type { AnsweredInsurer } from './quote-request.repository';

/** How the write-behind stores: the request with its first answers, then more answers. */
export interface WriteBehindStore {
  /** Writes the request, in progress, with these answers; its id. */
  create(inHand: AnsweredInsurer[]): Promise<number>;
  /** Adds answers to the request; false when it was no longer in progress. */
  add(id: number, answers: AnsweredInsurer[]): Promise<boolean>;
}

/**
 * Writes a synchronous quote request's answers while its fan-out goes on, so that when the last insurer answers, only
 * that answer is left to write, and the database's work is spread over the wait instead of crowding the moment the
 * response is due. The request is written (in progress) with the answers in hand once two are in and one of them quoted
 * or declined (a request whose every insurer failed is never stored); later answers are added two at a time, and all of
 * them once only the last is missing, each write as soon as the one before it ended (answers that arrived meanwhile go
 * with it).
 * The last insurer's answer is left to the caller's final write.
 */
export class AnswerWriteBehind {
  private id: Promise<number> | null = null;
  private writes: Promise<unknown> = Promise.resolve();
  private arrivals = 0;
  private readonly unwritten: number[] = [];
  private readonly written = new Set<number>();

  constructor(
    private readonly answers: readonly (AnsweredInsurer | undefined)[],
    private readonly store: WriteBehindStore,
  ) {}

  /** Answer `index` is in `answers`. */
  arrived(index: number): void {
    // the last answer is the caller's final write, however the writes before it are queued
    if (++this.arrivals === this.answers.length) return;
    this.unwritten.push(index);
    // two answers to a statement, the first write too, and whatever is in once only the last one is missing: half the
    // statements of one each, and the same single answer left for the last write
    if (this.unwritten.length < 2 && this.arrivals < this.answers.length - 1) return;
    if (this.id) {
      this.writes = this.writes.then(() => this.flush());
    } else if (this.unwritten.some((i) => quotedOrDeclined(this.answers[i]))) {
      this.id = this.store.create(this.take());
      this.writes = this.id;
    } else {
      return;
    }
    // surfaced by settle(); until then a failed write must not be an unhandled rejection
    this.writes.catch(() => undefined);
  }

  /**
   * Once every write started has ended: the request's id and the answers (by index) it holds, or null when nothing was
   * written. Throws what a write threw, or when the request was stamped (its deadline passed) before an answer was added.
   */
  async settle(): Promise<{ id: number; written: ReadonlySet<number> } | null> {
    if (!this.id) return null;
    await this.writes;
    return { id: await this.id, written: this.written };
  }

  private async flush(): Promise<void> {
    if (!this.unwritten.length) return;
    const id = await this.id!;
    if (!(await this.store.add(id, this.take()))) throw stamped(id);
  }

  private take(): AnsweredInsurer[] {
    const taken = this.unwritten.splice(0).filter((i) => this.answers[i]);
    for (const i of taken) this.written.add(i);
    return taken.map((i) => this.answers[i]!);
  }
}

export function stamped(id: number): Error {
  return new Error(`quote request ${id} was stamped before its last answers were written (its deadline passed)`);
}

function quotedOrDeclined(a: AnsweredInsurer | undefined): boolean {
  return a?.outcome.outcome === 'ok' || a?.outcome.outcome === 'declined';
}
