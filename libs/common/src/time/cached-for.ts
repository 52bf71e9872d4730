import { Clock } from './clock';

/**
 * A value fetched from elsewhere (an insurers directory, say) and kept for `ttlMs` of the clock. When a refresh
 * fails, the last good copy keeps serving; with none yet, the caller gets `unavailable()`.
 */
export class CachedFor<T> {
  private cached?: { at: number; value: T };

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly load: () => Promise<T>,
    private readonly unavailable: () => Error,
  ) {}

  async get(): Promise<T> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.at < this.ttlMs) return this.cached.value;
    try {
      const value = await this.load();
      this.cached = { at: now, value };
      return value;
    } catch {
      if (this.cached) return this.cached.value;
      throw this.unavailable();
    }
  }
}
