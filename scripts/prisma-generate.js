#!/usr/bin/env node
// Generates the Prisma 7 client into libs/db/src/generated/prisma.
// The Prisma CLI insists on a schema-engine binary being present before it runs, although
// `generate` never uses it, and this machine cannot download it. Point it at a placeholder file.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

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
