// What the <pay-checkout> browser tests share: the relay and sandbox of the test page, a
// record of every request the page makes, and a buyer who types and clicks.
import { fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { TemplateResult } from 'lit';
import '../../../src/widget/define.js';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import type { PayCardFields } from '../../../src/widget/card/card-fields.component.js';
import type { PayCustomerFields } from '../../../src/widget/customer/customer-fields.component.js';
import type { PayAddressFields } from '../../../src/widget/address/address-fields.component.js';
import type { PayMethodPicker } from '../../../src/widget/method-picker/method-picker.component.js';
import type { ChargeMethod } from '../../../src/contract/payment-methods.js';

export interface TestEnv {
  sandboxUrl: string;
  relayPath: string;
  pageOrigin: string;
}

export async function testEnv(): Promise<TestEnv> {
  return (await (await fetch('/__test-env')).json()) as TestEnv;
}

/**
 * Back to the sandbox's fixture: no orders, faults, blocks or profiled references. The tab's
 * order in progress goes too: a checkout resumes a waiting order kept in sessionStorage, and a
 * test starts from the form.
 */
export async function resetSandbox(): Promise<void> {
  sessionStorage.clear();
  const response = await fetch('/__sandbox/reset', { method: 'POST' });
  if (response.status !== 200) throw new Error(`sandbox reset: ${response.status}`);
}

/** A control of the sandbox (`/__sandbox/account`, `/__sandbox/faults`), reached through the page's server. */
export async function sandboxControl(path: string, method: 'PUT' | 'POST', body?: unknown): Promise<void> {
  const response = await fetch(`/__sandbox/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
}

/** One request the page made with `fetch`, and what came back (when something did). */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  status?: number;
  answer?: unknown;
}

/**
 * Wraps `window.fetch` to record every request (URL, method, headers, body) and the JSON it
 * answered. `intercept` may answer instead of the network (a failure, a lost answer).
 */
export function recordFetch(
  intercept?: (request: RecordedRequest, send: () => Promise<Response>) => Promise<Response> | undefined,
): { requests: RecordedRequest[]; restore: () => void } {
  const original = window.fetch;
  const requests: RecordedRequest[] = [];
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    const record: RecordedRequest = {
      url,
      method: (init.method ?? 'GET').toUpperCase(),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    requests.push(record);
    const send = async () => {
      const response = await original.call(window, input, init);
      record.status = response.status;
      record.answer = await response
        .clone()
        .json()
        .catch(() => undefined);
      return response;
    };
    return (intercept?.(record, send) ?? send());
  };
  return { requests, restore: () => (window.fetch = original) };
}

/** What `recordFetch` answers: the requests so far, and how to put `window.fetch` back. */
export type FetchRecording = ReturnType<typeof recordFetch>;

/**
 * The hooks of a suite that pays against the test page's relay and sandbox: the page's
 * addresses once, then for each test a sandbox back at its fixture and a fresh recording of the
 * page's requests, undone after the test. A test that needs its own interception calls
 * `record(intercept)`, which replaces the test's recording.
 */
export function sandboxSuite(): { readonly env: TestEnv; readonly recording: FetchRecording; record(intercept?: Parameters<typeof recordFetch>[0]): FetchRecording } {
  let env: TestEnv | undefined;
  let recording: FetchRecording | undefined;
  before(async () => {
    env = await testEnv();
  });
  beforeEach(async () => {
    await resetSandbox();
    recording = recordFetch();
  });
  afterEach(() => recording?.restore());
  return {
    get env() {
      return env!;
    },
    get recording() {
      return recording!;
    },
    record(intercept) {
      recording?.restore();
      recording = recordFetch(intercept);
      return recording;
    },
  };
}

/** The requests made to the relay of the test page. */
export function relayRequests(requests: readonly RecordedRequest[], env: TestEnv): RecordedRequest[] {
  return requests.filter((request) => new URL(request.url).pathname.startsWith(`${env.relayPath}/`));
}

/** The charge requests posted to the relay. */
export function chargeRequests(requests: readonly RecordedRequest[], env: TestEnv): RecordedRequest[] {
  return relayRequests(requests, env).filter((request) => request.method === 'POST' && request.url.endsWith('/charges'));
}

/** A checkout on the test page's relay, once its configuration is loaded and the form is on screen. */
export async function readyCheckout(template?: TemplateResult): Promise<PayCheckout> {
  const el = await fixture<PayCheckout>(template ?? html`<pay-checkout relay="/relay" offer="77BcHrY"></pay-checkout>`);
  await waitUntil(() => el.shadowRoot?.querySelector('form'), 'the checkout form did not appear', { timeout: 5000 });
  await el.updateComplete;
  return el;
}

export const methodPickerOf = (el: PayCheckout) => el.shadowRoot!.querySelector<PayMethodPicker>('pay-method-picker')!;
export const customerFieldsOf = (el: PayCheckout) => el.shadowRoot!.querySelector<PayCustomerFields>('pay-customer-fields')!;
export const cardFieldsOf = (el: PayCheckout) => el.shadowRoot!.querySelector<PayCardFields>('pay-card-fields')!;
export const submitOf = (el: PayCheckout) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="submit"]')!;

/**
 * Whether the page fetched a file (a module, a relay route) whose path ends with `path`. The files that
 * load the script-tag entry keep a copy of their own: this harness registers every element (define.js).
 */
export const fetched = (path: string) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.endsWith(path));

/** The visible text of a node, spaces made plain. */
export function textOf(node: Element | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The result view on screen (`<pay-pix-result>`, `<pay-boleto-result>`, `<pay-card-result>`), once drawn. */
export function resultOf(el: PayCheckout): (HTMLElement & { updateComplete: Promise<boolean> }) | null {
  return el.shadowRoot!.querySelector('[part="result"]');
}

/** The visible text of the result view (it lives in the view's own shadow root). */
export function resultText(el: PayCheckout): string {
  return textOf(resultOf(el)?.shadowRoot?.querySelector('[part="base"]'));
}

export function bannerText(el: PayCheckout): string {
  return textOf(el.shadowRoot!.querySelector('[part="banner"]'));
}

export function liveRegionText(el: PayCheckout): string {
  return textOf(el.shadowRoot!.querySelector('[role="status"][aria-live="polite"]'));
}

/** The element with focus, looking into shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Picks a method by clicking its option, as a buyer does. */
export async function chooseMethod(el: PayCheckout, method: ChargeMethod): Promise<void> {
  const radio = methodPickerOf(el).shadowRoot!.querySelector<HTMLInputElement>(`input[value="${method}"]`);
  if (!radio) throw new Error(`no option for ${method}`);
  radio.click();
  await el.updateComplete;
  await customerFieldsOf(el).updateComplete;
}

/** Focuses an input of a component's shadow root and types into it on the keyboard. */
async function typeInto(root: ShadowRoot, selector: string, text: string): Promise<void> {
  const input = root.querySelector<HTMLInputElement>(selector);
  if (!input) throw new Error(`no input ${selector}`);
  input.focus();
  await sendKeys({ type: text });
}

export interface Buyer {
  name: string;
  email: string;
  phone: string;
  document?: string;
}

export const BUYER: Buyer = { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321' };
/** A CPF whose check digits are right. */
export const VALID_CPF = '52998224725';

export async function fillCustomer(el: PayCheckout, buyer: Buyer = BUYER): Promise<void> {
  const fields = customerFieldsOf(el);
  const root = fields.shadowRoot!;
  await typeInto(root, '[name="name"]', buyer.name);
  await typeInto(root, '[name="email"]', buyer.email);
  await typeInto(root, '[name="phone"]', buyer.phone);
  if (buyer.document) await typeInto(root, '[name="document"]', buyer.document);
  await fields.updateComplete;
}

/** The billing address's element inside the buyer's fields, once it is fetched and drawn. */
export async function addressFieldsOf(el: PayCheckout): Promise<PayAddressFields> {
  const customer = customerFieldsOf(el);
  await waitUntil(() => customer.shadowRoot!.querySelector('pay-address-fields')?.shadowRoot?.querySelector('[name="zipcode"]'), 'the address fields were not drawn', { timeout: 5000 });
  return customer.shadowRoot!.querySelector('pay-address-fields')!;
}

/** Types the CEP, which the relay's lookup (the sandbox's CEP table) turns into the address, and the number. */
export async function fillAddress(el: PayCheckout): Promise<void> {
  const fields = await addressFieldsOf(el);
  const root = fields.shadowRoot!;
  await typeInto(root, '[name="zipcode"]', '01310100');
  await waitUntil(() => root.querySelector<HTMLInputElement>('[name="city"]')?.value === 'São Paulo', 'the CEP did not fill the address', { timeout: 5000 });
  await typeInto(root, '[name="number"]', '1000');
  await fields.updateComplete;
}

/** A card typed by the buyer; the expiry a few years ahead so the tests keep working. */
export const CARD_CVV = '987';
export const CARD_EXP_YEAR = String(new Date().getFullYear() + 5);
const CARD_EXPIRY = `11${CARD_EXP_YEAR.slice(2)}`;

export async function fillCard(el: PayCheckout, number: string): Promise<void> {
  const card = cardFieldsOf(el);
  const root = card.shadowRoot!;
  await typeInto(root, '#card-number', number);
  await typeInto(root, '#card-expiry', CARD_EXPIRY);
  await typeInto(root, '#card-cvv', CARD_CVV);
  await typeInto(root, '#card-holderName', 'Maria Silva');
  await card.updateComplete;
}

/** Clicks the pay button. */
export async function pay(el: PayCheckout): Promise<void> {
  submitOf(el).click();
  await el.updateComplete;
}

/** Every string value of a JSON document, at any depth, with the keys on the way. */
export function jsonEntries(value: unknown, path = ''): { path: string; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => jsonEntries(item, `${path}.${index}`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) => [{ path: `${path}.${key}`.replace(/^\./, ''), value: child }, ...jsonEntries(child, `${path}.${key}`)]);
  }
  return [];
}
