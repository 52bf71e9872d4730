import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where the browser tests leave their screenshots (CI keeps them as artifacts); `CONSOLE_SCREENSHOTS` to look at them elsewhere. */
export const SCREENSHOTS = process.env.CONSOLE_SCREENSHOTS ?? resolve(__dirname, '../../test-output/screenshots');

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--lang=en-GB',
];

/**
 * Whether the browser tests can run: Chromium missing fails them under CI=true and skips them
 * (with a message saying how to install it) elsewhere.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const message = `Chromium not found at ${CHROMIUM}: install it with  apt-get update && apt-get install -y --no-install-recommends chromium`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`SKIPPING the console browser tests. ${message}`);
  return false;
}

/** Builds apps/admin/dist (and the portal's and the embed page's) when missing or older than their sources (Vite's JS build API, in scripts/build-admin.js). */
export function ensureConsoleBuilt(): void {
  execFileSync(process.execPath, [resolve(__dirname, '../../scripts/build-admin.js'), '--quiet'], { stdio: 'inherit' });
}

/** A headless Chromium with a new, empty profile. */
export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'console-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1366, height: 860 },
    locale: 'en-GB',
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
