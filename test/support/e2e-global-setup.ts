import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import globalSetup from './global-setup';

/**
 * The e2e tests' setup: the database (global-setup.ts) and the embed page's script and stylesheet, which every app
 * under test serves at /embed/assets/ from apps/embed/dist. scripts/build-admin.js builds them when missing or older
 * than their sources (under a second), and otherwise only compares file times.
 */
export default async function e2eGlobalSetup(): Promise<void> {
  execFileSync(process.execPath, [resolve(__dirname, '../../scripts/build-admin.js'), '--only', 'embed', '--quiet'], { stdio: 'inherit' });
  await globalSetup();
}
