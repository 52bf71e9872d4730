/**
 * Buffers for large answers (a page of quote requests is about a megabyte), given back once the answer was sent and
 * taken again by the next. Each answer in its own buffer left that memory outside the JS heap until a full garbage
 * collection found the buffer unused: under a stream of list reads, about 70 MB more resident memory at any time.
 * Kept by size class (powers of two), at most `maxFreeBytes` of them waiting; smaller answers are not pooled.
 */
export class ResponseBuffers {
  private readonly free = new Map<number, Buffer[]>();
  private freeBytes = 0;

  constructor(
    readonly minBytes = 64 * 1024,
    private readonly maxFreeBytes = 32 * 1024 * 1024,
  ) {}

  /** A buffer of at least `size` bytes (size >= minBytes), its bytes what an earlier answer left. */
  take(size: number): Buffer {
    const capacity = sizeClass(Math.max(size, this.minBytes));
    const buffer = this.free.get(capacity)?.pop();
    if (!buffer) return Buffer.allocUnsafeSlow(capacity);
    this.freeBytes -= capacity;
    return buffer;
  }

  /** A buffer `take` gave, its answer sent: nothing may read or write it any more. */
  give(buffer: Buffer): void {
    const capacity = buffer.length;
    if (capacity !== sizeClass(capacity) || this.freeBytes + capacity > this.maxFreeBytes) return;
    const list = this.free.get(capacity) ?? [];
    list.push(buffer);
    this.free.set(capacity, list);
    this.freeBytes += capacity;
  }

  /** Bytes waiting to be taken. */
  get waiting(): number {
    return this.freeBytes;
  }
}

function sizeClass(size: number): number {
  return 2 ** Math.ceil(Math.log2(size));
}
