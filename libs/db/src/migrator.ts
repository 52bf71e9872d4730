import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './project-root';
import { SqlTarget } from './sql-target';

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function migrationsDir(): string {
  return join(projectRoot(), 'prisma', 'migrations');
}

/** Reads prisma/migrations/<timestamp>_<name>/migration.sql in name order. */
export function readMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Applies every migration not yet recorded in `_migrations`, each in its own transaction.
 * An applied migration whose file changed since is refused: migrations are append-only.
 * Returns the names applied by this call. The caller serialises concurrent runs (see lock).
 */
export async function migrate(target: SqlTarget, migrations = readMigrations()): Promise<string[]> {
  await target.exec(`CREATE TABLE IF NOT EXISTS "_migrations" (
    "name" TEXT PRIMARY KEY,
    "checksum" CHAR(64) NOT NULL,
    "applied_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP
  )`);
  const applied = new Map(
    (await target.query<{ name: string; checksum: string }>('SELECT name, checksum FROM "_migrations"')).map((r) => [r.name, r.checksum]),
  );
  for (const [name, checksum] of applied) {
    const file = migrations.find((m) => m.name === name);
    if (!file) throw new MigrationError(`Applied migration ${name} has no file in prisma/migrations.`);
    if (file.checksum !== checksum) throw new MigrationError(`Migration ${name} was edited after it was applied; add a new migration instead.`);
  }
  const done: string[] = [];
  for (const m of migrations) {
    if (applied.has(m.name)) continue;
    await target.exec('BEGIN');
    try {
      await target.exec(m.sql);
      await target.query('INSERT INTO "_migrations" (name, checksum) VALUES ($1, $2)', [m.name, m.checksum]);
      await target.exec('COMMIT');
    } catch (e) {
      await target.exec('ROLLBACK');
      throw new MigrationError(`Migration ${m.name} failed: ${(e as Error).message}`);
    }
    done.push(m.name);
  }
  return done;
}
