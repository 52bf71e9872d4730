import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { Clock } from '@lib/common';

/**
 * Fixed windows aligned to the service clock: a client's count for a route resets at each window
 * boundary. The same arithmetic backs the in-process store and the Redis store, so one or many
 * API instances limit alike; moving the clock (tests) opens the next window.
 */
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

function windowOf(nowMs: number, ttlMs: number) {
  const start = Math.floor(nowMs / ttlMs) * ttlMs;
  return { start, secondsLeft: Math.max(1, Math.ceil((start + ttlMs - nowMs) / 1000)) };
}

function record(hits: number, limit: number, secondsLeft: number): ThrottlerStorageRecord {
  const isBlocked = hits > limit;
  return { totalHits: hits, timeToExpire: secondsLeft, isBlocked, timeToBlockExpire: isBlocked ? secondsLeft : 0 };
}

export class MemoryWindowStorage implements ThrottlerStorage {
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

  private sweep(now: number): void {
    if (now - this.lastSweep < 10_000) return;
    this.lastSweep = now;
    for (const [k, v] of this.hits) if (v.expiresAt <= now) this.hits.delete(k);
  }
}

/** Counts a hit and, on the window's first, sets the key's expiry: one atomic command per request. */
const COUNT_HIT = "local hits = redis.call('INCR', KEYS[1]) if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return hits";

export class RedisWindowStorage implements ThrottlerStorage {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly clock: Clock,
  ) {}

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const now = this.clock.now().getTime();
    const { start, secondsLeft } = windowOf(now, ttl);
    const k = `${this.prefix}rl:${key}:${start}`;
    const hits = Number(await this.redis.eval(COUNT_HIT, 1, k, ttl * 2));
    return record(hits, limit, secondsLeft);
  }
}
