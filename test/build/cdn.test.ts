import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CDN_FILE_NAMES, CLASSIC_GLOBAL_NAME } from '../../vite.build-cdn.config.js';
import { buildCdnVariant, subresourceIntegrity } from '../../scripts/cdn-bundle.js';
import { COMPILE_ALL_FUNCTIONS } from '../../scripts/second-minify-pass.js';
import { scriptTagModuleBuild } from './shared-builds.js';
import { chromiumLaunchOptions } from '../../scripts/chromium.js';
import { ON_DEMAND_TAGS } from '../../src/widget/on-demand-elements.js';
import ptBR from '../../src/widget/i18n/messages/pt-BR.js';
import { resolveLocale } from '../../src/widget/i18n/locales.js';
import { docFence } from '../docs/markdown-fences.js';
import { registeredTags, ROOT } from './package-layout.js';

const TAGS = registeredTags();
/** The form's elements, registered as the script runs; the others come when needed. */
const FORM_TAGS = TAGS.filter((tag) => !(ON_DEMAND_TAGS as string[]).includes(tag));

const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/** A request the directory's server answered: its path and query, and when it came and was answered (ms, performance.now()). */
interface ServedRequest {
  url: string;
  received: number;
  answered: number;
}

/** Files whose answer is held back, by a test that needs one to travel slowly (a path's start, its delay in ms). */
const heldBack = new Map<string, number>();
/** Keeps the time of each read of the tab's `sessionStorage` length in `window.__storageReads`. */
const STORAGE_READS = `(() => {
  window.__storageReads = [];
  const length = Object.getOwnPropertyDescriptor(Storage.prototype, 'length');
  Object.defineProperty(Storage.prototype, 'length', { ...length, get() { window.__storageReads.push(performance.now()); return length.get.call(this); } });
})();`;

/** Serves `dir` on a loopback port, as a CDN would; `served` lists what it answered. */
async function serveDirectory(dir: string): Promise<{ server: Server; origin: string; served: ServedRequest[] }> {
  const served: ServedRequest[] = [];
  const server = createServer((request, response) => {
    const received = performance.now();
    // An absolute path normalizes inside the root: `/../x` is `/x`.
    const path = normalize(new URL(request.url ?? '/', 'http://localhost').pathname);
    const delay = [...heldBack].find(([start]) => path.startsWith(start))?.[1] ?? 0;
    setTimeout(() => {
      try {
        const body = readFileSync(join(dir, path));
        response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
      } catch {
        response.writeHead(404).end();
      }
      served.push({ url: request.url ?? '/', received, answered: performance.now() });
    }, delay);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, served };
}

/** What the page fetched, by its own clock: each path and query, when it asked for it and when the answer ended (Resource Timing). */
function askedFor(page: Page): Promise<{ path: string; startTime: number; responseEnd: number }[]> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const url = new URL(entry.name);
      return { path: url.pathname + url.search, startTime: entry.startTime, responseEnd: (entry as PerformanceResourceTiming).responseEnd };
    }),
  );
}

/** The README's CDN tag, its file and hash put in place as a shop does: the local build and `integrity`. */
function readmeCdnPage(integrity: string): string {
  const tag = docFence('readme-cdn-tag');
  const src = /src="([^"]+)"/.exec(tag)?.[1];
  assert.ok(src && tag.includes('integrity="sha384-…"'), 'the README\'s CDN tag has no src or no integrity to fill in');
  return `<!doctype html><html><head></head><body>${tag.replace(src, `/${CDN_FILE_NAMES.classic}`).replace('sha384-…', integrity)}</body></html>`;
}

/** A shop's page with one script tag. */
function shopPage(script: string): string {
  return `<!doctype html><html><head>${script}</head><body><pay-checkout relay="/checkout" offer="none"></pay-checkout></body></html>`;
}

/** Where the misconfigured page's relay is: a file stands for its `GET config`. */
const MISCONFIGURED_RELAY = '/shop-relay';

