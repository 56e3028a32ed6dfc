/**
 * End to end, in Chromium, on the real demo: the page under its strict Content-Security-Policy
 * (docs/demo.md) with Trusted Types enforced. The document is served with exactly the policy
 * demo/content-security-policy.ts declares; the browser really enforces Trusted Types; the form
 * passes axe-core and the 320 px check; and along the whole buyer path (Pix, boleto, a declined
 * card, 3-D Secure with its challenge frame) the browser blocks nothing: a blocked resource or
 * a refused HTML assignment is a broken page for the buyer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { demoContentSecurityPolicy } from '../../demo/content-security-policy.js';
import { CHECKOUT, checkView, expectResult, payButton, payPixUntilQr, prepare, resultView, typeCard } from './checkout-driver.js';
import { waitForEvents, type Demo } from './demo-harness.js';
import { demoSuite } from './demo-suite.js';

const CHALLENGE_FRAME = `${CHECKOUT} iframe[part="frame"]`;

/** A `securitypolicyviolation` event as a frame's document saw it. */
interface Violation {
  /** The document the event fired in (the page, or the 3DS challenge frame). */
  documentUrl: string;
  directive: string;
  blockedUri: string;
  sample: string;
  source: string;
  disposition: string;
}

/** What the browser said about the page's security policy while the test drove it. */
interface PolicyLog {
  violations: Violation[];
  /** Console messages of any frame that speak of CSP or Trusted Types. */
  console: string[];
  pageErrors: string[];
  /** Requests the browser refused to make (`net::ERR_BLOCKED_BY_CSP` and the like). */
  blockedRequests: string[];
  /** Every document the recorder was installed in: proves it ran in the challenge frame too. */
  documents: string[];
}

// Chromium's words for a refused policy: "Refused to load … because it violates the following
// Content Security Policy directive", "This document requires 'TrustedHTML' assignment",
// "Policy "x" disallowed". A pattern on "Content Security Policy" alone misses every Trusted Types one.
const POLICY_MESSAGE = /Content[- ]Security[- ]Policy|Trusted ?(?:Types?|HTML|Script|ScriptURL)\b|trusted-types|TrustedTypePolicyFactory/i;

/**
 * Listens before any of the page's scripts run, in every frame (Playwright runs a context's
 * init scripts and bindings in cross-origin frames too, so the sandbox's challenge page is
 * covered). `securitypolicyviolation` is composed and bubbles, so a violation inside the
 * widget's shadow roots reaches the document's capturing listener; one fired where no element
 * is involved (a Trusted Types sink on a detached node, a policy name) fires at the document.
 */
async function recordPolicy(context: BrowserContext): Promise<PolicyLog> {
  const log: PolicyLog = { violations: [], console: [], pageErrors: [], blockedRequests: [], documents: [] };
  await context.exposeBinding('__payCheckoutPolicyLog', (_source, kind: 'installed' | 'violation', detail: unknown) => {
    if (kind === 'installed') log.documents.push(String(detail));
    else log.violations.push(detail as Violation);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __payCheckoutPolicyLog: (kind: string, detail: unknown) => void }).__payCheckoutPolicyLog;
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        report('violation', {
          documentUrl: location.href,
          directive: event.effectiveDirective,
          blockedUri: event.blockedURI,
          sample: event.sample,
          source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
          disposition: event.disposition,
        }),
      true,
    );
    report('installed', location.href);
  });
  context.on('page', (page) => watchPage(page, log));
  return log;
}

function watchPage(page: Page, log: PolicyLog): void {
  page.on('console', (message) => {
    if (POLICY_MESSAGE.test(message.text())) log.console.push(`${message.type()} ${message.location().url}: ${message.text()}`);
  });
  page.on('pageerror', (error) => log.pageErrors.push(String(error)));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    if (/BLOCKED/.test(failure)) log.blockedRequests.push(`${failure} ${request.url()}`);
  });
}

