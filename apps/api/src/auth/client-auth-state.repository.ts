import { Inject, Injectable } from '@nestjs/common';
import { Database, DATABASE } from '@lib/db';

/** What the bearer-token guard needs on every request. */
export interface ClientAuthState {
  id: string;
  name: string;
  active: boolean;
  secretVersion: number;
  products: string[];
}

/**
 * Read on every authenticated request, always fresh (a rotation or deactivation takes effect at once),
 * so plain SQL: a fraction of the CPU of the same read through Prisma.
 */
@Injectable()
export class ClientAuthStateRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async find(id: string): Promise<ClientAuthState | null> {
    const rows = await this.db.sql.query<ClientAuthState>(
      'SELECT id, name, active, secret_version AS "secretVersion", products FROM api_clients WHERE id = $1::uuid',
      [id],
    );
    return rows[0] ?? null;
  }
}
