/**
 * The end-to-end harness: the real demo (the page built by `vite build` and served by
 * `vite preview`, or its sources served by vite's dev server as `npm start` does; either way with
 * the checkout stack of demo/checkout-stack-plugin.ts, on a free port) and the system's headless
 * Chromium driven through playwright-core. Each test file starts its own demo and closes it in
 * `after`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { build, createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { chromiumLaunchOptions } from '../../scripts/chromium.js';
import { sharedBuildsDir } from '../build/shared-builds.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The longest any single wait in the suite may take. */
export const STEP_TIMEOUT_MS = 20_000;

/** A running demo: the page's URL and a browser to drive it. */
export interface Demo {
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

/** What {@link startDemo} serves. */
export interface DemoOptions {
  /**
   * `build` (the default): the page as `vite build` writes it, served by `vite preview`. It loads
   * in a few requests where the sources take some 150, each transformed on the way: the same
   * checkout, in a fraction of the browser's time. `sources`: what `npm start` serves, through
   * vite's dev server (test/e2e/npm-start.test.ts).
   */
  served?: 'build' | 'sources';
}

/** How the tests build the demo: the project's vite.config.ts (so the demo's stack: sandbox + relay). */
const DEMO_CONFIG = { configFile: `${projectRoot}vite.config.ts`, root: `${projectRoot}demo`, logLevel: 'warn' as const };
/** The demo's directory among the run's shared builds (test/build/shared-builds.ts). */
const SHARED_DEMO_BUILD = 'demo';

/** Builds the demo page as `vite build` does, into `outDir`. */
async function buildDemo(outDir: string): Promise<void> {
  await build({ ...DEMO_CONFIG, build: { outDir, emptyOutDir: true } });
}

/** Makes the demo's build among the run's shared builds in `dir`, for every file that serves it. */
export async function prepareDemoBuild(dir: string): Promise<void> {
  await buildDemo(join(dir, SHARED_DEMO_BUILD));
}

/**
 * Serves the demo on 127.0.0.1 and a free port, and launches Chromium. The built page is the run's
 * shared build when `npm test` made one (`vite preview` only reads it), else built here for this
 * demo alone. No file watching: the tests edit nothing.
 */
export async function startDemo(options: DemoOptions = {}): Promise<Demo> {
  // Before vite starts: without a browser there is nothing to test.
  const launchOptions = chromiumLaunchOptions();
  const address = { host: '127.0.0.1', port: 0, strictPort: false };
  let server: ViteDevServer | PreviewServer;
  let ownBuild: string | undefined;
  if (options.served === 'sources') {
    const devServer = await createServer({ ...DEMO_CONFIG, server: { ...address, watch: null } });
    server = await devServer.listen();
  } else {
    const shared = sharedBuildsDir();
    const builtTo = shared === undefined ? mkdtempSync(join(tmpdir(), 'pay-checkout-demo-')) : join(shared, SHARED_DEMO_BUILD);
    if (shared === undefined) ownBuild = builtTo;
    try {
      if (ownBuild !== undefined) await buildDemo(ownBuild);
      server = await preview({ ...DEMO_CONFIG, build: { outDir: builtTo }, preview: address });
    } catch (error) {
      if (ownBuild !== undefined) rmSync(ownBuild, { recursive: true, force: true });
      throw error;
    }
  }
  const stop = async () => {
    await server.close();
    if (ownBuild !== undefined) rmSync(ownBuild, { recursive: true, force: true });
  };
  const url = server.resolvedUrls?.local[0];
  if (!url) {
    await stop();
    throw new Error('vite resolved no local URL for the demo');
  }
  const browser = await chromium.launch({ ...launchOptions, timeout: STEP_TIMEOUT_MS }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return {
    url,
    browser,
    async close() {
      await browser.close();
      await stop();
    },
  };
}

/** The charge answers the relay gave the page (`POST /checkout/charges`), in order. */
export interface ChargeAnswers {
  /** The `Idempotency-Key` of each request, in order. */
  keys: string[];
  statuses: number[];
  bodies: Array<Record<string, unknown>>;
}

/** Records the page's charge answers from the relay. */
export function recordCharges(page: Page): ChargeAnswers {
  const answers: ChargeAnswers = { keys: [], statuses: [], bodies: [] };
  page.on('response', (response: Response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !new URL(response.url()).pathname.endsWith('/checkout/charges')) return;
    answers.keys.push(request.headers()['idempotency-key'] ?? '');
    answers.statuses.push(response.status());
    response
      .json()
      .then((body: Record<string, unknown>) => answers.bodies.push(body))
      .catch(() => answers.bodies.push({}));
  });
  return answers;
}

/** Options of {@link openCheckout}. */
export interface OpenOptions {
  /** URL query of the demo page (offer, methods, locale, theme). */
  query?: string;
  width?: number;
  height?: number;
  /**
   * Runs on the fresh context before the page is first requested: for init scripts and bindings
   * (`context.addInitScript`, `context.exposeBinding`) that must be in place from the first document on.
   */
  beforeLoad?: (context: BrowserContext) => Promise<void>;
}

/**
 * A fresh browser context (own sessionStorage) on the demo page, checkout ready; `response` is
 * the page document's response (its headers: the Content-Security-Policy the page was served with).
 */
export async function openCheckout(
  demo: Demo,
  options: OpenOptions = {},
): Promise<{ context: BrowserContext; page: Page; response: Response | null }> {
  const context = await demo.browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: 'pt-BR',
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  await options.beforeLoad?.(context);
  const page = await context.newPage();
  const response = await page.goto(`${demo.url}${options.query ? `?${options.query}` : ''}`);
  await waitForEvents(page, 'pay-ready', 1);
  return { context, page, response };
}

/** Waits until the QA panel's event log holds at least `count` events of `type`. */
export async function waitForEvents(page: Page, type: string, count: number, timeout = STEP_TIMEOUT_MS): Promise<void> {
  await page.waitForFunction(
    ([eventType, wanted]) => document.querySelectorAll(`#qa-event-log li[data-event-type="${eventType}"]`).length >= wanted,
    [type, count] as const,
    { timeout },
  );
}

/** How many events of `type` the QA panel's event log holds. */
export function countEvents(page: Page, type: string): Promise<number> {
  return page.locator(`#qa-event-log li[data-event-type="${type}"]`).count();
}

/** The `detail` JSON of the newest event of `type` in the QA panel's log. */
export async function newestDetail(page: Page, type: string): Promise<Record<string, unknown>> {
  const text = await page.locator(`#qa-event-log li[data-event-type="${type}"] pre`).first().textContent();
  return JSON.parse(text ?? 'null') as Record<string, unknown>;
}
