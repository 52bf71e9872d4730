import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Whether `dir` already holds an embedded database (initdb has run there). */
export function pgliteInitialised(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

/**
 * Creates the embedded database in `dir` (PostgreSQL's initdb, in WASM) in a short-lived child process.
 * initdb grows PGlite's WASM memory to several hundred MB, and WASM memory never shrinks: run in the API's own
 * process, it stayed with the API for its whole life (an idle first `npm start` weighed about 100-450 MB more than
 * a restart on the same folder). The child's memory goes back to the system when it exits.
 */
export function initialisePgliteDir(dir: string, postgresqlconf: string[]): Promise<void> {
  const script = `
    const { PGlite } = require(${JSON.stringify(require.resolve('@electric-sql/pglite'))});
    const pg = new PGlite(process.argv[1], { postgresqlconf: JSON.parse(process.argv[2]) });
    pg.waitReady.then(() => pg.close()).catch((e) => { console.error(e && e.stack || String(e)); process.exit(1); });
  `;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script, dir, JSON.stringify(postgresqlconf)], {}, (error, _stdout, stderr) => {
      if (error) reject(new Error(`Could not create the embedded database in ${dir}: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
}
