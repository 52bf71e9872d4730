/** Unit tests live beside the code (*.spec.ts); medium tests against the database under test/medium (*.medium-spec.ts); e2e tests over HTTP under test/ (*.e2e-spec.ts). */
const fs = require('node:fs');
const swcrc = JSON.parse(fs.readFileSync(`${__dirname}/.swcrc`, 'utf8'));
// NestJS 12 and some of its dependencies ship ES modules only; test/support/esm-transformer.js compiles
// those (and only those) node_modules files to CommonJS for Jest.
const transform = {
  '^.+\\.ts$': ['@swc/jest', { ...swcrc, swcrc: false, sourceMaps: 'inline' }],
  '/node_modules/.+\\.m?js$': '<rootDir>/test/support/esm-transformer.js',
};
const transformIgnorePatterns = [];
const moduleNameMapper = {
  '^@lib/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
  '^@lib/([a-z-]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
};
// Code in Jest's sandbox reads each global (Math, JSON, Object, ...) through the vm context's interceptors, 100-200
// times slower than in plain Node for a hot `Math.imul`; passed in as each module's parameters they are plain locals.
const sandboxInjectedGlobals = [
  'Math',
  'JSON',
  'Object',
  'Array',
  'Number',
  'String',
  'Boolean',
  'Symbol',
  'Reflect',
  'Promise',
  'Map',
  'Set',
  'WeakMap',
  'Uint8Array',
  'ArrayBuffer',
  'DataView',
];
const common = { rootDir: __dirname, transform, transformIgnorePatterns, moduleNameMapper, testEnvironment: 'node', sandboxInjectedGlobals };

module.exports = {
  maxWorkers: process.env.JEST_WORKERS ? Number(process.env.JEST_WORKERS) : 2,
  // A hook or test that boots apps can wait minutes for a core on a busy 2-core machine; none waits on time itself.
  testTimeout: 120_000,
  // A worker whose heap grew past this after a test file is replaced: each e2e file boots a whole app, and what a
  // file leaves behind (compiled modules, caches) added up to a 4 GB heap in one worker over the whole suite.
  workerIdleMemoryLimit: '1536MB',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'] },
    {
      // Use cases and repositories against the real database, without the app or HTTP.
      ...common,
      displayName: 'medium',
      testMatch: ['<rootDir>/test/medium/**/*.medium-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      // also builds the embed page's script (apps/embed/dist), which the apps under test serve
      globalSetup: '<rootDir>/test/support/e2e-global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
