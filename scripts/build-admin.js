#!/usr/bin/env node
// Builds the console (apps/admin) and the partners' portal (apps/portal) with Vite's JS API into their dist folders,
// each unless its dist is newer than every one of its source files (pass --force to build anyway; --only admin or
// --only portal to build one). Used by `npm run build:admin`, `npm run build:portal`, `npm run build` and the browser tests.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const shared = [
  path.join(root, 'libs', 'common', 'src', 'permissions'),
  path.join(root, 'libs', 'common', 'src', 'products.ts'),
  path.join(root, 'apps', 'api', 'src', 'policies', 'claims', 'claim-status.ts'),
];
const APPS = { admin: 'console', portal: 'portal' };

function newest(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

function upToDate(dir) {
  const dist = path.join(dir, 'dist', 'index.html');
  if (!fs.existsSync(dist)) return false;
  const sources = [path.join(dir, 'src'), path.join(dir, 'index.html'), path.join(dir, 'vite.config.ts'), ...shared];
  return fs.statSync(dist).mtimeMs >= Math.max(...sources.filter(fs.existsSync).map(newest));
}

async function buildApp(name) {
  const dir = path.join(root, 'apps', name);
  const label = APPS[name];
  if (!process.argv.includes('--force') && upToDate(dir)) {
    if (!process.argv.includes('--quiet')) console.log(`${label}: apps/${name}/dist is up to date`);
    return;
  }
  const { build } = await import('vite');
  const started = Date.now();
  await build({ configFile: path.join(dir, 'vite.config.ts'), logLevel: 'error', mode: 'production' });
  console.log(`${label}: built apps/${name}/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const only = process.argv.indexOf('--only');
  const names = only >= 0 ? [process.argv[only + 1]] : Object.keys(APPS);
  for (const name of names) {
    if (!APPS[name]) throw new Error(`--only takes ${Object.keys(APPS).join(' or ')}`);
    await buildApp(name);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
