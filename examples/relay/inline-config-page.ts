/**
 * A product page the shop's server renders with the offer's configuration in it (docs/relay.md,
 * "The configuration in the page"): the checkout draws its form without asking the relay first,
 * and the widget's first chunks are fetched beside its entry rather than after it.
 *
 * The package is imported by its name, as in your application. In this repository tsconfig.json's
 * `paths` map that name to the sources, so the example runs and type-checks without a build.
 */
import { inlineCheckoutConfig, widgetPreloadLinks, type Relay } from 'pay-checkout/relay';

/** Where the widget's build is served (`/pay-checkout/`), and its `pay-checkout.preload.json`, read once at start. */
export interface ServedWidget {
  url: string;
  manifest: unknown;
}

/** The product page of `offer`; `relayUrl` is where the relay is mounted (`https://shop.example/checkout`). */
export async function productPage(relay: Relay, relayUrl: string, offer: string, widget: ServedWidget): Promise<string> {
  // Empty when the relay refuses the offer: the checkout then asks, and shows the refusal itself.
  const config = await inlineCheckoutConfig(relay, { offer, relayUrl, id: `config-${offer}` });
  // The file names change with every build: they come from the build's own list.
  const preload = widgetPreloadLinks(widget.manifest, { widgetUrl: widget.url, locale: 'pt-BR', inlineConfig: config !== '' });
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Shop</title>
<script type="module" src="${attribute(widget.url)}pay-checkout.js"></script>
${preload}
</head>
<body>
${config}
<pay-checkout relay="${attribute(new URL(relayUrl).href)}" offer="${attribute(offer)}" locale="pt-BR" inline-config="config-${attribute(offer)}"></pay-checkout>
</body>
</html>`;
}

/** `text` as an HTML attribute's value between double quotes. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
