/**
 * An offer's configuration the page gives in itself, so the form draws without asking the relay:
 * `<script type="application/json" id="…">{"config": …, "expiresAt": "…"}</script>`, named by the
 * checkout's `inline-config` attribute. The relay writes it (src/relay/inline-config.ts). The
 * `config` is read as the relay's answer is (relay-answers.ts); one not in its form, of another
 * offer, without an expiry or past it is not used, and the checkout asks the relay as usual.
 *
 * Fetched on demand, only by a checkout that has the attribute, beside its catalogue: a page
 * without it carries none of this.
 */
import { isPlainObject } from '../../contract/json-values.js';
import { readCheckoutConfig, type CheckoutConfig } from './relay-answers.js';

/** The configuration of `offer` in the JSON script `id` of `host`'s document (or shadow root), while it is fresh. */
export function readInlineConfig(host: Element, id: string, offer: string, now = Date.now()): CheckoutConfig | undefined {
  const script = (host.getRootNode() as Document | ShadowRoot).getElementById(id);
  if (!(script instanceof HTMLScriptElement) || script.type !== 'application/json') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(script.text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(body) || !(typeof body.expiresAt === 'string' && Date.parse(body.expiresAt) > now)) return undefined;
  const config = readCheckoutConfig(body.config);
  return config?.offer.id === offer ? config : undefined;
}
