/**
 * What a buyer's browser really fetches from the script-tag build: headless Chromium loads a shop's
 * page (one `<script type="module">` and the element, as docs/widget.md shows it) and pays through
 * one method in one language, against the demo's relay and sandbox (demo/stack.ts) on loopback
 * ports; every response from the build's files is recorded from Chromium's network log and its
 * bytes gzipped at level 9, as the static budgets are. Two figures per path: what the page had
 * fetched when the checkout's form appeared, and everything from page load to paid. Used by
 * test/e2e/buyer-paths-budgets.test.ts, `npm run budgets` and `npm run size`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, relative } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startCheckoutStack, type CheckoutStack } from '../demo/stack.js';
import { TEST_BUYER } from '../demo/test-buyer.js';
import { BUYER_PATHS, pathName, type BuyerPath, type BuyerPathMeasure, type ByteCount, type FetchedFile, type PathLocale, type PathMethod } from './buyer-paths.js';
import { gzipSize } from './cdn-bundle.js';
import { chromiumLaunchOptions } from './chromium.js';

/** Where the shop's server mounts the relay. */
const RELAY_PATH = '/checkout';
/** The sandbox fixture's default offer, one-time: it takes every method but Pix Automático. */
const OFFER = '77BcHrY';
/** A subscription offer of the fixture, for Pix Automático (offered for recurring charges only). */
const SUBSCRIPTION_OFFER = 'CLUBmes';
const SHOP_PAGE = '/shop.html';
/** The longest one step of a path may take on a loaded machine. */
const STEP_TIMEOUT_MS = 20_000;
/** Approved at once by the sandbox; with 3-D Secure, this one asks for the challenge (code 1234). */
const CARDS = { credit_card: '4111111111111111', threeDs: '5555555555554444' } as const;
const CHECKOUT = 'pay-checkout';

/**
 * A 3-D Secure provider of the shop's own, as a page plugs it in production: it authenticates at
 * once (frictionless), with a result the sandbox takes as authenticated.
 */
const SHOP_THREE_D_SECURE = `document.querySelector('pay-checkout').threeDSecureProvider = {
  authenticate: async () => ({ cavv: 'AAABCZIhcQAAAABZlyFxAAAAAAA=', eci: '05', xid: 'shop-3ds-xid', referenceId: 'shop-3ds-reference', version: '2.2.0' }),
};`;

/**
 * The shop's page. The checkout offers one card choice, charged as `threeDs` when the offer takes it:
 * the `credit_card` path's page lists the methods without `threeDs`, as a shop that charges cards without it.
 * With `shopThreeDSecure`, the page plugs its own 3-D Secure provider before the checkout's code runs.
 */
