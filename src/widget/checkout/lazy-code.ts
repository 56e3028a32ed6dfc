/**
 * The payment's code, fetched on demand (on-demand-code.ts): its own module, so that the elements
 * which fetch other code on demand (the customer fields' e-mail check) do not import it.
 */
import { lazyCode, type LazyCode } from '../on-demand-code.js';
import type * as PaymentCode from './payment-code.js';

/** The payment's code (payment-code.ts): fetched as the buyer starts on the form, or when the tab keeps an order. */
export const loadPaymentCode: LazyCode<typeof PaymentCode> = lazyCode(() => import('./payment-code.js'));