/** The configuration that relay answers: an offer that takes Pix and card, without an anti-fraud profiler. */
const PIX_AND_CARD_CONFIG = {
  offer: { id: 'course', name: 'Course', price: '97.00' },
  product: { name: 'Course', image: '', currency: 'BRL', type: 'unique' },
  paymentMethods: ['pix', 'credit_card'],
  installments: [],
  tokenization: { url: 'https://api.example/card-tokens/', publicClientId: 'public' },
  threeDSecure: null,
  antifraud: null,
};

/**
 * A page whose checkouts are set up wrong in each way the development build warns about: one
 * without a relay or an offer, with an unknown method and an unsupported locale; one naming a
 * method its offer does not take, with a card but no profiler and a metadata key the API refuses;
 * one whose relay answers 404; one whose relay nobody listens to.
 */
function misconfiguredPage(script: string): string {
  return `<!doctype html><html><head>${script}</head><body>
    <pay-checkout methods="pix,pixx" locale="fr"></pay-checkout>
    <pay-checkout id="configured" relay="${MISCONFIGURED_RELAY}" offer="course" methods="pix,boleto,credit_card"></pay-checkout>
    <pay-checkout id="not-found" relay="/checkout" offer="none"></pay-checkout>
    <pay-checkout id="unreachable" relay="http://127.0.0.1:9/relay" offer="course"></pay-checkout>
    <script type="module">document.getElementById('configured').metadata = { utm_source: 'news', ref: 'x' };</script>
  </body></html>`;
}

/** How each warning of that page starts; PORT is the page's own. */
const MISCONFIGURATION_WARNINGS = [
  'pay-checkout: <pay-checkout> has no relay attribute',
  'pay-checkout: <pay-checkout> has no offer attribute',
  'pay-checkout: methods="pix,pixx" names pixx, which the checkout does not know',
  'pay-checkout: locale "fr" is not supported, so the checkout speaks pt-BR',
  'pay-checkout: methods="pix,boleto,credit_card" names boleto, which offer course does not take',
  'pay-checkout: the checkout leaves out credit_card because there is no anti-fraud profiler',
  'pay-checkout: metadata keys ref are not sent',
  'pay-checkout: the configuration of offer none could not be loaded: http://127.0.0.1:PORT/checkout/config gave HTTP 404 unknown',
  'pay-checkout: the relay could not be reached at http://127.0.0.1:9/relay/config',
];

interface PageVisit {
  page: Page;
  errors: string[];
  warnings: string[];
}

