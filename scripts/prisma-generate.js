#!/usr/bin/env node
// Generates the Prisma 7 client into libs/db/src/generated/prisma.
// The Prisma CLI insists on a schema-engine binary being present before it runs, although
// `generate` never uses it, and this machine cannot download it. Point it at a placeholder file.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// The client is made from the schema and the config by this version of Prisma: when none of them changed since the
// last generate (the stamp beside the output), it is current and is left alone. Typecheck, build and lint each start
// with a generate; left alone, the client is never rewritten under a check reading it (CI runs them side by side).
const root = path.join(__dirname, '..');
const output = path.join(root, 'libs/db/src/generated');
const stampFile = path.join(output, '.generated-from');
const stamp = require('node:crypto')
  .createHash('sha256')
  .update(fs.readFileSync(path.join(root, 'prisma/schema.prisma')))
  .update(fs.readFileSync(path.join(root, 'prisma.config.ts')))
  .update(require('prisma/package.json').version)
  .update(require('@prisma/client/package.json').version)
  .digest('hex');
if (fs.existsSync(path.join(output, 'prisma/client.ts')) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) process.exit(0);

const placeholder = path.join(os.tmpdir(), 'prisma-schema-engine-placeholder');
if (!process.env.PRISMA_SCHEMA_ENGINE_BINARY && !fs.existsSync(placeholder)) fs.writeFileSync(placeholder, '');
try {
  execFileSync(process.execPath, [require.resolve('prisma/build/index.js'), 'generate'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || placeholder,
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      CHECKPOINT_DISABLE: '1',
    },
  });
} catch (e) {
  process.stderr.write(`prisma generate failed:\n${e.stdout ?? ''}${e.stderr ?? ''}\n`);
  process.exit(1);
}
fs.writeFileSync(stampFile, stamp);
