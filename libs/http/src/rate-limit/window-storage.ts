import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { ApiError, Clock } from '@lib/common';

/**
 * Fixed windows aligned to the service clock: a client's count for a route resets at each window
 * boundary. The same arithmetic backs the in-process store and the Redis store, so one or many
 * API instances limit alike; moving the clock (tests) opens the next window.
 */
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * Counters in the same windows for limits that count only some requests (the token endpoint's failures):
 * read a count before deciding, add to it after.
 */
export interface WindowCounter {
  /** Hits of `key` in the current window, and the seconds until it ends. */
  peek(key: string, ttlMs: number): Promise<{ hits: number; secondsLeft: number }>;
  add(key: string, ttlMs: number): Promise<{ hits: number; secondsLeft: number }>;
}

/** What a partner call answers while Redis (the shared rate-limit store) cannot be reached: retry shortly. */
export const SHARED_STORE_RETRY_AFTER_SECONDS = 5;

export function sharedStoreUnavailable(): ApiError {
  const seconds = SHARED_STORE_RETRY_AFTER_SECONDS;
  return new ApiError(
    'NOT_READY',
    `The service cannot reach its shared rate-limit store. Retry in ${seconds} seconds.`,
    undefined,
    { 'Retry-After': String(seconds) },
    { retry_after_seconds: seconds },
  );
}

function windowOf(nowMs: number, ttlMs: number) {
  const start = Math.floor(nowMs / ttlMs) * ttlMs;
  return { start, secondsLeft: Math.max(1, Math.ceil((start + ttlMs - nowMs) / 1000)) };
}

function record(hits: number, limit: number, secondsLeft: number): ThrottlerStorageRecord {
  const isBlocked = hits > limit;
  return { totalHits: hits, timeToExpire: secondsLeft, isBlocked, timeToBlockExpire: isBlocked ? secondsLeft : 0 };
}

export class MemoryWindowStorage implements ThrottlerStorage, WindowCounter {
  private readonly hits = new Map<string, { count: number; expiresAt: number }>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const now = this.clock.now().getTime();
    const { start, secondsLeft } = windowOf(now, ttl);
    this.sweep(now);
    const k = `${key}:${start}`;
    const entry = this.hits.get(k) ?? { count: 0, expiresAt: start + ttl };
    entry.count += 1;
    this.hits.set(k, entry);
    return record(entry.count, limit, secondsLeft);
  }

  async peek(key: string, ttl: number): Promise<{ hits: number; secondsLeft: number }> {
    const { start, secondsLeft } = windowOf(this.clock.now().getTime(), ttl);
    return { hits: this.hits.get(`${key}:${start}`)?.count ?? 0, secondsLeft };
  }

  async add(key: string, ttl: number): Promise<{ hits: number; secondsLeft: number }> {
    const r = await this.increment(key, ttl, Number.MAX_SAFE_INTEGER);
    return { hits: r.totalHits, secondsLeft: r.timeToExpire };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 10_000) return;
    this.lastSweep = now;
    for (const [k, v] of this.hits) if (v.expiresAt <= now) this.hits.delete(k);
  }
}

/** Counts a hit and, on the window's first, sets the key's expiry: one atomic command per request. */
const COUNT_HIT = "local hits = redis.call('INCR', KEYS[1]) if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return hits";

/**
 * The counters in Redis, shared by every instance. A Redis that cannot be reached (down, blocked past the
 * client's command timeout) makes the request a 503 with Retry-After, never a 500: the limits cannot be
 * enforced, and letting requests through unlimited would open the token endpoint to guessing.
 */
export class RedisWindowStorage implements ThrottlerStorage, WindowCounter {
  /** COUNT_HIT by its digest (EVALSHA, loaded on first use): the script's text is not sent with every request. */
  private readonly countHit: (key: string, ttlMs: number) => Promise<unknown>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly clock: Clock,
  ) {
    if (!(redis as unknown as Record<string, unknown>).rateLimitCountHit) redis.defineCommand('rateLimitCountHit', { numberOfKeys: 1, lua: COUNT_HIT });
    const command = (redis as unknown as Record<string, (key: string, ttlMs: number) => Promise<unknown>>).rateLimitCountHit;
    this.countHit = (key, ttlMs) => command.call(redis, key, ttlMs);
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const { start, secondsLeft } = windowOf(this.clock.now().getTime(), ttl);
    const hits = Number(await this.reach(() => this.countHit(`${this.prefix}rl:${key}:${start}`, ttl * 2)));
    return record(hits, limit, secondsLeft);
  }

  async peek(key: string, ttl: number): Promise<{ hits: number; secondsLeft: number }> {
    const { start, secondsLeft } = windowOf(this.clock.now().getTime(), ttl);
    return { hits: Number((await this.reach(() => this.redis.get(`${this.prefix}rl:${key}:${start}`))) ?? 0), secondsLeft };
  }

  async add(key: string, ttl: number): Promise<{ hits: number; secondsLeft: number }> {
    const r = await this.increment(key, ttl, Number.MAX_SAFE_INTEGER);
    return { hits: r.totalHits, secondsLeft: r.timeToExpire };
  }

  private async reach<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch {
      throw sharedStoreUnavailable();
    }
  }
}
