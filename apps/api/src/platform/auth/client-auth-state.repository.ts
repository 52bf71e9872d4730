import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Database, DATABASE } from '@lib/db';

/** What the bearer-token guard needs on every request. */
export interface ClientAuthState {
  id: string;
  name: string;
  active: boolean;
  /** Tokens must carry this version: a rotation or deactivation moves it on (see the migration's trigger). */
  tokenVersion: number;
  products: string[];
}

/** The channel a trigger on api_clients notifies with the id of every changed client. */
export const API_CLIENT_CHANGED = 'api_client_changed';
/** A backstop only: changes are forgotten on their notification, not by age. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;
/** What PostgreSQL reads as a uuid; anything else is no client (and never reaches the `::uuid` cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Read on every authenticated request, so kept in memory: a trigger on api_clients notifies every
 * instance of each changed client in the changing transaction, and the client is forgotten when the
 * notification arrives, milliseconds after the commit (a rotation or deactivation takes effect then,
 * whichever instance or process made it). While notifications cannot be trusted (the listening
 * connection is down) nothing is cached and every read goes to the database. Plain SQL for the read:
 * a fraction of the CPU of the same read through Prisma.
 */
@Injectable()
export class ClientAuthStateRepository implements OnModuleInit, OnApplicationShutdown {
  private readonly cache = new Map<string, { state: ClientAuthState; at: number }>();
  private trusted = false;
  /** Bumped by every notification: a read that started before one must not fill the cache. */
  private generation = 0;
  private stop?: () => Promise<void>;

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async onModuleInit(): Promise<void> {
    this.stop = await this.db.listen(API_CLIENT_CHANGED, {
      message: (id) => {
        this.generation++;
        this.cache.delete(id);
      },
      listening: () => {
        this.generation++;
        this.cache.clear();
        this.trusted = true;
      },
      lost: () => {
        this.trusted = false;
        this.generation++;
        this.cache.clear();
      },
    });
  }

  /** Whether this instance is receiving change notifications (and so may serve client state from memory). */
  get listening(): boolean {
    return this.trusted;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop?.().catch(() => undefined);
  }

  /**
   * Forgets a client this instance just changed, once its transaction committed: this instance's next request
   * reads the new state without waiting for the notification (other instances still learn it from theirs).
   */
  forget(id: string): void {
    this.generation++;
    this.cache.delete(id);
  }

  async find(id: string): Promise<ClientAuthState | null> {
    if (!UUID.test(id)) return null;
    const hit = this.trusted ? this.cache.get(id) : undefined;
    if (hit && performance.now() - hit.at < MAX_AGE_MS) return hit.state;
    const generation = this.generation;
    const rows = await this.db.sql.query<ClientAuthState>(
      'SELECT id, name, active, token_version AS "tokenVersion", products FROM api_clients WHERE id = $1::uuid',
      [id],
    );
    const state = rows[0] ?? null;
    if (state && this.trusted && generation === this.generation) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      this.cache.set(id, { state, at: performance.now() });
    }
    return state;
  }
}
