/**
 * The card form benchmark, time: from navigation to an interactive card form in headless
 * Chromium, <pay-checkout> from our fresh script-tag build against two static HTML forms, all
 * served by one local server (with the relay and sandbox in-process behind it): `static`, the
 * choice of method and the card's fields (8 controls), the yardstick of every run since the
 * first, and `sameFields`, the 19 controls ours draws for the benchmark's offer once the card is
 * chosen (the buyer's details and the billing address too), with their labels and hints.
 *
 * "Interactive", the same test on both pages, run inside the page on every animation frame from
 * the first script the page runs (an init script): the card's method radio exists (`credit_card`, or
 * `threeDs` where the checkout's one card choice is charged with 3-D Secure) and is
 * enabled, so it is clicked; then the card number field `input[name="cc-number"]` (found through
 * open shadow roots) exists, is `:enabled` (no disabled fieldset around it) and is rendered
 * (`checkVisibility()`). The figure is `performance.now()` at that frame: milliseconds since the
 * navigation started. Each run is a fresh browser context (empty HTTP cache), as a first visit.
 *
 * A fourth page, in every series, is ours drawn as HTML with no script at all (bench/drawn-form.ts,
 * `PAGES.drawn`): the floor of a form the shop's server draws, whatever its script then does.
 *
 * Beside the time, each run keeps what the page did until then: its long tasks (main-thread tasks
 * over 50 ms, from a `PerformanceObserver` the init script starts before any script of the page)
 * and the files it fetched (Resource Timing), which bench/waterfall.ts draws.
 *
 * The server sends every file gzip-compressed, as a CDN or a configured web server does
 * (examples/nginx/shop.conf). On loopback a fetch takes a few milliseconds, so each file of the
 * chain costs about nothing but its parse; on a phone's network each costs a round trip and its
 * bytes' time on the air. A third series emulates such a phone (`PHONE`: Chromium's network
 * emulation and CPU throttling, the mobile profile of Lighthouse's simulated throttling), where
 * the chain of fetches before an interactive form weighs what it weighs for a buyer.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startCheckoutStack, type CheckoutStack } from '../demo/stack.js';
import { inlineCheckoutConfig, widgetPreloadLinks } from '../src/relay/index.js';
import { PRELOAD_MANIFEST } from '../vite.build-cdn.config.js';
import { chromiumLaunchOptions } from '../scripts/chromium.js';
import { docFence } from '../test/docs/markdown-fences.js';
import { captureDrawnForm } from './drawn-form.js';
import { median } from './stats.js';

const PAGES_DIR = join(import.meta.dirname, 'pages');
const RELAY_PATH = '/relay';
/** The offer bench/pages/pay-checkout.html sells. */
const BENCH_PAGE_OFFER = '77BcHrY';
const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/**
 * The pages, by path on the benchmark's server. `rendered` is ours as a page the shop's server
 * renders can have it (docs/relay.md, "The configuration in the page"): the offer's configuration
 * in the page, and the widget's first chunks and the card form's preloaded from its head (the
 * probe picks the card, as a shop whose buyers mostly pay by card would); it is made per request.
 */
export const PAGES = {
  ours: '/pay-checkout.html',
  static: '/static-card-form.html',
  /**
   * The controls ours draws for the benchmark's offer once the card is chosen (the buyer's details,
   * the billing address and the card's, 19), in plain HTML: the "static form of the same
   * fields". `static` has the method and the card's only (8), the yardstick of every earlier run.
   */
  sameFields: '/static-same-fields.html',
  rendered: '/pay-checkout-rendered.html',
  /** A product page with the shop's text under the checkout (bench/layout-shift.ts). */
  product: '/product-page.html',
  /** The same with the CSS of docs/widget.md's "Keeping the page still" in its head, made per request. */
  productReserved: '/product-page-reserved.html',
  /** Ours drawn as HTML with no script (bench/drawn-form.ts): the floor of a form the shop's server draws; made once per run. */
  drawn: '/pay-checkout-drawn.html',
} as const;

/** The controls of `PAGES.sameFields`, the ones ours draws there (test/e2e/card-choice.test.ts counts them in both). */
export const SAME_FIELDS_CONTROLS = 19;
export type PageName = 'ours' | 'static';

/** One fetch of a run, in milliseconds since navigation start. */
export interface FetchTiming {
  /** The path (and query) of the URL. */
  path: string;
  startTime: number;
  responseEnd: number;
}