// The three script-tag builds, made fresh and loaded the way a shop loads them, in headless Chromium.
describe('the script-tag builds in a browser', () => {
  let dir: string;
  let server: Server;
  let origin: string;
  let served: ServedRequest[];
  let browser: Browser;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pay-checkout-cdn-'));
    await scriptTagModuleBuild(dir);
    for (const variant of ['classic', 'development'] as const) await buildCdnVariant(variant, { outDir: dir, logLevel: 'error', sourcemap: false });
    writeFileSync(join(dir, 'module.html'), shopPage(`<script type="module" src="/${CDN_FILE_NAMES.module}"></script>`));
    // A shop whose platform versions every script it adds (WordPress's `?ver=`), on a page deeper than the script.
    mkdirSync(join(dir, 'shop'));
    writeFileSync(join(dir, 'shop', 'versioned.html'), shopPage(`<script type="module" src="../${CDN_FILE_NAMES.module}?ver=3"></script>`));
    writeFileSync(join(dir, 'classic.html'), shopPage(`<script src="/${CDN_FILE_NAMES.classic}"></script>`));
    const classicIntegrity = subresourceIntegrity(readFileSync(join(dir, CDN_FILE_NAMES.classic)));
    writeFileSync(join(dir, 'readme-cdn.html'), readmeCdnPage(classicIntegrity));
    writeFileSync(join(dir, 'readme-cdn-altered.html'), readmeCdnPage(subresourceIntegrity(`${readFileSync(join(dir, CDN_FILE_NAMES.classic), 'utf8')}\n;`)));
    writeFileSync(join(dir, 'development.html'), shopPage(`<script type="module" src="/${CDN_FILE_NAMES.development}"></script>`));
    writeFileSync(join(dir, 'misconfigured.html'), misconfiguredPage(`<script type="module" src="/${CDN_FILE_NAMES.module}"></script>`));
    writeFileSync(join(dir, 'misconfigured.dev.html'), misconfiguredPage(`<script type="module" src="/${CDN_FILE_NAMES.development}"></script>`));
    mkdirSync(join(dir, MISCONFIGURED_RELAY));
    writeFileSync(join(dir, MISCONFIGURED_RELAY, 'config'), JSON.stringify(PIX_AND_CARD_CONFIG));
    // Two checkouts: one that asks its relay for its configuration, in Mexico's Spanish, and one with its configuration in the page.
    writeFileSync(
      join(dir, 'early.html'),
      `<!doctype html><html><head><script type="module" src="/${CDN_FILE_NAMES.module}"></script></head><body>
        <pay-checkout id="asks" relay="${MISCONFIGURED_RELAY}" offer="course" locale="es-MX"></pay-checkout>
        <pay-checkout id="inline" relay="${MISCONFIGURED_RELAY}" offer="other" locale="es" inline-config="none-here"></pay-checkout>
      </body></html>`,
    );
    ({ server, origin, served } = await serveDirectory(dir));
    browser = await chromium.launch(chromiumLaunchOptions());
  });

  after(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  async function visit(file: string): Promise<PageVisit> {
    const page = await browser.newPage();
    const errors: string[] = [];
    const warnings: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${origin}/${file}`);
    // The script registers every element in one synchronous run: once one is there, all are.
    await page.waitForFunction(() => customElements.get('pay-checkout') !== undefined, undefined, { timeout: 5_000 });
    return { page, errors, warnings };
  }

  /**
   * Waits until every checkout of the misconfigured page has come as far as it can (the form, the
   * error states, the loading state of the one without a relay), then renders each again: a
   * warning already printed must not come twice.
   */
  const settleMisconfiguredPage = async (page: Page) => {
    await page.waitForFunction(
      () => {
        const roots = [...document.querySelectorAll('pay-checkout')].map((checkout) => checkout.shadowRoot);
        return roots.filter((root) => root?.querySelector('form')).length === 1 && roots.filter((root) => root?.querySelector('[part="load-error"]')).length === 2;
      },
      undefined,
      { timeout: 5_000 },
    );
    await page.evaluate(async () => {
      const checkouts = [...document.querySelectorAll('pay-checkout')] as (HTMLElement & { updateComplete: Promise<unknown>; requestUpdate(): void })[];
      for (const checkout of checkouts) checkout.requestUpdate();
      await Promise.all(checkouts.map((checkout) => checkout.updateComplete));
    });
  };

  const ownWarnings = (warnings: string[]) => warnings.filter((text) => text.startsWith('pay-checkout:'));

  const definedTags = (page: Page) => page.evaluate((tags) => tags.filter((tag) => customElements.get(tag) !== undefined), TAGS);

  /** Puts each on-demand element in the page, as a shop showing one by itself does, and waits until all are registered. */
  const useOnDemandElements = (page: Page) =>
    page.evaluate(async (tags) => {
      for (const tag of tags) document.body.append(document.createElement(tag));
      await Promise.all(tags.map((tag) => customElements.whenDefined(tag)));
    }, ON_DEMAND_TAGS);

  describe('when a page loads pay-checkout.js as a module', () => {
    it("registers the form's elements at once, the others when the page uses them, without an error", async () => {
      const { page, errors } = await visit('module.html');
      assert.deepEqual(await definedTags(page), FORM_TAGS);
      await useOnDemandElements(page);
      assert.deepEqual(await definedTags(page), TAGS);
      assert.deepEqual(errors, []);
      await page.close();
    });

    it('can fetch each on-demand chunk from the same directory', async () => {
      const { page } = await visit('module.html');
      const chunks = readdirSync(join(dir, 'chunks')).filter((file) => file.endsWith('.js') && !file.endsWith('.dev.js'));
      const loaded = await page.evaluate(async (files) => {
        const results: string[] = [];
        for (const file of files) results.push(typeof (await import(`/chunks/${file}`)));
        return results;
      }, chunks);
      for (const name of ['qr-encoder-', 'pix-result-', 'boleto-result-', 'card-fields-', 'payment-', 'copy-field-', 'three-d-secure-']) {
        assert.ok(chunks.some((file) => file.startsWith(name)), `no ${name}* in ${chunks.join(', ')}`);
      }
      assert.deepEqual(loaded, chunks.map(() => 'object'));
      await page.close();
    });

    it('runs once when its URL carries a query: every chunk imports the code by its own name, never the entry', async () => {
      const page = await browser.newPage();
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname + new URL(request.url()).search));
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${origin}/shop/versioned.html`);
      await page.waitForFunction(() => customElements.get('pay-checkout') !== undefined, undefined, { timeout: 5_000 });
      await useOnDemandElements(page);
      const scripts = fetched.filter((path) => path.endsWith('.js') || path.includes('.js?'));
      assert.deepEqual(scripts.filter((path) => path.startsWith(`/${CDN_FILE_NAMES.module}`)), [`/${CDN_FILE_NAMES.module}?ver=3`]);
      assert.deepEqual(scripts.filter((path, index) => scripts.indexOf(path) !== index), [], `fetched twice: ${scripts.join(', ')}`);
      assert.ok(scripts.some((path) => path.startsWith('/chunks/checkout-core-')), scripts.join(', '));
      assert.deepEqual(await definedTags(page), TAGS);
      assert.deepEqual(errors, []);
      await page.close();
    });

    // The first chunk held back 400 ms, as a phone's network holds its 22 KB: what the entry starts must be on its way before that chunk is here.
    it("asks for the configuration and its language's texts while the first chunk travels, each once, preloads nothing for a configuration in the page, and opens the tab's storage meanwhile", async () => {
      heldBack.set('/chunks/checkout-core-', 400);
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.addInitScript(STORAGE_READS);
      const before = served.length;
      try {
        await page.goto(`${origin}/early.html`);
        await page.waitForFunction(() => Boolean(document.getElementById('asks')?.shadowRoot?.querySelector('form')), undefined, { timeout: 10_000 });
      } finally {
        heldBack.clear();
      }
      const requests = served.slice(before);
      const configUrl = `${MISCONFIGURED_RELAY}/config?offer=course`;
      const isTexts = (url: string) => /^\/chunks\/es-[\w-]+\.js$/.test(url);
      assert.equal(requests.filter((request) => request.url === configUrl).length, 1, 'the configuration, asked for once');
      assert.equal(requests.filter((request) => isTexts(request.url)).length, 1, 'the texts, asked for once');
      // When the page asked, not when the server heard: the browser may hold a request back while
      // the first chunk's is open (its own scheduling), which says nothing of the entry.
      const asked = await askedFor(page);
      const core = asked.find((entry) => entry.path.startsWith('/chunks/checkout-core-'));
      const config = asked.find((entry) => entry.path === configUrl);
      const texts = asked.find((entry) => isTexts(entry.path));
      assert.ok(core && config && texts, asked.map((entry) => entry.path).join(', '));
      assert.ok(config.startTime < core.responseEnd - 200, `the configuration was asked for ${Math.round(config.startTime - core.startTime)} ms after the first chunk`);
      assert.ok(texts.startTime < core.responseEnd - 200, `the texts were asked for ${Math.round(texts.startTime - core.startTime)} ms after the first chunk`);
      assert.deepEqual(requests.filter((request) => /^\/chunks\/(pt-BR|en)[-.]/.test(request.url)).map((request) => request.url), []);
      const preloaded = await page.evaluate(() => [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => new URL((link as HTMLLinkElement).href).pathname + new URL((link as HTMLLinkElement).href).search));
      assert.deepEqual(preloaded, [`${MISCONFIGURED_RELAY}/config?offer=course`]);
      // A page's first read of its storage opens it, 5 to 20 ms at 4x CPU; the checkout reads it before its form.
      const firstRead = (await page.evaluate('window.__storageReads[0]')) as number | undefined;
      assert.ok(firstRead !== undefined && firstRead < core.responseEnd - 200, `the storage was first read at ${firstRead} ms, the first chunk came at ${Math.round(core.responseEnd)}`);
      assert.deepEqual(errors, []);
      await page.close();
    });

    it('draws its form where the page may not use storage (a sandboxed frame), without an error', async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.addInitScript(() => {
        Object.defineProperty(window, 'sessionStorage', {
          get() {
            throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
          },
        });
      });
      await page.goto(`${origin}/early.html`);
      await page.waitForFunction(() => Boolean(document.getElementById('asks')?.shadowRoot?.querySelector('form')), undefined, { timeout: 10_000 });
      assert.deepEqual(errors, []);
      await page.close();
    });

    // The entry reads `locale` in a few bytes of its own; it must pick the texts resolveLocale picks, or a buyer fetches two languages.
    it('asks early for the texts of the language the checkout will speak, whatever way the locale is written', async () => {
      const tags = ['pt-BR', 'pt-PT', 'es', 'ES', 'es_MX', ' en ', 'en-GB', 'fr', 'english', ''];
      heldBack.set('/chunks/checkout-core-', 300);
      try {
        for (const [index, tag] of tags.entries()) {
          writeFileSync(
            join(dir, `locale-${index}.html`),
            `<!doctype html><html><head><script type="module" src="/${CDN_FILE_NAMES.module}"></script></head><body>
              <pay-checkout relay="${MISCONFIGURED_RELAY}" offer="course" locale="${tag}"></pay-checkout></body></html>`,
          );
          const page = await browser.newPage();
          await page.goto(`${origin}/locale-${index}.html`);
          await page.waitForFunction(() => Boolean(document.querySelector('pay-checkout')?.shadowRoot?.querySelector('form')), undefined, { timeout: 10_000 });
          const asked = await askedFor(page);
          const core = asked.find((entry) => entry.path.startsWith('/chunks/checkout-core-'))!;
          const early = asked.filter((entry) => entry.startTime < core.responseEnd).map((entry) => /^\/chunks\/(pt-BR|es|en)-[\w-]+\.js$/.exec(entry.path)?.[1]);
          assert.deepEqual(early.filter(Boolean), [resolveLocale(tag)], `locale="${tag}"`);
          await page.close();
        }
      } finally {
        heldBack.clear();
      }
    });

    it('gives a page module the 3-D Secure errors the checkout tells apart, once the first chunk has run', async () => {
      const { page, errors } = await visit('module.html');
      const checked = await page.evaluate(async (entry) => {
        const exported = (await import(entry)) as Record<string, new (message?: string) => Error>;
        const checkout = (await customElements.whenDefined('pay-checkout')) as unknown as Record<string, unknown>;
        return ['ThreeDSecureCanceledError', 'ThreeDSecureFailedError', 'ThreeDSecureSessionError'].map((name) => {
          const ErrorClass = exported[name];
          return `${name}: ${typeof ErrorClass === 'function' && ErrorClass === checkout[name] && new ErrorClass('x').name === name}`;
        });
      }, `/${CDN_FILE_NAMES.module}`);
      assert.deepEqual(checked, ['ThreeDSecureCanceledError: true', 'ThreeDSecureFailedError: true', 'ThreeDSecureSessionError: true']);
      assert.deepEqual(errors, []);
      await page.close();
    });

    it('writes one short line for each checkout that cannot reach its relay or leaves a method out; the long warnings are not in the build', async () => {
      const { page, warnings, errors } = await visit('misconfigured.html');
      await settleMisconfiguredPage(page);
      assert.deepEqual(ownWarnings(warnings).sort(), [
        'pay-checkout: credit_card left out: no provider, see docs/widget.md#console',
        'pay-checkout: relay /checkout 404, see docs/widget.md#console',
        'pay-checkout: relay http://127.0.0.1:9/relay unreachable, see docs/widget.md#console',
      ]);
      assert.deepEqual(errors, []);
      await page.close();
    });

    it('shows the texts of its catalogue, asked for by their short names', async () => {
      const { page, errors } = await visit('module.html');
      // No relay answers on this page: the checkout says so, with its retry button, in pt-BR.
      const retry = page.locator('pay-checkout').getByRole('button', { name: ptBR['checkout.retry'] });
      await retry.waitFor({ timeout: 5_000 });
      assert.ok(await page.locator('pay-checkout').getByText(ptBR['checkout.loadFailedService']).or(page.locator('pay-checkout').getByText(ptBR['checkout.loadFailed'])).isVisible());
      assert.deepEqual(errors, []);
      await page.close();
    });
  });

  describe('when a page loads pay-checkout.classic.js as a classic script', () => {
    it(`registers every element (the on-demand ones when used) and puts the 3-D Secure errors on window.${CLASSIC_GLOBAL_NAME}`, async () => {
      const { page, errors } = await visit('classic.html');
      await useOnDemandElements(page);
      assert.deepEqual(await definedTags(page), TAGS);
      const exported = await page.evaluate(
        (name) => Object.entries((window as unknown as Record<string, Record<string, unknown>>)[name] ?? {}).map(([key, value]) => `${key}: ${typeof value}`),
        CLASSIC_GLOBAL_NAME,
      );
      assert.deepEqual(exported.sort(), ['ThreeDSecureCanceledError: function', 'ThreeDSecureFailedError: function', 'ThreeDSecureSessionError: function']);
      assert.deepEqual(errors, []);
      await page.close();
    });

    it("starts with V8's hint to compile all its functions as it loads, as its first line, where the development build has none", () => {
      // The file holds the whole checkout, and a page that loads it runs most of it before the form is interactive.
      const classic = readFileSync(join(dir, CDN_FILE_NAMES.classic), 'utf8');
      assert.equal(classic.split('\n', 1)[0], COMPILE_ALL_FUNCTIONS);
      assert.equal(classic.split('allFunctionsCalledOnLoad').length, 2, 'once');
      assert.ok(!readFileSync(join(dir, CDN_FILE_NAMES.development), 'utf8').includes('allFunctionsCalledOnLoad'));
    });
  });

  describe('when a page loads the classic build with the README\'s CDN tag', () => {
    it('names this version of the package on the CDN and, with the hash the build prints, runs it', async () => {
      const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
      assert.match(docFence('readme-cdn-tag'), new RegExp(`src="https://cdn\\.jsdelivr\\.net/npm/pay-checkout@${version.replace(/\./g, '\\.')}/dist/cdn/${CDN_FILE_NAMES.classic.replace('.', '\\.')}"`));
      const { page, errors } = await visit('readme-cdn.html');
      assert.deepEqual(errors, []);
      await page.close();
    });

    it('refuses a file that is not the one the hash was made of', async () => {
      const page = await browser.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await page.goto(`${origin}/readme-cdn-altered.html`, { waitUntil: 'load' });
      assert.equal(await page.evaluate(() => customElements.get('pay-checkout') === undefined), true);
      assert.ok(consoleErrors.some((text) => /integrity/i.test(text)), consoleErrors.join('\n'));
      await page.close();
    });
  });

  describe('when a page loads pay-checkout.dev.js', () => {
    it('runs Lit in development mode, which warns in the console', async () => {
      const { page, warnings } = await visit('development.html');
      assert.ok(warnings.some((text) => /Lit is in dev mode/.test(text)), warnings.join('\n'));
      await page.close();
    });

    it('warns once about each thing wrong with a checkout, saying what to do', async () => {
      const { page, warnings, errors } = await visit('misconfigured.dev.html');
      await settleMisconfiguredPage(page);
      const expected = MISCONFIGURATION_WARNINGS.map((start) => start.replace('PORT', new URL(origin).port));
      const printed = ownWarnings(warnings);
      assert.deepEqual(
        expected.map((start) => printed.filter((text) => text.startsWith(start)).length),
        expected.map(() => 1),
        printed.join('\n'),
      );
      assert.equal(printed.length, expected.length, printed.join('\n'));
      assert.deepEqual(errors, []);
      await page.close();
    });
  });
});
