/**
 * A page the shop's server renders, as docs/relay.md ("The configuration in the page") shows it:
 * the offer's configuration in the page (`inlineCheckoutConfig`) and the widget's first chunks
 * preloaded from its head (`widgetPreloadLinks`, from the build's `pay-checkout.preload.json`).
 * In Chromium, on a network with a round trip of its own, the checkout's core chunk, its
 * language's texts and the reader of the inline configuration are asked for beside the entry,
 * not after it; each file is fetched once, and the relay is not asked for the configuration.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startCheckoutStack, type CheckoutStack } from '../../demo/stack.js';
import { scriptTagModuleBuild } from '../build/shared-builds.js';
import { chromiumLaunchOptions } from '../../scripts/chromium.js';
import { inlineCheckoutConfig, widgetPreloadLinks, type WidgetPreloadManifest } from '../../src/relay/index.js';
import { PRELOAD_MANIFEST } from '../../vite.build-cdn.config.js';

const OFFER = '77BcHrY';
const WIDGET = '/loja/widget/';

describe('a page that carries the configuration and preloads the widget\'s first chunks', { timeout: 180_000 }, () => {
  let dir: string;
  let manifest: WidgetPreloadManifest;
  let stack: CheckoutStack;
  let server: Server;
  let origin: string;
  let browser: Browser;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pay-checkout-preload-'));
    const chunks = await scriptTagModuleBuild(dir);
    manifest = JSON.parse(readFileSync(join(dir, PRELOAD_MANIFEST), 'utf8')) as WidgetPreloadManifest;
    assert.ok(chunks.length > 0);
    server = createServer((request, response) => {
      if (stack.handle(request, response)) return;
      const path = normalize(new URL(request.url ?? '/', 'http://localhost').pathname);
      if (path === '/' || path === '/tarjeta') {
        void (async () => {
          const config = await inlineCheckoutConfig(stack.relay, { offer: OFFER, relayUrl: `${origin}/relay`, id: 'oferta' });
          const page = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Tienda</title>
<script type="module" src="${WIDGET}pay-checkout.js"></script>
${widgetPreloadLinks(manifest, { widgetUrl: WIDGET, locale: 'es-MX', inlineConfig: true, cardForm: path === '/tarjeta' })}
</head><body>${config}<pay-checkout relay="/relay" offer="${OFFER}" locale="es-MX" inline-config="oferta"></pay-checkout></body></html>`;
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
        })();
        return;
      }
      const file = path.startsWith(WIDGET) ? join(dir, path.slice(WIDGET.length)) : '';
      if (file && existsSync(file)) response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(readFileSync(file));
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stack = await startCheckoutStack({ relayPath: '/relay', pageOrigin: origin });
    browser = await chromium.launch(chromiumLaunchOptions());
  });

  after(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await stack?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists the build\'s own files: the chunks the entry imports, each language\'s form texts and the inline configuration\'s reader', () => {
    const entry = readFileSync(join(dir, 'pay-checkout.js'), 'utf8');
    assert.ok(manifest.modules.length > 0 && manifest.modules.every((file) => entry.includes(`./${file}`)), manifest.modules.join(', '));
    assert.deepEqual(Object.keys(manifest.catalogues), ['en', 'es', 'pt-BR']);
    for (const file of [...manifest.modules, ...Object.values(manifest.catalogues), manifest.inlineConfig]) assert.ok(existsSync(join(dir, file)), file);
    assert.match(readFileSync(join(dir, manifest.catalogues['es']!), 'utf8'), /Pagar/);
  });

  it('lists the card form: its chunk, every chunk that one imports the entry does not, and its texts in each language', () => {
    const card = manifest.card;
    assert.ok(card, 'no card in the manifest');
    const [cardChunk, ...imported] = card.modules;
    assert.match(cardChunk ?? '', /^chunks\/card-fields-[\w-]+\.js$/);
    // What the browser would find only once the card form's chunk is parsed: all of it listed, nothing the entry brings already.
    const staticImports = [...readFileSync(join(dir, cardChunk!), 'utf8').matchAll(/from"\.\/([\w.-]+\.js)"/g)].map((match) => `chunks/${match[1]}`);
    assert.deepEqual(
      [...imported].sort(),
      staticImports.filter((file) => !manifest.modules.includes(file)).sort(),
    );
    assert.ok(imported.length > 0, 'the card form imports the payment\'s chunk');
    assert.deepEqual(Object.keys(card.catalogues), ['en', 'es', 'pt-BR']);
    for (const file of [...card.modules, ...Object.values(card.catalogues)]) assert.ok(existsSync(join(dir, file)), file);
    assert.notEqual(readFileSync(join(dir, card.catalogues['es']!), 'utf8'), readFileSync(join(dir, card.catalogues['pt-BR']!), 'utf8'));
  });

  /** What a visit of `path` asked for, where each request takes a round trip of its own, once `act` is done. */
  async function visitOnSlowNetwork(path: string, act: (page: Page) => Promise<void>): Promise<{ requested: string[]; timings: Array<{ path: string; startTime: number; responseEnd: number }> }> {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      // A round trip of its own for each request: what is asked after the entry arrived shows it.
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: -1, uploadThroughput: -1 });
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${origin}${path}`);
      await act(page);
      const timings = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime, responseEnd: entry.responseEnd })),
      );
      return { requested, timings };
    } finally {
      await context.close();
    }
  }

  /** Each of `files` (of the build) asked for before the entry had arrived, and once. */
  function assertBesideTheEntryOnce(files: readonly string[], { requested, timings }: Awaited<ReturnType<typeof visitOnSlowNetwork>>): void {
    const timing = (file: string) => timings.find((entry) => entry.path === `${WIDGET}${file}`);
    const entry = timing('pay-checkout.js');
    assert.ok(entry, 'the entry was not fetched');
    assert.deepEqual(
      files.map((file) => [file, (timing(file)?.startTime ?? Infinity) < entry.responseEnd]),
      files.map((file) => [file, true]),
    );
    assert.deepEqual(
      files.map((file) => [file, requested.filter((path) => path === `${WIDGET}${file}`).length]),
      files.map((file) => [file, 1]),
    );
  }

  it('asks for the core, the buyer\'s texts and the configuration\'s reader beside the entry, once each, and never for GET config', async () => {
    const visit = await visitOnSlowNetwork('/', async (page) => {
      await page.locator('pay-checkout [part="submit"]').waitFor({ timeout: 30_000 });
      assert.match((await page.locator('pay-checkout [part="submit"]').textContent()) ?? '', /Pagar/);
    });
    assertBesideTheEntryOnce([...manifest.modules, manifest.catalogues['es']!, manifest.inlineConfig], visit);
    assert.deepEqual(visit.requested.filter((path) => path.startsWith('/relay/config')), []);
    // Nothing of the card form is fetched before the buyer picks the card.
    assert.deepEqual(visit.requested.filter((path) => manifest.card!.modules.some((file) => path === `${WIDGET}${file}`)), []);
  });

  it('with the card form preloaded, asks for its chunks and its texts beside the entry, and for none of them again when the buyer picks the card', async () => {
    const visit = await visitOnSlowNetwork('/tarjeta', async (page) => {
      await page.locator('pay-checkout input[name="method"]:is([value="credit_card"], [value="threeDs"])').check({ timeout: 30_000 });
      await page.locator('pay-checkout input[name="cc-number"]').waitFor({ timeout: 30_000 });
    });
    assertBesideTheEntryOnce([...manifest.card!.modules, manifest.card!.catalogues['es']!], visit);
  });
});
