import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@lib/db';
import { initialisePgliteDir } from '@lib/db/pglite-initdb';

/** The embedded default on disk, as `npm start` opens it: created once (initdb in a child process), then reopened. */
describe('embedded database folder', () => {
  const root = mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'embedded-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is created on first open, migrated, and keeps its rows across a reopen', async () => {
    const dir = join(root, 'db');
    const first = await openDatabase({ pgliteDir: dir, migrate: true });
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    const migrations = (await first.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM "_migrations"'))[0].n;
    expect(migrations).toBeGreaterThan(0);
    await first.sql.exec(`CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')`);
    await first.close();

    const again = await openDatabase({ pgliteDir: dir, migrate: true });
    expect(await again.sql.query('SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
    expect((await again.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM "_migrations"'))[0].n).toBe(migrations);
    await again.close();
  });

  it('names the folder when it cannot be created there', async () => {
    const file = join(root, 'not-a-folder');
    writeFileSync(file, 'x');
    await expect(initialisePgliteDir(join(file, 'db'), [])).rejects.toThrow(`Could not create the embedded database in ${join(file, 'db')}`);
  });
});
