/**
 * The widget's code blocks of README.md and docs/widget.md, run in the system's headless
 * Chromium (playwright-core) as a shop runs them: the pages are served by one loopback server
 * with the script-tag build (made fresh, as `npm run build` makes dist/cdn/), the relay at
 * /checkout and the sandbox behind it (demo/stack.ts, which the demo and the end-to-end tests
 * use), and each block is checked for what it promises: the script tag shows the checkout, the
 * fuller page prefills the buyer, tags the charge and sends the buyer on once paid, the
 * `pay-before-submit` handler holds the payment, the `::part()` rules reach the parts, the
 * strict policy lets a card payment through, and the subclass of the npm entry, bundled as a
 * shop's bundler would, registers and renders.
 *
 * The npm entry (`pay-checkout/widget`) is resolved to the sources through tsconfig.json's
 * "paths", as doc-examples.test.ts explains: vite bundles the block with those paths as aliases.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page, type Request as BrowserRequest } from 'playwright-core';
import { build } from 'vite';
import { startCheckoutStack, type CheckoutStack } from '../../demo/stack.js';
import { scriptTagModuleBuild } from '../build/shared-builds.js';
import { chromiumLaunchOptions } from '../../scripts/chromium.js';
import { docFence, ROOT } from './markdown-fences.js';

/** How long one wait in a page may take. */
const STEP_MS = 15_000;

