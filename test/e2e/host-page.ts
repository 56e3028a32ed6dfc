/**
 * A host framework's page in Chromium, for the React and Vue tests: vite serves the page with
 * the checkout's back end (the demo's stack: sandbox + relay at /checkout) on a loopback port,
 * from a cache of its own, and one headless Chromium opens it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createServer, type InlineConfig, type ViteDevServer } from 'vite';
import { checkoutStackPlugin } from '../../demo/checkout-stack-plugin.js';
import { chromiumLaunchOptions } from '../../scripts/chromium.js';

export interface HostPage {
  /** The page's origin, with a trailing slash. */
  url: string;
  browser: Browser;
  /** The vite server, for a page rendered on the server with `ssrLoadModule`. */
  vite: ViteDevServer;
  close(): Promise<void>;
}

/**
 * Serves `config` (its root or config file, aliases, dependencies to optimize, plugins of its
 * own) with the checkout's back end, and launches Chromium within `launchTimeoutMs`.
 */
export async function startHostPage(config: InlineConfig, launchTimeoutMs: number): Promise<HostPage> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'pay-checkout-host-vite-'));
  const server = await createServer({
    ...config,
    cacheDir,
    logLevel: 'warn',
    clearScreen: false,
    server: { host: '127.0.0.1', port: 0, strictPort: false, watch: null, hmr: false },
    plugins: [checkoutStackPlugin({ relayPath: '/checkout' }), ...(config.plugins ?? [])],
  });
  let browser: Browser | undefined;
  const close = async (): Promise<void> => {
    await browser?.close();
    await server.close();
    rmSync(cacheDir, { recursive: true, force: true });
  };
  try {
    await server.listen();
    const url = server.resolvedUrls?.local[0];
    assert.ok(url, 'vite resolved no local URL');
    browser = await chromium.launch({ ...chromiumLaunchOptions(), timeout: launchTimeoutMs });
    return { url, browser, vite: server, close };
  } catch (error) {
    await close();
    throw error;
  }
}
