/** Unit tests live beside the code (*.spec.ts); e2e tests over HTTP under test/ (*.e2e-spec.ts). */
const fs = require('node:fs');
const swcrc = JSON.parse(fs.readFileSync(`${__dirname}/.swcrc`, 'utf8'));
const transform = { '^.+\\.ts$': ['@swc/jest', { ...swcrc, swcrc: false, sourceMaps: 'inline' }] };
const moduleNameMapper = {
  '^@lib/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
  '^@lib/([a-z-]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
};
const common = { rootDir: __dirname, transform, moduleNameMapper, testEnvironment: 'node' };

module.exports = {
  maxWorkers: process.env.JEST_WORKERS ? Number(process.env.JEST_WORKERS) : 2,
  testTimeout: 60_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
