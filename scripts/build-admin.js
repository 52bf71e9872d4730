#!/usr/bin/env node
// Builds the console (apps/admin), the partners' portal (apps/portal) and the motor embed page's script and stylesheet
// (apps/embed) with Vite's JS API into their dist folders, each unless its dist is newer than every one of its source
// files (pass --force to build anyway; --only admin, --only portal or --only embed to build one). Used by
// `npm run build:admin`, `build:portal`, `build:embed`, `npm run build`, the e2e tests' global setup (the embed page)
// and the browser tests.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const shared = [
  path.join(root, 'libs', 'common', 'src', 'permissions'),
  path.join(root, 'libs', 'common', 'src', 'products.ts'),
  path.join(root, 'apps', 'api', 'src', 'policies', 'claims', 'claim-status.ts'),
];
/** Each app: its name in messages, the files its build writes (all present and newer than the sources = up to date). */
const APPS = {
  admin: { label: 'console', outputs: ['index.html'], shared },
  portal: { label: 'portal', outputs: ['index.html'], shared },
  embed: {
    label: 'embed page',
    outputs: ['embed.js', 'embed.css'],
    shared: [path.join(root, 'apps', 'api', 'src', 'products', 'motor', 'embed', 'page', 'embed-page.data.ts')],
  },
};

function newest(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

function upToDate(dir, app) {
  const outputs = app.outputs.map((f) => path.join(dir, 'dist', f));
  if (!outputs.every(fs.existsSync)) return false;
  const sources = [path.join(dir, 'src'), path.join(dir, 'index.html'), path.join(dir, 'vite.config.ts'), ...app.shared];
  return Math.min(...outputs.map((f) => fs.statSync(f).mtimeMs)) >= Math.max(...sources.filter(fs.existsSync).map(newest));
}

async function buildApp(name) {
  const dir = path.join(root, 'apps', name);
  const { label } = APPS[name];
  if (!process.argv.includes('--force') && upToDate(dir, APPS[name])) {
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
    if (!APPS[name]) throw new Error(`--only takes ${Object.keys(APPS).join(', ')}`);
    await buildApp(name);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