function shopPage(locale: PathLocale, offer: string, method: string | null, shopThreeDSecure: boolean): string {
  const methods = method === 'credit_card' ? ' methods="pix,pix_auto,boleto,credit_card"' : '';
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>Shop</title>
<script type="module" src="/pay-checkout.js"></script></head>
<body><pay-checkout relay="${RELAY_PATH}" offer="${offer}" locale="${locale}"${methods}></pay-checkout>${shopThreeDSecure ? `<script>${SHOP_THREE_D_SECURE}</script>` : ''}</body></html>`;
}

/** Every file of the build, relative to its directory. */
function buildFiles(dir: string): Set<string> {
  return new Set(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name))));
}

interface ShopServer {
  origin: string;
  files: Set<string>;
  close(): Promise<void>;
}

/** The shop's page, the build's files at the root and the relay under RELAY_PATH, on one loopback port. */
async function serveShop(buildDir: string): Promise<ShopServer> {
  const files = buildFiles(buildDir);
  let stack: CheckoutStack | undefined;
  const server: Server = createServer((request, response) => {
    if (stack?.handle(request, response)) return;
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = normalize(url.pathname).slice(1);
    if (url.pathname === SHOP_PAGE) {
      const locale = (url.searchParams.get('locale') ?? 'pt-BR') as PathLocale;
      const offer = url.searchParams.get('offer') === SUBSCRIPTION_OFFER ? SUBSCRIPTION_OFFER : OFFER;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(shopPage(locale, offer, url.searchParams.get('method'), url.searchParams.has('shop-3ds')));
    } else if (files.has(file)) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(readFileSync(join(buildDir, file)));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stack = await startCheckoutStack({ relayPath: RELAY_PATH, pageOrigin: origin });
  return {
    origin,
    files,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await stack?.close();
    },
  };
}

// A string rather than a function: tsx's transform may add helpers a serialized function would miss.
// The form is committed to the checkout's shadow root in one render; the observer's callback runs
// in a microtask right after, before any later response is handled, so the resource entries read
// there are exactly the files whose loads had finished when the form appeared.
const PATH_PROBE = `
(() => {
  if (window !== window.top) return;
  const probe = (window.__buyerPath = { formFiles: undefined, orderId: undefined, paid: false });
  document.addEventListener('pay-order-created', (event) => { probe.orderId = event.detail.order.id; });
  document.addEventListener('pay-paid', () => { probe.paid = true; });
  customElements.whenDefined('${CHECKOUT}').then(() => {
    const root = document.querySelector('${CHECKOUT}').shadowRoot;
    const look = () => {
      if (probe.formFiles !== undefined || !root.querySelector('form[part="form"]')) return;
      probe.formFiles = performance.getEntriesByType('resource').map((entry) => entry.name);
      observer.disconnect();
    };
    const observer = new MutationObserver(look);
    observer.observe(root, { childList: true, subtree: true });
    look();
  });
})();
`;

async function payOrderInSandbox(origin: string, orderId: string): Promise<void> {
  const response = await fetch(`${origin}/__sandbox/orders/${encodeURIComponent(orderId)}/pay`, { method: 'POST' });
  if (!response.ok) throw new Error(`the sandbox did not pay order ${orderId}: HTTP ${response.status}`);
}

/** The buyer's steps after the form shows, up to `pay-paid`. */
async function pay(page: Page, origin: string, method: PathMethod, shopThreeDSecure: boolean): Promise<void> {
  await page.evaluate(`document.querySelector('${CHECKOUT}').customer = ${JSON.stringify(TEST_BUYER)}`);
  await page.locator(`${CHECKOUT} input[name="method"][value="${method}"]`).check();
  if (method === 'credit_card' || method === 'threeDs') {
    const field = (name: string) => page.locator(`${CHECKOUT} input[name="${name}"]`);
    await field('cc-number').pressSequentially(CARDS[method]);
    await field('cc-name').fill('MARIA SILVA');
    await field('cc-exp').pressSequentially('1230');
    await field('cc-csc').pressSequentially('123');
  }
  await page.locator(`${CHECKOUT} [part="submit"]`).click();
  if (method === 'threeDs') {
    // The shop's own provider authenticates without a challenge.
    if (!shopThreeDSecure) {
      const frame = page.frameLocator(`${CHECKOUT} iframe[part="frame"]`);
      await frame.locator('#challenge-code').fill('1234');
      await frame.locator('button[value="submit"]').click();
    }
  } else if (method !== 'credit_card') {
    // What the buyer sees before paying elsewhere: the QR (its encoder is a chunk of its own) or the slip.
    await page.locator(`${CHECKOUT} [part="result"] ${method === 'boleto' ? '[part="copy-input"]' : '[part="qr"] svg'}`).waitFor();
    const orderId = (await (await page.waitForFunction('window.__buyerPath.orderId')).jsonValue()) as string;
    await payOrderInSandbox(origin, orderId);
  }
  await page.waitForFunction('window.__buyerPath.paid');
}

function byteCount(files: FetchedFile[]): ByteCount {
  return { raw: files.reduce((sum, file) => sum + file.raw, 0), gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}

/** One buyer on one path, in a fresh context (an empty HTTP cache, as a first visit). */
async function walk(browser: Browser, shop: ShopServer, path: BuyerPath): Promise<BuyerPathMeasure> {
  const context = await browser.newContext({ locale: path.locale });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  try {
    const page = await context.newPage();
    await page.addInitScript(PATH_PROBE);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const fetched: Array<Promise<{ file: string; body: Buffer }>> = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      const file = url.pathname.slice(1);
      if (url.origin === shop.origin && shop.files.has(file)) fetched.push(response.body().then((body) => ({ file, body })));
    });
    try {
      const offer = path.method === 'pix_auto' ? SUBSCRIPTION_OFFER : OFFER;
      await page.goto(`${shop.origin}${SHOP_PAGE}?locale=${path.locale}&offer=${offer}&method=${path.method}${path.shopThreeDSecure ? '&shop-3ds' : ''}`);
      const formUrls = (await (await page.waitForFunction('window.__buyerPath.formFiles')).jsonValue()) as string[];
      const formFiles = formUrls.map((name) => new URL(name)).filter((url) => url.origin === shop.origin && shop.files.has(url.pathname.slice(1))).map((url) => url.pathname.slice(1));
      await pay(page, shop.origin, path.method, path.shopThreeDSecure === true);
      const files = (await Promise.all(fetched)).map(({ file, body }) => ({ file, raw: body.length, gzip: gzipSize(body), beforeForm: formFiles.includes(file) }));
      const unrecorded = formFiles.filter((file) => !files.some((fetchedFile) => fetchedFile.file === file));
      if (unrecorded.length > 0) throw new Error(`the page loaded ${unrecorded.join(', ')} before the form, but no response of it was recorded`);
      return { ...path, files, beforeForm: byteCount(files.filter((file) => file.beforeForm)), total: byteCount(files) };
    } catch (error) {
      throw new Error(`${pathName(path)}: ${String(error)}${errors.length > 0 ? `; page errors: ${errors.join('; ')}` : ''}`, { cause: error });
    }
  } finally {
    await context.close();
  }
}

/** Walks each path on the build in `buildDir` (its `module` variant), one after the other in one browser. */
export async function measureBuyerPaths(buildDir: string, paths: readonly BuyerPath[] = BUYER_PATHS): Promise<BuyerPathMeasure[]> {
  const shop = await serveShop(buildDir);
  try {
    const browser = await chromium.launch({ ...chromiumLaunchOptions(), timeout: STEP_TIMEOUT_MS });
    try {
      const measures: BuyerPathMeasure[] = [];
      for (const path of paths) measures.push(await walk(browser, shop, path));
      return measures;
    } finally {
      await browser.close();
    }
  } finally {
    await shop.close();
  }
}

