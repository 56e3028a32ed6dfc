/** Hydrates the server's HTML in the browser; recoverable errors (a mismatch) are kept for the test. */
import { createElement, version } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CheckoutPage } from './checkout-page.js';

declare global {
  interface Window {
    hydrationErrors?: string[];
    hydrated?: boolean;
    /** The React that hydrated the page. */
    reactVersion?: string;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root');
const offer = root.dataset['offer'] ?? '';
window.hydrationErrors = [];
window.reactVersion = version;
hydrateRoot(root, createElement(CheckoutPage, { offer }), {
  onRecoverableError: (error) => window.hydrationErrors?.push(String(error)),
});
window.hydrated = true;
