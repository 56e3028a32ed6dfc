import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { captureDrawnForm } from '../../bench/drawn-form.js';
import { INTERACTIVE_PROBE } from '../../bench/interactive-card-form.js';
import { chromiumLaunchOptions } from '../../scripts/chromium.js';

/**
 * A page drawn by script as the checkout draws its own: an element with an open shadow root and
 * adopted styles, another inside it, Pix's radio chosen (the probe then chooses the card) and an
 * option selected, as properties, not attributes, and a preload and scripts that the drawn page
 * must not keep.
 */
const SCRIPTED_PAGE = `<!doctype html>
<html lang="pt-BR"><head><link rel="modulepreload" href="/nothing.js"></head><body>
<outer-form></outer-form>
<script type="application/json" id="config">{"offer":"x"}</script>
<script type="module">
  const sheet = (css) => { const each = new CSSStyleSheet(); each.replaceSync(css); return each; };
  customElements.define('inner-fields', class extends HTMLElement {
    connectedCallback() {
      const root = this.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = [sheet('input[type="text"] { display: block; width: 123px; }')];
      root.innerHTML = '<label>Número <input type="text" name="cc-number"></label><select><option>1x</option><option>2x</option></select>';
      root.querySelector('select').options[1].selected = true;
    }
  });
  customElements.define('outer-form', class extends HTMLElement {
    connectedCallback() {
      const root = this.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = [sheet(':host { display: block; color: rgb(1, 2, 3); }')];
      root.innerHTML = '<input type="radio" name="method" value="pix"><input type="radio" name="method" value="credit_card"><inner-fields></inner-fields>';
      root.querySelector('[value="pix"]').checked = true;
    }
  });
</script>
</body></html>`;

describe("the benchmark's drawn page (bench/drawn-form.ts)", () => {
  let browser: Browser;
  let server: Server;
  let origin: string;
  let drawn = '';

  before(async () => {
    server = createServer((request, response) => {
      const body = request.url === '/drawn' ? drawn : request.url === '/scripted' ? SCRIPTED_PAGE : undefined;
      if (body === undefined) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch(chromiumLaunchOptions());
    drawn = await captureDrawnForm(browser, `${origin}/scripted`, INTERACTIVE_PROBE);
  });

  after(async () => {
    await browser?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('keeps no script and no preload, and writes each shadow root declaratively', () => {
    assert.doesNotMatch(drawn, /<script|modulepreload|rel="preload"/);
    assert.equal(drawn.match(/<template shadowrootmode="open"/g)?.length, 2);
    assert.match(drawn, /^<!doctype html>\n<html lang="pt-BR">/);
    // The probe chose the card before the capture, by property, as a buyer's click does.
    assert.match(drawn, /<input type="radio" name="method" value="credit_card" checked="">/);
    assert.match(drawn, /<input type="radio" name="method" value="pix">/);
  });

  it('draws, with no script, the same form with its styles and choices, which the interactive probe finds', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript('window.__declarativeShadowRoots = true;');
      await page.addInitScript(INTERACTIVE_PROBE);
      await page.goto(`${origin}/drawn`);
      const seen = await page.evaluate(`(() => {
        const outer = document.querySelector('outer-form');
        const inner = outer.shadowRoot.querySelector('inner-fields').shadowRoot;
        const number = inner.querySelector('input[name="cc-number"]');
        return {
          defined: customElements.get('outer-form') !== undefined,
          color: getComputedStyle(outer).color,
          width: getComputedStyle(number).width,
          option: inner.querySelector('select').selectedIndex,
        };
      })()`);
      assert.deepEqual(seen, { defined: false, color: 'rgb(1, 2, 3)', width: '123px', option: 1 });
      const visit = (await page.evaluate('window.__cardFormInteractive')) as { interactive: number };
      assert.ok(visit.interactive > 0);
      assert.equal(await page.evaluate(`document.querySelector('outer-form').shadowRoot.querySelector('[value="credit_card"]').checked`), true);
    } finally {
      await context.close();
    }
  });

  it('is found by the probe only where the page says its shadow roots are declarative', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript(INTERACTIVE_PROBE);
      await page.goto(`${origin}/drawn`);
      const settled = await page.evaluate(`Promise.race([window.__cardFormInteractive.then(() => 'found'), new Promise((resolve) => setTimeout(() => resolve('not found'), 500))])`);
      assert.equal(settled, 'not found');
    } finally {
      await context.close();
    }
  });
});