/** One visit: when the form was interactive, its long tasks until then and what it fetched. */
export interface InteractiveVisit {
  interactive: number;
  longTasks: Array<{ startTime: number; duration: number }>;
  /** The document first, then every resource whose fetch had started. */
  fetches: FetchTiming[];
}

export interface InteractiveRuns {
  /** Milliseconds from navigation to interactive, per run. */
  samples: Record<PageName, number[]>;
  median: Record<PageName, number>;
  /** Long tasks before interactive, per run: their total and the longest, in milliseconds. */
  longTasks: Record<PageName, { total: number[]; longest: number[] }>;
  /** The run whose time is the median's, per page: what the waterfall draws. */
  medianVisit: Record<PageName, InteractiveVisit>;
  /** Ours as the shop's server renders the page (`PAGES.rendered`), where the series visits it too. */
  rendered?: { samples: number[]; median: number };
  /** Ours drawn as HTML with no script (`PAGES.drawn`), and its long tasks as above. */
  drawn: { samples: number[]; median: number; longTasks: { total: number[]; longest: number[] } };
  /** The static form of the same fields as ours (`PAGES.sameFields`). */
  sameFields: { samples: number[]; median: number };
}

export interface InteractiveResult {
  chromiumVersion: string;
  runs: number;
  unthrottled: InteractiveRuns;
  throttled4x: InteractiveRuns;
  /** On `PHONE`'s network, with its CPU. */
  phone: InteractiveRuns;
}

/** A network and CPU as a buyer's phone has them. */
export interface DeviceConditions {
  cpuThrottlingRate: number;
  network?: { latencyMs: number; downloadKbps: number; uploadKbps: number };
}

/** A mid-range phone on 4G, as Lighthouse's simulated mobile throttling has it: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x. */
export const PHONE: Required<DeviceConditions> = { cpuThrottlingRate: 4, network: { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750 } };

/**
 * Page-side code, as text, that the probes start with: `deepQuery(document, selector)`, the first
 * match in the document or in any open shadow root of the page's; and `deepFinder()`, a finder that
 * looks for several selectors at once and keeps what it found while it stays in the page. A probe
 * runs on every frame, on the page's own main thread, so the less it does, the less it weighs on
 * the page it measures. It does not walk the tree: it runs before any script of the page, and
 * keeps each open shadow root as `attachShadow` makes it, so a frame costs one `querySelector` per
 * root. Walking every element for its shadow root cost the checkout's page about 16 ms of its main
 * thread before an interactive form unthrottled, 64 ms at 4x (a CPU profile, five visits), where
 * the static page's first `querySelector` finds its fields. A page drawn as declarative shadow DOM
 * (`PAGES.drawn`) has its shadow roots from the parser, not from `attachShadow`: where the page's
 * init script says so (`window.__declarativeShadowRoots`), they are looked for in the tree.
 */
export const DEEP_QUERY = `
  const shadowRoots = [];
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    if (init && init.mode === 'open') shadowRoots.push(root);
    return root;
  };
  const deepQuery = (root, selector) => {
    const found = root.querySelector(selector);
    if (found) return found;
    for (const shadowRoot of shadowRoots) {
      if (!shadowRoot.host.isConnected) continue;
      const inner = shadowRoot.querySelector(selector);
      if (inner) return inner;
    }
    return window.__declarativeShadowRoots ? declarativeQuery(root, selector) : null;
  };
  const declarativeQuery = (root, selector) => {
    for (const host of root.querySelectorAll('*')) {
      if (!host.shadowRoot) continue;
      const inner = host.shadowRoot.querySelector(selector) ?? declarativeQuery(host.shadowRoot, selector);
      if (inner) return inner;
    }
    return null;
  };
  const deepFinder = () => {
    const found = new Map();
    return (selectors) =>
      selectors.map((selector) => {
        if (found.get(selector)?.isConnected === false) found.delete(selector);
        if (!found.has(selector)) {
          const element = deepQuery(document, selector);
          if (element) found.set(selector, element);
        }
        return found.get(selector) ?? null;
      });
  };
`;

