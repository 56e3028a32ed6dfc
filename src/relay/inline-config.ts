/**
 * An offer's configuration for a page the merchant's server renders, so the buyer's checkout
 * draws its form without a `GET config` round trip: the relay's own answer to that route (same
 * offer rules, same cache), written as `<script type="application/json">` for the checkout's
 * `inline-config` attribute (docs/relay.md, "The configuration in the page"). The widget checks it
 * as it checks the route's answer, and asks the relay again once `expiresAt` has passed.
 */
import type { Relay } from './relay.js';
import type { WidgetConfig } from './config-route.js';

/** What the inline script holds: the route's answer, and until when a browser may use it without asking again. */
export interface InlineCheckoutConfig {
  config: WidgetConfig;
  /** ISO 8601; absent when the relay's answer said nothing of its lifetime (the widget then asks at once, behind it). */
  expiresAt?: string;
}

export interface InlineCheckoutConfigOptions {
  /** The offer the page sells. */
  offer: string;
  /** Where the relay is mounted, as an absolute URL (`https://shop.example/checkout`): its `basePath` is read from it. */
  relayUrl: string | URL;
  /** The id of the script element, which the checkout's `inline-config` names; `pay-checkout-config` by default. */
  id?: string;
  /** The clock `expiresAt` is counted from; `Date.now` by default. */
  now?: () => number;
}

const ID_PATTERN = /^[A-Za-z][\w-]*$/;

/**
 * The configuration of `options.offer` as the relay answers it, with its expiry; undefined when the
 * relay refuses it (an offer not sold here, the API unreachable): the page then leaves the checkout to ask.
 */
export async function checkoutConfigSnapshot(relay: Relay, options: InlineCheckoutConfigOptions): Promise<InlineCheckoutConfig | undefined> {
  const base = new URL(options.relayUrl);
  const url = new URL(`${base.pathname.replace(/\/+$/, '')}/config`, base);
  url.searchParams.set('offer', options.offer);
  const response = await relay.fetch(new Request(url, { headers: { Accept: 'application/json' } }));
  if (response.status !== 200) {
    await response.body?.cancel();
    return undefined;
  }
  const config = (await response.json()) as WidgetConfig;
  const maxAge = /(?:^|,)\s*max-age=(\d+)/.exec(response.headers.get('Cache-Control') ?? '')?.[1];
  if (maxAge === undefined) return { config };
  return { config, expiresAt: new Date((options.now ?? Date.now)() + Number(maxAge) * 1000).toISOString() };
}

/**
 * The `<script type="application/json">` to put in the page beside `<pay-checkout inline-config="…">`,
 * or an empty string when the relay refuses the offer. Product names and other text come from the API:
 * `<`, `>` and `&` are written as JSON escapes, so no text can close the script element.
 */
export async function inlineCheckoutConfig(relay: Relay, options: InlineCheckoutConfigOptions): Promise<string> {
  const id = options.id ?? 'pay-checkout-config';
  if (!ID_PATTERN.test(id)) throw new TypeError(`inlineCheckoutConfig: id must be a letter followed by letters, digits, _ or -, got ${JSON.stringify(id)}`);
  const snapshot = await checkoutConfigSnapshot(relay, options);
  if (!snapshot) return '';
  const json = JSON.stringify(snapshot).replace(/[<>&]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${id}">${json}</script>`;
}
