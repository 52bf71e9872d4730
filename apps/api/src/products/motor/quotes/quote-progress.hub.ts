import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { InsurerEvent } from './quote-progress.presenter';
import { QuoteProgressRepository } from './quote-progress.repository';

/**
 * What a stream following a quote request hears:
 * - `answer`: an answer this instance just stored, with its event ready (no read needed: the fast path);
 * - `changed`: some instance stored answer `seq` or ended the request (`end`), or notifications may have
 *   been missed (`resync`): the stream reads what it has not sent yet.
 */
export type ProgressMessage = { kind: 'answer'; seq: number; event: InsurerEvent } | { kind: 'changed'; seq: number | 'end' | 'resync' };

type Subscriber = (message: ProgressMessage) => void;

/**
 * Where progress of quote requests meets the streams following them. In process, the instance running a
 * fan-out hands each stored answer to its streams at once. Across instances, every answer and every end
 * is a NOTIFY sent by the statement that stored it (so never before it can be read), which every
 * instance LISTENs for. `listening` is false while notifications may be lost: streams then poll.
 */
@Injectable()
export class QuoteProgressHub implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('QuoteProgress');
  private readonly subscribers = new Map<number, Set<Subscriber>>();
  /** The answers of fan-outs running here, so a stream opening late gets them without a database read. */
  private readonly running = new Map<number, ProgressMessage[]>();
  private stop?: () => Promise<void>;
  listening = false;

  constructor(private readonly progress: QuoteProgressRepository) {}

  async onModuleInit(): Promise<void> {
    this.stop = await this.progress.listenForProgress({
      message: (payload) => {
        const [id, seq] = payload.split(':');
        this.publish(Number(id), { kind: 'changed', seq: seq === 'end' ? 'end' : Number(seq) });
      },
      listening: () => {
        this.listening = true;
        for (const id of this.subscribers.keys()) this.publish(id, { kind: 'changed', seq: 'resync' });
      },
      lost: () => {
        this.listening = false;
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop?.().catch(() => undefined);
  }

  /** A fan-out of this request starts here: its answers are kept for streams that open later, until `untrack`. */
  track(quoteRequestId: number): void {
    this.running.set(quoteRequestId, []);
  }

  untrack(quoteRequestId: number): void {
    this.running.delete(quoteRequestId);
  }

  /**
   * Follows one quote request, first replaying the answers this instance already handed out for it; call the
   * returned function to stop (every stream does, however it ends).
   */
  subscribe(quoteRequestId: number, subscriber: Subscriber): () => void {
    let set = this.subscribers.get(quoteRequestId);
    if (!set) this.subscribers.set(quoteRequestId, (set = new Set()));
    set.add(subscriber);
    for (const message of this.running.get(quoteRequestId) ?? []) subscriber(message);
    return () => {
      set.delete(subscriber);
      if (!set.size && this.subscribers.get(quoteRequestId) === set) this.subscribers.delete(quoteRequestId);
    };
  }

  publish(quoteRequestId: number, message: ProgressMessage): void {
    if (message.kind === 'answer') this.running.get(quoteRequestId)?.push(message);
    for (const subscriber of this.subscribers.get(quoteRequestId) ?? []) {
      try {
        subscriber(message);
      } catch (e) {
        this.log.warn(`a quote progress subscriber failed: ${(e as Error).message}`);
      }
    }
  }

  /** Streams open right now (tests and metrics: none may outlive its client). */
  get followers(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }
}