// A string rather than a function: tsx's transform may add helpers a serialized function would miss.
export const INTERACTIVE_PROBE = `
(() => {
${DEEP_QUERY}  const longTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  });
  observer.observe({ type: 'longtask' });
  const fetches = () => {
    const navigation = performance.getEntriesByType('navigation')[0];
    const path = (url) => { const parsed = new URL(url); return parsed.pathname + parsed.search; };
    return [navigation, ...performance.getEntriesByType('resource')].map((entry) => ({
      path: path(entry.name), startTime: entry.startTime, responseEnd: entry.responseEnd,
    }));
  };
  const find = deepFinder();
  window.__cardFormInteractive = new Promise((resolve) => {
    const frame = () => {
      if (document.documentElement) {
        // The card's choice carries one of the two names, as the offer charges it.
        const [method, number] = find(['input[name="method"]:is([value="credit_card"], [value="threeDs"])', 'input[name="cc-number"]']);
        if (method && method.matches(':enabled') && !method.checked) method.click();
        if (method && method.checked && number && number.matches(':enabled') && number.checkVisibility()) {
          const interactive = performance.now();
          for (const entry of observer.takeRecords()) longTasks.push({ startTime: entry.startTime, duration: entry.duration });
          resolve({ interactive, longTasks: longTasks.filter((task) => task.startTime < interactive), fetches: fetches() });
          return;
        }
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
})();
`;

export interface BenchServer {
  origin: string;
  /** Serves `html` as `PAGES.drawn` from now on. */
  setDrawnPage(html: string): void;
  close(): Promise<void>;
}

/** The benchmark's page of ours, as the shop's server renders it: the offer's configuration inline, the first chunks and the card form preloaded. */
async function renderedPage(stack: CheckoutStack, origin: string, ourBuildDir: string): Promise<string> {
  const manifest: unknown = JSON.parse(readFileSync(join(ourBuildDir, PRELOAD_MANIFEST), 'utf8'));
  const page = readFileSync(join(PAGES_DIR, PAGES.ours), 'utf8');
  const config = await inlineCheckoutConfig(stack.relay, { offer: BENCH_PAGE_OFFER, relayUrl: `${origin}${RELAY_PATH}`, id: 'offer-config' });
  return page
    .replace('<script type="module" src="/cdn/pay-checkout.js"></script>', `$&\n${widgetPreloadLinks(manifest, { widgetUrl: '/cdn/', locale: 'pt-BR', inlineConfig: true, cardForm: true })}`)
    .replace('<pay-checkout ', `${config}\n<pay-checkout inline-config="offer-config" `);
}

/** One server for the pages, our build under /cdn/, and the relay under /relay. */
export async function serveBenchPages(ourBuildDir: string): Promise<BenchServer> {
  let stack: CheckoutStack | undefined;
  /** Each file compressed once: the builds do not change while they are served. */
  const gzipped = new Map<string, Buffer>();
  /** The product page with the documented reservation, made at its first request (docs do not change while it is served). */
  let reservedProductPage: string | undefined;
  /** The drawn page, compressed as the files are (Chromium always asks for gzip). */
  let drawnPage: Buffer | undefined;
  const server: Server = createServer((request, response) => {
    if (stack?.handle(request, response)) return;
    const path = normalize(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path === PAGES.rendered && stack) {
      void renderedPage(stack, origin, ourBuildDir).then((page) => response.writeHead(200, { 'content-type': CONTENT_TYPES['.html']!, 'cache-control': 'no-store' }).end(page));
      return;
    }
    if (path === PAGES.drawn && drawnPage !== undefined) {
      response.writeHead(200, { 'content-type': CONTENT_TYPES['.html']!, 'cache-control': 'no-store', 'content-encoding': 'gzip' }).end(drawnPage);
      return;
    }
    if (path === PAGES.productReserved) {
      reservedProductPage ??= readFileSync(join(PAGES_DIR, PAGES.product), 'utf8').replace('</head>', `<style>\n${docFence('widget-reserved-space')}</style>\n</head>`);
      response.writeHead(200, { 'content-type': CONTENT_TYPES['.html']!, 'cache-control': 'no-store' }).end(reservedProductPage);
      return;
    }
    const file = path.startsWith('/cdn/') ? join(ourBuildDir, path.slice('/cdn/'.length)) : join(PAGES_DIR, path);
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    const headers: Record<string, string> = { 'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store', vary: 'accept-encoding' };
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      let compressed = gzipped.get(file);
      if (!compressed) gzipped.set(file, (compressed = gzipSync(body, { level: 6 })));
      body = compressed;
      headers['content-encoding'] = 'gzip';
    }
    response.writeHead(200, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stack = await startCheckoutStack({ relayPath: RELAY_PATH, pageOrigin: origin });
  return {
    origin,
    setDrawnPage(html) {
      drawnPage = gzipSync(html, { level: 6 });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await stack?.close();
    },
  };
}

/** Makes `page` run as `conditions` say: its CPU slowed down, its network given a round trip and a bandwidth. */
export async function emulateDevice(page: Page, { cpuThrottlingRate, network }: DeviceConditions): Promise<void> {
  if (cpuThrottlingRate === 1 && !network) return;
  const cdp = await page.context().newCDPSession(page);
  if (cpuThrottlingRate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottlingRate });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latencyMs,
      downloadThroughput: (network.downloadKbps * 1000) / 8,
      uploadThroughput: (network.uploadKbps * 1000) / 8,
    });
  }
}

