/**
 * What `.ci/run` runs again on PostgreSQL + Redis after the whole suite has passed on the embedded database: the tests
 * of what can behave differently there. Business rules run the same SQL on the same PostgreSQL engine either way, so
 * they run once (embedded, `npm test`); what differs is the driver and pool (every family's reads and writes through
 * `pg`: the compatibility suites), real concurrency and several instances (row locks, SKIP LOCKED claims, money
 * races, webhook and due-event workers), Redis (rate limits, outages), the database's failures and restarts, and the
 * repositories' own tests (the medium tier). Browser journeys and the OpenAPI fuzz exercise the UI and validation,
 * which do not depend on the database, and run on the embedded one only.
 *
 * `node test/support/postgres-scope.js` runs them: `npm test` with these Jest arguments, in this environment (so with
 * DATABASE_URL and REDIS_URL set, PostgreSQL + Redis).
 */
const SCOPE = [
  'test/medium/',
  'test/foundation/',
  'test/faults/',
  'test/webhooks/',
  'test/payments/',
  'test/admin/',
  'test/compat/',
  'test/portal/portal(?!-browser)',
  'test/sandbox/(due-events|policy-terms|property-renewal|test-clocks)',
];

module.exports = { SCOPE };

if (require.main === module) {
  const { spawnSync } = require('node:child_process');
  const args = ['test', '--', '--selectProjects', 'medium', 'e2e', '--testPathPatterns', ...SCOPE, ...process.argv.slice(2)];
  const run = spawnSync('npm', args, { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
