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
 */
import './checkout/checkout.js';
import { loadWhenUsed } from './on-demand-elements.js';

loadWhenUsed(document);

export { ThreeDSecureCanceledError, ThreeDSecureFailedError, ThreeDSecureSessionError } from './three-d-secure/provider.js';
