import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, Database } from '@lib/db';

/** The readiness probe's one statement: whether the database answers at all. */
@Injectable()
export class DatabaseProbeRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async ping(): Promise<void> {
    await this.db.sql.query('SELECT 1');
  }
}
