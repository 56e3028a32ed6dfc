/**
 * The page's server side: what a framework's server does for /shop, loaded by the test through
 * vite's `ssrLoadModule`, so `react` and `react-dom/server` are whichever React the test's vite
 * aliases name (18 or 19), the same as the browser's.
 */
import { createElement } from 'react';
export { version } from 'react';
import { renderToString } from 'react-dom/server';
import { CheckoutPage } from './checkout-page.js';

export function renderShop(offer: string): string {
  return renderToString(createElement(CheckoutPage, { offer }));
}
