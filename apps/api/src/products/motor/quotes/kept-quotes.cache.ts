import type { ByteString } from '@lib/common';

/** How many bytes of kept JSON the cache holds: about 120 complete requests of nine insurers. */
export const KEPT_QUOTES_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * The offers' JSON kept with the answers of requests that ended (complete or failed), by request id, the most recently
 * read kept while the total stays within its bytes. A request that ended never gets another answer, so its JSON never
 * changes: Show and List read it from here instead of carrying ~70 KB a request out of the database each time, which was
 * most of what a list page allocated. Only the offers are here: whether and to whom a request is shown is still read
 * from the database at every read. One per application (never shared across databases, whose ids overlap).
 */
export class KeptQuotesCache {
  private readonly byRequest = new Map<number, ByteString[]>();
  private bytes = 0;

  constructor(private readonly maxBytes: number = KEPT_QUOTES_CACHE_BYTES) {}

  get(id: number): ByteString[] | undefined {
    const json = this.byRequest.get(id);
    if (json) {
      // most recently read last: the Map's order is the eviction order
      this.byRequest.delete(id);
      this.byRequest.set(id, json);
    }
    return json;
  }

  /** Keeps an ended request's kept JSON (one array per answer, in listing order). */
  set(id: number, json: ByteString[]): void {
    const size = bytesOf(json);
    if (size > this.maxBytes || this.byRequest.has(id)) return;
    this.byRequest.set(id, json);
    this.bytes += size;
    for (const oldest of this.byRequest.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  forget(id: number): void {
    const kept = this.byRequest.get(id);
    if (!kept) return;
    this.byRequest.delete(id);
    this.bytes -= bytesOf(kept);
  }

  /** Requests held and their bytes. */
  get size(): { requests: number; bytes: number } {
    return { requests: this.byRequest.size, bytes: this.bytes };
  }
}

function bytesOf(json: readonly ByteString[]): number {
  return json.reduce((n, j) => n + j.length, 0);
}
