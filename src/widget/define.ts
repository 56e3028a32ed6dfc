/**
 * The widget's one side-effect entry: importing it registers every element of the checkout
 * (`<pay-checkout>`, `<pay-method-picker>`, `<pay-customer-fields>`, `<pay-address-fields>`, `<pay-card-fields>`,
 * `<pay-3ds-dialog>`, `<pay-price>`, `<pay-pix-result>`, `<pay-boleto-result>`,
 * `<pay-card-result>`). Each registration skips a name already defined, so a page that imports
 * it twice, or registered one element itself, keeps working.
 */
import './address/address-fields.js';
import './card/card-fields.js';
import './checkout/checkout.js';
import './customer/customer-fields.js';
import './method-picker/method-picker.js';
import './price/price.js';
import './results/boleto-result/boleto-result.js';
import './results/card-result/card-result.js';
import './results/pix-result/pix-result.js';
import './three-d-secure/three-d-secure-dialog.js';

export * from './index.js';
