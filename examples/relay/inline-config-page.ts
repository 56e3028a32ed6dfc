/**
 * A product page the shop's server renders with the offer's configuration in it (docs/relay.md,
 * "The configuration in the page"): the checkout draws its form without asking the relay first.
 *
 * The package is imported by its name, as in your application. In this repository tsconfig.json's
 * `paths` map that name to the sources, so the example runs and type-checks without a build.
 */
import { inlineCheckoutConfig, type Relay } from 'pay-checkout/relay';

/** The product page of `offer`; `relayUrl` is where the relay is mounted (`https://shop.example/checkout`). */
export async function productPage(relay: Relay, relayUrl: string, offer: string): Promise<string> {
  // Empty when the relay refuses the offer: the checkout then asks, and shows the refusal itself.
  const config = await inlineCheckoutConfig(relay, { offer, relayUrl, id: `config-${offer}` });
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Shop</title><script type="module" src="/pay-checkout.js"></script></head>
<body>
${config}
<pay-checkout relay="${attribute(new URL(relayUrl).href)}" offer="${attribute(offer)}" inline-config="config-${attribute(offer)}"></pay-checkout>
</body>
</html>`;
}

/** `text` as an HTML attribute's value between double quotes. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
