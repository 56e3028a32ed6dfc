/**
 * `<PayCheckout>` rendered on the server and hydrated in Chromium, as a Next.js App Router page
 * is, on React 19 and on React 18: vite serves the page with the checkout's back end (the demo's
 * stack: sandbox + relay at /checkout), renders /shop with react-dom/server (render.ts, through
 * `ssrLoadModule`), and hydrate.ts hydrates it with `hydrateRoot`. After hydration the element
 * must hold the object properties (`customer`, `metadata`) and every callback must fire, up to
 * `onPaid` for a Pix paid in the sandbox. React 18 is the copy pretest installs
 * (scripts/react-18.js); vite's aliases point both sides at it.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { Alias, Plugin, ViteDevServer } from 'vite';
// @ts-expect-error scripts/react-18.js is plain JavaScript without types
import { hasReact18, react18Packages, REACT_18_VERSION } from '../../scripts/react-18.js';
import { startHostPage, type HostPage } from '../e2e/host-page.js';
import { PAGE_CUSTOMER, PAGE_METADATA, PAGE_PAID_MESSAGE, type RecordedEvent } from './hydration-page/checkout-page.js';

const PAGE_ROOT = fileURLToPath(new URL('./hydration-page/', import.meta.url));
const OFFER = '77BcHrY';
const STEP_TIMEOUT_MS = 20_000;

interface RenderModule {
  renderShop(offer: string): string;
  version: string;
}

/** The page's server side, loaded through vite with the React its aliases name. */
function renderModule(vite: ViteDevServer): Promise<RenderModule> {
  return vite.ssrLoadModule('/render.ts') as Promise<RenderModule>;
}

/** The server-rendered page at /shop, rendered per request, as a framework's server answers it. */
function serverRenderedPage(): Plugin {
  return {
    name: 'server-rendered-shop-page',
    configureServer(server) {
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
        if (req.url !== '/shop') return next();
        renderModule(server).then(({ renderShop }) => {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(
            `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja</title></head>` +
              `<body><div id="root" data-offer="${OFFER}">${renderShop(OFFER)}</div><script type="module" src="/hydrate.ts"></script></body></html>`,
          );
        }, next);
      });
    },
  };
}

/** `react` and `react-dom` (and their sub-paths) resolved to another install of React. */
function reactAliases(packages: { react: string; reactDom: string }): Alias[] {
  return [
    { find: /^react-dom(\/.*)?$/, replacement: `${packages.reactDom}$1` },
    { find: /^react(\/.*)?$/, replacement: `${packages.react}$1` },
  ];
}

const REACTS = [
  { major: '19', aliases: [] as Alias[] },
  { major: '18', aliases: hasReact18() ? reactAliases(react18Packages()) : undefined },
];

function recordedEvents(page: Page): Promise<RecordedEvent[]> {
  return page.evaluate(() => window.recordedEvents ?? []);
}

async function waitForCallback(page: Page, callback: string): Promise<RecordedEvent> {
  await page.waitForFunction((name) => (window.recordedEvents ?? []).some((event) => event.callback === name), callback, { timeout: STEP_TIMEOUT_MS });
  const found = (await recordedEvents(page)).find((event) => event.callback === callback);
  assert.ok(found);
  return found;
}