/** One first visit: milliseconds from navigation to an interactive card form, and what came before. */
async function visit(browser: Browser, url: string, { cpuThrottlingRate, network }: DeviceConditions): Promise<InteractiveVisit> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (new URL(url).pathname === PAGES.drawn) await page.addInitScript('window.__declarativeShadowRoots = true;');
    await page.addInitScript(INTERACTIVE_PROBE);
    await emulateDevice(page, { cpuThrottlingRate, network });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url, { waitUntil: 'commit' });
    const interactive = await Promise.race([
      page.evaluate('window.__cardFormInteractive') as Promise<InteractiveVisit>,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${url}: no interactive card form within 30 s ${errors.join('; ')}`)), 30_000)),
    ]);
    return interactive;
  } finally {
    await context.close();
  }
}

async function runSeries(browser: Browser, origin: string, runs: number, conditions: DeviceConditions, withRendered = false): Promise<InteractiveRuns> {
  const visits: Record<PageName | 'rendered' | 'drawn' | 'sameFields', InteractiveVisit[]> = { ours: [], static: [], rendered: [], drawn: [], sameFields: [] };
  const names = withRendered ? (['ours', 'static', 'sameFields', 'drawn', 'rendered'] as const) : (['ours', 'static', 'sameFields', 'drawn'] as const);
  // One visit each, not counted: the relay's config cache and Chromium's own start-up warm up.
  for (const name of names) await visit(browser, `${origin}${PAGES[name]}`, conditions);
  // Alternated, so a slow moment of the machine falls on every page alike.
  for (let run = 0; run < runs; run += 1) {
    for (const name of names) visits[name].push(await visit(browser, `${origin}${PAGES[name]}`, conditions));
  }
  /** A page's times to interactive, and their median. */
  const timesOf = (runs: InteractiveVisit[]) => {
    const samples = runs.map((run) => run.interactive);
    return { samples, median: median(samples) };
  };
  const samples = { ours: visits.ours.map((run) => run.interactive), static: visits.static.map((run) => run.interactive) };
  const longTasksOf = (runs: InteractiveVisit[]) => ({
    total: runs.map((run) => run.longTasks.reduce((sum, task) => sum + task.duration, 0)),
    longest: runs.map((run) => Math.max(0, ...run.longTasks.map((task) => task.duration))),
  });
  const medianVisit = (runs: InteractiveVisit[]) => runs.find((run) => run.interactive === median(runs.map((each) => each.interactive)))!;
  return {
    samples,
    median: { ours: median(samples.ours), static: median(samples.static) },
    longTasks: { ours: longTasksOf(visits.ours), static: longTasksOf(visits.static) },
    medianVisit: { ours: medianVisit(visits.ours), static: medianVisit(visits.static) },
    ...(withRendered ? { rendered: timesOf(visits.rendered) } : {}),
    drawn: { ...timesOf(visits.drawn), longTasks: longTasksOf(visits.drawn) },
    sameFields: timesOf(visits.sameFields),
  };
}

/** The pages, `runs` times each: unthrottled, with the CPU throttled 4x, and on a phone (`PHONE`). */
export async function measureInteractiveCardForm(ourBuildDir: string, runs: number): Promise<InteractiveResult> {
  const server = await serveBenchPages(ourBuildDir);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    server.setDrawnPage(await captureDrawnForm(browser, `${server.origin}${PAGES.rendered}`, INTERACTIVE_PROBE));
    return {
      chromiumVersion: browser.version(),
      runs,
      unthrottled: await runSeries(browser, server.origin, runs, { cpuThrottlingRate: 1 }),
      throttled4x: await runSeries(browser, server.origin, runs, { cpuThrottlingRate: 4 }),
      // Where its round trips weigh, the page as the shop's server can render it beside the literal one.
      phone: await runSeries(browser, server.origin, runs, PHONE, true),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
