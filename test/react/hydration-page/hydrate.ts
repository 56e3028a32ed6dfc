/** Hydrates the server's HTML in the browser; recoverable errors (a mismatch) are kept for the test. */
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CheckoutPage } from './checkout-page.js';

declare global {
  interface Window {
    hydrationErrors?: string[];
    hydrated?: boolean;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root');
const offer = root.dataset['offer'] ?? '';
window.hydrationErrors = [];
hydrateRoot(root, createElement(CheckoutPage, { offer }), {
  onRecoverableError: (error) => window.hydrationErrors?.push(String(error)),
});
window.hydrated = true;