for (const { major, aliases } of REACTS) {
  describe(`<PayCheckout> on React ${major}, rendered by react-dom/server and hydrated with hydrateRoot`, { timeout: 180_000 }, () => {
    let serverHtml: string;
    let host: HostPage;
    let browser: Browser;
    let url: string;

    before(async () => {
      assert.ok(aliases, `React ${REACT_18_VERSION} is not installed: npm test's pretest step installs it (scripts/react-18.js)`);
      host = await startHostPage(
        {
          configFile: false,
          root: PAGE_ROOT,
          resolve: { alias: aliases },
        // An aliased React is a file path to vite, not a package, so the server inlines it: its
        // CommonJS must then be made a module first, as vite does for the browser.
        ...(aliases.length > 0 ? { ssr: { optimizeDeps: { include: ['react', 'react-dom/server'] } } } : {}),
          // Every dependency found before the page loads: a late discovery would reload the page mid-test.
          optimizeDeps: { entries: ['hydrate.ts'], include: ['react', 'react-dom/client', 'qrcode'] },
          plugins: [serverRenderedPage()],
        },
        STEP_TIMEOUT_MS,
      );
      ({ browser, url } = host);
      const rendering = await renderModule(host.vite);
      // The aliases really apply: the server renders with the React under test.
      assert.equal(rendering.version.split('.')[0], major);
      serverHtml = rendering.renderShop(OFFER);
    });

    after(() => host?.close());

    it('renders the element with its string and boolean properties as attributes, and no object as text', () => {
      assert.match(
        serverHtml,
        new RegExp(`<pay-checkout id="checkout" relay="/checkout" offer="77BcHrY" methods="pix,boleto" ask-birth-date="" paid-message="${PAGE_PAID_MESSAGE}"></pay-checkout>`),
      );
      assert.doesNotMatch(serverHtml, /customer|metadata|object Object|onPaid|onpaid/i);
    });

    it('after hydration: no mismatch, the object properties are on the element, and the callbacks fire up to onPaid', async () => {
      const context = await browser.newContext({ locale: 'pt-BR' });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      // React reports hydration trouble on the console; a 404 is reported there too, and by the
      // response itself, whose URL says more (the browser's own favicon request is not the page's).
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
      });
      page.on('response', (response) => {
        if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) pageErrors.push(`${response.status()} ${response.url()}`);
      });
      try {
        await page.goto(`${url}shop`);
        await page.waitForFunction(() => window.hydrated === true);
        assert.equal((await page.evaluate(() => window.reactVersion))?.split('.')[0], major);

        const ready = await waitForCallback(page, 'onReady');
        assert.equal((ready.detail as { offer?: { id?: string } }).offer?.id ?? (ready.detail as { offer?: string }).offer, OFFER);
        assert.deepEqual(await page.evaluate(() => window.hydrationErrors), []);

        const element = await page.evaluate(() => {
          const checkout = document.querySelector('pay-checkout');
          return { customer: checkout?.customer, metadata: checkout?.metadata, askBirthDate: checkout?.askBirthDate, methods: checkout?.methods };
        });
        assert.deepEqual(element, { customer: PAGE_CUSTOMER, metadata: PAGE_METADATA, askBirthDate: true, methods: 'pix,boleto' });
        // The buyer sees the prefill: `customer` reached the element before its form was drawn.
        assert.equal(await page.locator('pay-checkout pay-customer-fields input[name="name"]').inputValue(), PAGE_CUSTOMER.name);

        const charge = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/checkout/charges'));
        // Pix, the first method, is chosen on load; the buyer switches to boleto and back.
        await page.locator('pay-checkout input[name="method"][value="boleto"]').check();
        const methodChange = await waitForCallback(page, 'onMethodChange');
        assert.equal((methodChange.detail as { method: string }).method, 'boleto');
        await page.locator('pay-checkout input[name="method"][value="pix"]').check();
        await page.locator('pay-checkout [part="submit"]').click();
        const body = (await charge).postDataJSON() as { metadata?: Record<string, string> };
        assert.equal(body.metadata?.['utm_source'], PAGE_METADATA.utm_source);

        const created = await waitForCallback(page, 'onOrderCreated');
        const orderId = (created.detail as { order: { id: string } }).order.id;
        const paid = await fetch(new URL(`__sandbox/orders/${encodeURIComponent(orderId)}/pay`, url), { method: 'POST' });
        assert.ok(paid.ok, `the sandbox answered ${paid.status} to paying the order`);
        const onPaid = await waitForCallback(page, 'onPaid');
        assert.equal((onPaid.detail as { order: { id: string; status: string } }).order.id, orderId);
        assert.equal((onPaid.detail as { order: { status: string } }).order.status, 'paid');
        // `paidMessage` reached the element as its attribute: the paid view says it.
        await page.locator('pay-checkout pay-pix-result').getByText(PAGE_PAID_MESSAGE).waitFor();

        assert.deepEqual(
          (await recordedEvents(page)).filter((event) => event.callback === 'onFailed'),
          [],
        );
        assert.deepEqual(pageErrors, []);
      } finally {
        await context.close();
      }
    });
  });
}