/** tsconfig.json's "paths" (the package's own name → its sources) as vite aliases. */
function packageAliases(): { find: RegExp; replacement: string }[] {
  const tsconfig = readFileSync(join(ROOT, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const paths = (JSON.parse(tsconfig) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
  return Object.entries(paths).map(([name, [target]]) => ({ find: new RegExp(`^${name.replace(/[/.]/g, '\\$&')}$`), replacement: join(ROOT, target!) }));
}

const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript', '.map': 'application/json' };

/** A page of the shop: its body, and the policy it is served with, if any. */
interface ShopPage {
  body: string;
  policy?: string;
}

function html(body: string): string {
  return `<!doctype html>\n<html lang="pt-BR">\n<head><meta charset="utf-8"><title>Loja</title></head>\n<body>\n${body}\n</body>\n</html>\n`;
}

/** A charge the page sent to the relay, and the relay's answer. */
interface SentCharge {
  body: { customer: { name: string; email: string }; metadata?: Record<string, string> };
  status: number;
  answer: { id: string; refId: string; status: string };
}

function recordCharges(page: Page): SentCharge[] {
  const sent: SentCharge[] = [];
  page.on('requestfinished', (request: BrowserRequest) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/checkout/charges') return;
    void request.response().then(async (response) => {
      if (response) sent.push({ body: request.postDataJSON() as SentCharge['body'], status: response.status(), answer: (await response.json()) as SentCharge['answer'] });
    });
  });
  return sent;
}

async function until<T>(what: string, read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + STEP_MS;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the widget examples of README.md and docs/widget.md, in Chromium', () => {
  let work: string;
  let server: Server;
  let origin: string;
  let stack: CheckoutStack;
  let browser: Browser;
  const pages = new Map<string, ShopPage>();

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'pay-checkout-doc-widget-'));
    const cdn = join(work, 'cdn');
    const shopBundle = join(work, 'shop');
    mkdirSync(join(work, 'shop-src'));
    writeFileSync(join(work, 'shop-src', 'shop-checkout.js'), docFence('widget-subclass'));
    await Promise.all([
      // The script-tag build, served as it is (README: "serve dist/cdn/ as it is").
      scriptTagModuleBuild(cdn),
      // The subclass block as a shop's bundler takes it.
      build({
        configFile: false,
        root: join(work, 'shop-src'),
        logLevel: 'error',
        resolve: { alias: packageAliases() },
        build: {
          outDir: shopBundle,
          minify: false,
          rolldownOptions: { input: join(work, 'shop-src', 'shop-checkout.js'), output: { entryFileNames: '[name].js' } },
        },
      }),
    ]);

    server = createServer((request, response) => {
      if (stack?.handle(request, response)) return;
      const path = normalize(new URL(request.url ?? '/', 'http://localhost').pathname);
      const page = pages.get(path);
      if (page) {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...(page.policy ? { 'Content-Security-Policy': page.policy } : {}) }).end(html(page.body));
        return;
      }
      let file: Buffer;
      try {
        file = readFileSync(path.startsWith('/shop/') ? join(shopBundle, path.slice('/shop/'.length)) : join(cdn, path));
      } catch {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      response.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream' }).end(file);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    [stack, browser] = await Promise.all([
      startCheckoutStack({ relayPath: '/checkout', pageOrigin: origin }),
      chromium.launch({ ...chromiumLaunchOptions(), timeout: STEP_MS }),
    ]);
  });

  after(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await stack?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** Opens a page of the shop, failing the test on any script error in it. */
  async function open(path: string, page: ShopPage): Promise<{ page: Page; errors: string[] }> {
    pages.set(path, page);
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    tab.setDefaultTimeout(STEP_MS);
    await tab.goto(`${origin}${path}`);
    return { page: tab, errors };
  }

  const scriptTag = () => docFence('widget-usage').split('\n')[0]!;
  /** The text a `<pay-price>` shows, in its shadow root. */
  const priceOf = (page: Page, tag = 'pay-checkout') => page.locator(`${tag} [part="price"]`).evaluate((element) => element.shadowRoot?.textContent?.trim() ?? '');
  const methodsOf = (page: Page, tag = 'pay-checkout') => page.locator(`${tag} input[name="method"]`).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

  it('README: the script tag shows the checkout of the offer, as docs/widget.md shows it', async () => {
    assert.equal(docFence('readme-script-tag'), docFence('widget-usage'));
    const { page, errors } = await open('/readme.html', { body: docFence('readme-script-tag') });
    try {
      await page.locator('pay-checkout [part="product-name"]').filter({ hasText: 'Curso de Fotografia' }).waitFor();
      assert.match(await priceOf(page), /R\$\s97,00/);
      assert.deepEqual(await methodsOf(page), ['pix', 'boleto', 'threeDs']);
      assert.equal(await page.locator('pay-checkout [part="base"]').first().getAttribute('lang'), 'pt-BR');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  it('the subclass of the npm entry registers under its own name and renders the whole form', async () => {
    const { page, errors } = await open('/subclass.html', {
      body: '<script type="module" src="/shop/shop-checkout.js"></script>\n<shop-checkout relay="/checkout" offer="77BcHrY"></shop-checkout>',
    });
    try {
      await page.locator('shop-checkout [part="product-name"]').filter({ hasText: 'Curso de Fotografia' }).waitFor();
      assert.equal(await page.evaluate(() => customElements.get('shop-checkout') !== undefined && document.querySelector('shop-checkout')!.shadowRoot !== null), true);
      assert.deepEqual(await methodsOf(page, 'shop-checkout'), ['pix', 'boleto', 'threeDs']);
      await page.locator('shop-checkout input[name="email"]').waitFor();
      assert.match(await priceOf(page, 'shop-checkout'), /R\$\s97,00/);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  it('the fuller page prefills the buyer, tags the charge, and sends the buyer to /obrigado once paid; the ::part() rules reach their parts', async () => {
    const { page, errors } = await open('/fuller.html', {
      body: `<style>\n${docFence('widget-parts-css')}</style>\n${scriptTag()}\n${docFence('widget-fuller-page')}`,
    });
    const charges = recordCharges(page);
    try {
      const submit = page.locator('#checkout [part="submit"]');
      await submit.waitFor();
      assert.deepEqual(await methodsOf(page), ['pix', 'credit_card', 'boleto']);
      assert.equal(await page.locator('#checkout input[name="name"]').inputValue(), 'Maria Silva');
      assert.equal(await page.locator('#checkout input[name="email"]').inputValue(), 'maria@example.com');

      const style = (selector: string, property: string) => page.locator(selector).first().evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
      assert.equal(await style('#checkout [part="submit"]', 'text-transform'), 'uppercase');
      const fontSize = parseFloat(await style('#checkout [part="submit"]', 'font-size'));
      assert.equal(await style('#checkout [part="submit"]', 'letter-spacing'), `${Math.round(fontSize * 0.02 * 100) / 100}px`);
      assert.equal(await style('#checkout [part~="option"]', 'border-top-width'), '2px');

      await page.locator('#checkout input[name="phone"]').fill('11987654321');
      await submit.click();
      const sent = await until('the charge', () => charges[0]);
      assert.equal(sent.status, 201);
      assert.deepEqual([sent.body.customer.name, sent.body.customer.email], ['Maria Silva', 'maria@example.com']);
      assert.deepEqual(sent.body.metadata, { utm_campaign: 'black-friday' });

      const qr = page.locator('#checkout [part~="qr-code"]');
      await qr.waitFor();
      assert.equal(await style('#checkout [part~="qr-code"]', 'border'), '1px solid rgb(208, 208, 215)');

      const paid = await fetch(`${origin}/__sandbox/orders/${sent.answer.id}/pay`, { method: 'POST' });
      assert.equal(paid.status, 200);
      await page.waitForURL(`${origin}/obrigado?pedido=${encodeURIComponent(sent.answer.refId)}`);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  it("the reserved space keeps the shop's text where it was from the first frame to the form, and the outline fills it at one place until the form", async () => {
    const path = '/reserved.html';
    // The two blocks as "Keeping the page still" gives them, one after the other.
    const css = `${docFence('widget-reserved-space')}\n${docFence('widget-loading-outline')}`;
    pages.set(path, { body: `<style>\n${css}</style>\n${scriptTag()}\n<pay-checkout relay="/checkout" offer="77BcHrY"></pay-checkout>\n<p id="below">Sobre o curso</p>` });
    const tab = await browser.newPage({ viewport: { width: 375, height: 700 } });
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    tab.setDefaultTimeout(STEP_MS);
    // The text's top on every frame from the first one it is in, and whether the checkout was defined then.
    // A string: tsx's transform may add helpers a serialized function would miss.
    await tab.addInitScript(`
      window.seen = [];
      const look = () => {
        const below = document.getElementById('below');
        if (below) window.seen.push({ top: Math.round(below.getBoundingClientRect().top), defined: customElements.get('pay-checkout') !== undefined });
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    `);
    // The widget's code, then the configuration, held back until the test lets each go, as a
    // phone's network holds them: the page paints without them first.
    const gate = () => {
      let resolve = () => {};
      const promise = new Promise<void>((done) => (resolve = done));
      return { promise, resolve };
    };
    const held = { code: gate(), config: gate() };
    await tab.route('**/pay-checkout.js', async (route) => {
      await held.code.promise;
      await route.continue();
    });
    await tab.route('**/checkout/config?*', async (route) => {
      await held.config.promise;
      await route.continue();
    });
    // Where the outline is drawn (the top left of the box its blocks are placed in, from the
    // checkout's own top left), how many blocks, and how tall the box is.
    const outline = () =>
      tab.evaluate(() => {
        const checkout = document.querySelector('pay-checkout')!;
        const part = checkout.shadowRoot?.querySelector('[part~="loading"]');
        const drawn = part ?? checkout;
        const style = getComputedStyle(drawn);
        const box = drawn.getBoundingClientRect();
        const origin = checkout.getBoundingClientRect();
        const inset = part ? 0 : parseFloat(style.paddingLeft);
        return {
          defined: customElements.get('pay-checkout') !== undefined,
          inLoadingPart: part !== null && part !== undefined,
          blocks: (style.backgroundImage.match(/linear-gradient/g) ?? []).length,
          at: [Math.round(box.left + inset - origin.left), Math.round(box.top + inset - origin.top)],
          height: Math.round(box.height - 2 * inset),
          text: part ? { painted: style.color !== 'rgba(0, 0, 0, 0)', said: part.textContent?.trim() } : undefined,
        };
      });
    try {
      await tab.goto(`${origin}${path}`, { waitUntil: 'commit' });
      await tab.locator('#below').waitFor();
      const before = await outline();
      assert.equal(before.defined, false);
      assert.equal(before.blocks, 12, 'the outline is drawn in the element before its code');
      assert.ok(before.height >= 39 * 16, `the space holds the whole outline: ${before.height} px`);

      held.code.resolve();
      await tab.locator('pay-checkout [part~="loading"]').waitFor();
      const loading = await outline();
      assert.equal(loading.inLoadingPart, true);
      assert.equal(loading.blocks, 12, 'the outline is drawn in the loading message');
      assert.deepEqual(loading.at, before.at, 'the outline moved when the code came');
      assert.deepEqual(loading.text, { painted: false, said: 'Carregando…' }, 'the loading message is kept for screen readers, not painted');

      held.config.resolve();
      await tab.locator('pay-checkout [part="submit"]').waitFor();
      await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const form = await outline();
      assert.equal(form.inLoadingPart, false);
      assert.equal(form.blocks, 0, 'the outline stays under the form');

      const seen = await tab.evaluate(() => (window as unknown as { seen: Array<{ top: number; defined: boolean }> }).seen);
      assert.ok(seen.some((frame) => !frame.defined), `no frame was drawn before the widget was defined: ${JSON.stringify(seen.slice(0, 5))} of ${seen.length}`);
      assert.deepEqual([...new Set(seen.map((frame) => frame.top))], [seen[0]!.top]);
      const height = await tab.locator('pay-checkout').evaluate((element) => element.getBoundingClientRect().height);
      const rem = await tab.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
      const reserved = Number(/--pay-reserved-height: ([\d.]+)rem/.exec(docFence('widget-reserved-space'))?.[1]);
      assert.equal(Math.round(height), Math.round(reserved * rem), 'the form is taller than the block reserves on a 375 px phone');
      assert.deepEqual(errors, []);
      assert.ok(readFileSync(join(ROOT, 'demo/demo.css'), 'utf8').includes(docFence('widget-loading-outline')), 'the demo page draws another outline than the block');
    } finally {
      held.code.resolve();
      held.config.resolve();
      await tab.close();
    }
  });

  it('the pay-before-submit handler stops the payment until the terms are accepted', async () => {
    const { page, errors } = await open('/terms.html', {
      body: [
        scriptTag(),
        '<pay-checkout relay="/checkout" offer="77BcHrY"></pay-checkout>',
        '<label><input type="checkbox" id="terms"> Li e aceito os termos</label>',
        // The block uses `checkout`, the element, as the fuller page names it.
        `<script type="module">\nconst checkout = document.querySelector('pay-checkout');\n${docFence('widget-before-submit')}</script>`,
      ].join('\n'),
    });
    const charges = recordCharges(page);
    try {
      const submit = page.locator('pay-checkout [part="submit"]');
      await submit.waitFor();
      await page.evaluate(() => {
        const checkout = document.querySelector('pay-checkout') as HTMLElement & { customer: unknown };
        checkout.customer = { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321' };
        const seen: boolean[] = [];
        (window as unknown as { seen: boolean[] }).seen = seen;
        // Added after the block's listener, so it sees what the block decided.
        checkout.addEventListener('pay-before-submit', (event) => seen.push(event.defaultPrevented));
      });
      const decisions = () => page.evaluate(() => (window as unknown as { seen: boolean[] }).seen);

      await submit.click();
      await until('pay-before-submit', async () => ((await decisions()).length === 1 ? true : undefined));
      assert.deepEqual(await decisions(), [true]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(charges.length, 0, 'a charge was sent with the terms unchecked');

      await page.locator('#terms').check();
      await submit.click();
      const sent = await until('the charge', () => charges[0]);
      assert.equal(sent.status, 201);
      assert.deepEqual(await decisions(), [true, false]);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  it('under the strict policy of docs/widget.md, the README page pays by card with no violation', async () => {
    const sandbox = stack.sandbox.url;
    // The sandbox stands at https://sandbox.example in the page, on plain http here: its product
    // images, which `img-src https:` takes from the former, are allowed from the latter by name.
    const policy = docFence('widget-csp')
      .trim()
      .split('\n')
      .join(' ')
      .replaceAll('https://sandbox.example', sandbox)
      .replace("img-src 'self' https:", `img-src 'self' https: ${sandbox}`);
    const { page, errors } = await open('/policy.html', { body: docFence('readme-script-tag'), policy });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Trusted Type/i.test(message.text())) violations.push(message.text());
    });
    const charges = recordCharges(page);
    try {
      const submit = page.locator('pay-checkout [part="submit"]');
      await submit.waitFor();
      await page.evaluate(() => {
        (document.querySelector('pay-checkout') as HTMLElement & { customer: unknown }).customer = {
          name: 'Maria Silva',
          email: 'maria@example.com',
          phone: '11987654321',
          address: { zipcode: '01310100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
        };
      });
      // The one card choice goes with 3-D Secure (frictionless for this card): its code runs under the policy too.
      await page.locator('pay-checkout input[name="method"][value="threeDs"]').check();
      const field = (name: string) => page.locator(`pay-checkout input[name="${name}"]`);
      await field('cc-number').pressSequentially('4111111111111111');
      await field('cc-name').fill('MARIA SILVA');
      await field('cc-exp').pressSequentially('1230');
      await field('cc-csc').pressSequentially('123');
      await submit.click();
      const sent = await until('the charge', () => charges[0]);
      assert.equal(sent.status, 201);
      assert.equal(sent.answer.status, 'paid');
      assert.deepEqual(violations, []);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
