/**
 * The entry of the script-tag build (`dist/cdn/pay-checkout.js`). Loading it registers the
 * elements every form shows at once (`<pay-checkout>`, `<pay-method-picker>`,
 * `<pay-customer-fields>`, `<pay-price>`) and the others when first needed: the card form
 * (`<pay-card-fields>`), the result views (`<pay-pix-result>`, `<pay-boleto-result>`,
 * `<pay-card-result>`) and the 3-D Secure dialog (`<pay-3ds-dialog>`) come in their own chunks,
 * fetched by the checkout when its offer takes a card, a payment starts or a challenge opens,
 * or as soon as the page puts one in the document itself.
 *
 * It is a small file that imports the rest from `chunks/`, so no chunk ever imports it back:
 * its URL is the shop's (`pay-checkout.js?ver=3`, a redirect to a versioned copy), and a chunk
 * importing it by its plain name would make the browser load and run a second copy, with state
 * of its own. What a page script can take from it: the 3-D Secure errors a provider of the
 * page's own throws (the checkout tells a cancel from a refusal by them); the class of an element
 * is `customElements.get(tag)`, to subclass it. The npm package's `widget/define` registers every element at once and
 * exports everything instead: a shop's own bundler splits it as it likes.
 *
 * The first chunk (script-tag-core.ts) is imported with `import()`, not statically: a module's
 * own lines run only once its static imports have arrived and run, and these lines have work to
 * start before that. For each `<pay-checkout>` already in the page with a relay and an offer and
 * no configuration of its own (`inline-config`), they ask for the two things its form waits for
 * besides the first chunk, so that both travel while the chunk does: the offer's configuration,
 * by a `<link rel="preload" as="fetch">` of the URL the checkout asks (the browser hands the
 * checkout's own `fetch` that answer: same URL, same CORS mode and credentials), and the texts of
 * its language, by the same `import()` the checkout makes. Their language is read as the
 * checkout reads `locale` (resolveLocale in i18n/locales.ts): an unknown one, or none, is pt-BR.
 * A checkout whose relay or offer is set later, as a property, or put in the page afterwards asks
 * for them itself, as before.
 */
import type * as ThreeDSecureErrors from './three-d-secure/provider.js';

// Its value is not read (see script-tag-core.ts); a failed fetch is left to the console, as a failed static import was.
void import('./script-tag-core.js');

for (const checkout of document.querySelectorAll('pay-checkout[relay][offer]:not([offer=""], [inline-config])')) {
  document.head.append(
    Object.assign(document.createElement('link'), {
      rel: 'preload',
      as: 'fetch',
      crossOrigin: '',
      href: `${checkout.getAttribute('relay')!.replace(/\/+$/, '')}/config?offer=${encodeURIComponent(checkout.getAttribute('offer')!)}`,
    }),
  );
  const language = checkout.getAttribute('locale')?.trim().toLowerCase().split(/[-_]/)[0];
  // A failed fetch is the checkout's to tell and try again, when its own import() of the texts fails.
  (language === 'es' ? import('./i18n/messages/es.js') : language === 'en' ? import('./i18n/messages/en.js') : import('./i18n/messages/pt-BR.js')).catch(() => undefined);
}

// The 3-D Secure errors come as statics of `<pay-checkout>`'s class (script-tag-core.ts), into live
// bindings: set once the first chunk has run, before any checkout draws its form. Awaiting them here
// (a top-level await) would split the first chunk in two files.
export let ThreeDSecureCanceledError: typeof ThreeDSecureErrors.ThreeDSecureCanceledError;
export let ThreeDSecureFailedError: typeof ThreeDSecureErrors.ThreeDSecureFailedError;
export let ThreeDSecureSessionError: typeof ThreeDSecureErrors.ThreeDSecureSessionError;
void customElements.whenDefined('pay-checkout').then((checkout) => {
  ({ ThreeDSecureCanceledError, ThreeDSecureFailedError, ThreeDSecureSessionError } = checkout as unknown as typeof ThreeDSecureErrors);
});

// The checkout reads the tab's storage before its form (a kept order, results/kept-order.ts), and a
// page's first read opens it: 5 to 20 ms at 4x CPU. Read here, once the requests above have left, it
// is opened while the first chunk travels. A page that may not use storage (a sandboxed frame)
// throws, and the checkout finds nothing kept there either.
try {
  sessionStorage.length;
} catch {
  // Nothing to open.
}
