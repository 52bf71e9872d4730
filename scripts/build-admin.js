#!/usr/bin/env node
// Builds the console (apps/admin) with Vite's JS API into apps/admin/dist, unless dist is newer than every
// source file (pass --force to build anyway). Used by `npm run build:admin`, `npm run build` and the browser tests.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const admin = path.join(root, 'apps', 'admin');
const dist = path.join(admin, 'dist', 'index.html');
const sources = [path.join(admin, 'src'), path.join(admin, 'index.html'), path.join(admin, 'vite.config.ts'), path.join(root, 'libs', 'common', 'src', 'permissions'), path.join(root, 'libs', 'common', 'src', 'products.ts'), path.join(root, 'apps', 'api', 'src', 'policies', 'claims', 'claim-status.ts')];

function newest(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

function upToDate() {
  if (!fs.existsSync(dist)) return false;
  return fs.statSync(dist).mtimeMs >= Math.max(...sources.filter(fs.existsSync).map(newest));
}

async function main() {
  if (!process.argv.includes('--force') && upToDate()) {
    if (!process.argv.includes('--quiet')) console.log('console: apps/admin/dist is up to date');
    return;
  }
  const { build } = await import('vite');
  const started = Date.now();
  await build({ configFile: path.join(admin, 'vite.config.ts'), logLevel: 'error', mode: 'production' });
  console.log(`console: built apps/admin/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
