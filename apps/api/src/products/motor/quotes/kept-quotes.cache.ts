import type { MotorQuoteOfferOut } from './quote-request.response';

/** How many bytes of kept JSON the cache holds: about 120 complete requests of nine insurers. */
export const KEPT_QUOTES_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * The offers kept with the answers of requests that ended (complete or failed), by request id, as read (parsed), the
 * most recently read kept while the total of their JSON's length stays within its bytes. A request that ended never
 * gets another answer, so its offers never change: Show and List read them from here instead of carrying ~70 KB a
 * request out of the database and parsing it each time. Only the offers are here: whether and to whom a request is
 * shown is still read from the database at every read. One per application (never shared across databases, whose ids
 * overlap). What it holds is shared by every answer made from it: never changed.
 */
export class KeptQuotesCache {
  private readonly byRequest = new Map<number, { offers: MotorQuoteOfferOut[]; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number = KEPT_QUOTES_CACHE_BYTES) {}

  get(id: number): MotorQuoteOfferOut[] | undefined {
    const kept = this.byRequest.get(id);
    if (kept) {
      // most recently read last: the Map's order is the eviction order
      this.byRequest.delete(id);
      this.byRequest.set(id, kept);
    }
    return kept?.offers;
  }

  /** Keeps an ended request's offers (every answer's, in listing order), read from `bytes` of JSON. */
  set(id: number, offers: MotorQuoteOfferOut[], bytes: number): void {
    if (bytes > this.maxBytes || this.byRequest.has(id)) return;
    this.byRequest.set(id, { offers, bytes });
    this.bytes += bytes;
    for (const oldest of this.byRequest.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  forget(id: number): void {
    const kept = this.byRequest.get(id);
    if (!kept) return;
    this.byRequest.delete(id);
    this.bytes -= kept.bytes;
  }

  /** Requests held and their bytes. */
  get size(): { requests: number; bytes: number } {
    return { requests: this.byRequest.size, bytes: this.bytes };
  }
}
