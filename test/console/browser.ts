import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

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
  trackRequests(context);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Each browser context's requests in flight and when that count last changed (launchBrowser starts the count). */
const inFlight = new WeakMap<BrowserContext, { count: number; changedAt: number }>();

function trackRequests(context: BrowserContext): void {
  const state = { count: 0, changedAt: Date.now() };
  const change = (by: number) => {
    state.count += by;
    state.changedAt = Date.now();
  };
  context.on('request', () => change(1));
  context.on('requestfinished', () => change(-1));
  context.on('requestfailed', () => change(-1));
  inFlight.set(context, state);
}

/**
 * Waits until the page's browser has had no request in flight for `quietMs` and the page itself has drawn a frame and
 * run its queued tasks since (a renderer held up on a busy machine starts what a render needs only then; a request it
 * starts meanwhile means waiting again). Playwright's `networkidle` waits half a second after every load instead:
 * 12 s of the 390 px journey's 100, run beside another file.
 */
export async function settled(page: Page, quietMs = 150, timeoutMs = 30_000): Promise<void> {
  const state = inFlight.get(page.context());
  if (!state) throw new Error('settled() needs a page of a context from launchBrowser()');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    while (state.count > 0 || Date.now() - state.changedAt < quietMs) {
      if (Date.now() > deadline) throw new Error(`${state.count} requests still in flight after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const quietSince = state.changedAt;
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    if (state.count === 0 && state.changedAt === quietSince) return;
  }
}