/** Nothing refused, nothing thrown: the log of a page that works under its policy. */
function assertQuiet(log: PolicyLog, label: string): void {
  assert.deepEqual(log.violations, [], `${label}: securitypolicyviolation events`);
  assert.deepEqual(log.console, [], `${label}: console messages about the policy`);
  assert.deepEqual(log.pageErrors, [], `${label}: uncaught errors`);
  assert.deepEqual(log.blockedRequests, [], `${label}: requests the browser blocked`);
}

/** Waits (briefly) until `ready` holds: binding calls reach the test a moment after the page made them. */
async function until(ready: () => boolean, timeoutMs = 2000): Promise<void> {
  for (const started = Date.now(); !ready() && Date.now() - started < timeoutMs; ) await new Promise((resolve) => setTimeout(resolve, 25));
}

/** Directive name → its values, as a browser parses the header. */
function directivesOf(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** The sandbox's origin as the relay tells the page (its profiler script), to compute the policy independently of the plugin. */
async function sandboxOrigin(demo: Demo): Promise<string> {
  const response = await fetch(new URL('checkout/config?offer=77BcHrY', demo.url));
  assert.equal(response.status, 200);
  const config = (await response.json()) as { antifraud?: { scriptUrl?: string } };
  assert.ok(config.antifraud?.scriptUrl, 'the relay names the sandbox profiler');
  return new URL(config.antifraud.scriptUrl).origin;
}

describe('the demo page under its strict CSP and Trusted Types', { timeout: 120_000 }, () => {
  const suite = demoSuite();

  /** The checkout on a fresh context, recorded from the first document on. */
  async function open(): Promise<{ page: Page; log: PolicyLog; policy: string | undefined }> {
    let log: PolicyLog | undefined;
    const opened = await suite.open({
      beforeLoad: async (fresh) => {
        log = await recordPolicy(fresh);
      },
    });
    assert.ok(log);
    assert.ok(opened.response, 'the page was served');
    return { page: opened.page, log, policy: (await opened.response.allHeaders())['content-security-policy'] };
  }

  it('is served with the policy demo/content-security-policy.ts declares, and the browser enforces its Trusted Types', async () => {
    const { page, log, policy } = await open();
    // Computed here from the two origins, not read from the plugin: a plugin that sent another
    // policy, or none (as `?csp=off` does), fails here.
    const expected = demoContentSecurityPolicy({ pageOrigin: new URL(suite.demo.url).origin, sandboxOrigin: await sandboxOrigin(suite.demo) });
    assert.equal(policy, expected);

    const directives = directivesOf(policy);
    assert.deepEqual(directives.get('require-trusted-types-for'), ["'script'"]);
    const trustedTypes = directives.get('trusted-types') ?? [];
    assert.ok(trustedTypes.length > 0 && !trustedTypes.includes('*'), `trusted-types names its policies: ${trustedTypes.join(' ')}`);
    assert.deepEqual(directives.get('default-src'), ["'none'"]);
    // Script may come only from named hosts: no inline script, no eval, no scheme-wide source.
    for (const name of ['default-src', 'script-src', 'script-src-elem', 'script-src-attr']) {
      const unsafe = (directives.get(name) ?? []).filter((value) => /^'unsafe-|^\*$|^[a-z][a-z0-9+.-]*:$/i.test(value));
      assert.deepEqual(unsafe, [], `${name} allows ${unsafe.join(' ')}`);
    }

    // The recorder is in the page, and nothing was refused while the form loaded, so anything
    // recorded next is the probe's own.
    await until(() => log.documents.includes(suite.demo.url));
    assert.ok(log.documents.includes(suite.demo.url), `the recorder was installed in the page: ${log.documents.join(', ')}`);
    // (Copies: asserting on `log.violations` itself would narrow it to `never[]` for the checks below.)
    assert.deepEqual([...log.violations], []);
    assert.deepEqual([...log.console], []);

    // Enforced, not only sent: an HTML string, a script text and a policy the header does not
    // name are all refused with a TypeError, as they would be for any code on the shop's page.
    // (No named function inside: tsx's transform would wrap it in a helper the page lacks.)
    const refused = await page.evaluate(() => {
      const factory = (window as unknown as { trustedTypes?: { createPolicy: (name: string, rules: object) => unknown } }).trustedTypes;
      const [html, script, policy] = [
        () => (document.createElement('div').innerHTML = '<b>tt-probe</b>'),
        () => (document.createElement('script').text = 'tt-probe'),
        () => factory?.createPolicy('tt-probe', { createHTML: String }),
      ].map((action) => {
        try {
          action();
          return 'allowed';
        } catch (error) {
          return error instanceof TypeError ? 'TypeError' : String(error);
        }
      });
      return { html, script, policy };
    });
    assert.deepEqual(refused, { html: 'TypeError', script: 'TypeError', policy: 'TypeError' });

    // The recorder and the console filter the next test relies on both see a Trusted Types refusal.
    await until(() => log.violations.length >= 3 && log.console.some((message) => /TrustedHTML/.test(message)));
    assert.deepEqual(
      log.violations.map((violation) => [violation.directive, violation.disposition, violation.sample.includes('tt-probe')]).sort(),
      [
        ['require-trusted-types-for', 'enforce', true],
        ['require-trusted-types-for', 'enforce', true],
        ['trusted-types', 'enforce', true],
      ],
    );
    assert.ok(log.console.some((message) => /TrustedHTML/.test(message)), `the console said: ${log.console.join(' | ')}`);
    assert.deepEqual(log.pageErrors, []);
  });

  it('shows the form with no axe-core violation and no sideways scroll at 320 px, its product image loaded', async () => {
    const { page, log } = await open();
    await page.locator(`${CHECKOUT} [part="submit"]`).waitFor();
    await page.waitForLoadState('networkidle');
    const imageLoaded = await page
      .locator(`${CHECKOUT} [part="product-image"]`)
      .evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0);
    assert.ok(imageLoaded, "the widget's product image loads");
    await checkView(page, 'form');
    assertQuiet(log, 'form');
  });

  it('walks Pix, boleto, a declined card and a 3-D Secure challenge without one violation', async () => {
    const { page, log } = await open();

    // Pix: the QR renderer and the result view are chunks loaded on demand, the QR drawn as SVG.
    await payPixUntilQr(page);
    await resultView(page).locator('[part="change-method-button"]').click();

    // Boleto: the digitable line's view, another chunk.
    await prepare(page, 'boleto');
    await payButton(page).click();
    const boleto = await expectResult(page, 'pay-boleto-result', 'Pague o boleto');
    await boleto.locator('[part="copy-input"]').waitFor();
    await boleto.locator('[part="change-method-button"]').click();

    // A card: the sandbox's tokenizer and anti-fraud profiler script (its own Trusted Types
    // policy), 3-D Secure frictionless, a declined result, then back to an empty card form.
    await prepare(page, 'threeDs');
    await typeCard(page, '4000000000000002');
    await payButton(page).click();
    const declined = await expectResult(page, 'pay-card-result', 'Pagamento não autorizado');
    await declined.locator('[part="another-card-button"]').click();

    // 3-D Secure with a challenge: the dialog and the issuer's page in a frame of the sandbox's origin.
    await prepare(page, 'threeDs');
    await typeCard(page, '5555555555554444');
    await payButton(page).click();
    await page.locator(CHALLENGE_FRAME).waitFor();
    const frame = page.frameLocator(CHALLENGE_FRAME);
    await frame.locator('#challenge-code').fill('1234');
    await frame.locator('button[value="submit"]').click();
    await expectResult(page, 'pay-card-result', 'Pagamento aprovado!');
    await waitForEvents(page, 'pay-paid', 1);
    await page.waitForLoadState('networkidle');

    // The recorder ran in the challenge page too (before and after its form was posted), so
    // none there either means none.
    const sandbox = await sandboxOrigin(suite.demo);
    await until(() => log.documents.filter((url) => url.startsWith(sandbox)).length >= 2);
    assert.ok(
      log.documents.filter((url) => url.startsWith(sandbox)).length >= 2,
      `the recorder was installed in the challenge frame: ${log.documents.join(', ')}`,
    );
    assertQuiet(log, 'buyer path');
  });
});
