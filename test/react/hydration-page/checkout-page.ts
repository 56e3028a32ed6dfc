/**
 * The page both sides render: on the server (react-dom/server, in the test) and in Chromium, where
 * hydrate.ts hydrates the server's HTML with it. Its callbacks record each event on `window`, where
 * the test reads them; on the server they never run.
 */
import { createElement, type ReactElement } from 'react';
import { PayCheckout } from '../../../src/react/index.js';

/** The buyer the page passes as `customer`: complete, so a Pix needs nothing typed. */
export const PAGE_CUSTOMER = Object.freeze({
  name: 'Maria Silva',
  email: 'maria.silva@example.com',
  phone: '11987654321',
  document: '52998224725',
  birthDate: '1990-05-17',
});

export const PAGE_METADATA = Object.freeze({ utm_source: 'react-page' });

/** What the page's paid view says next (the element's `paid-message`). */
export const PAGE_PAID_MESSAGE = 'O link do curso chega no seu e-mail em instantes.';

/** What a callback recorded: the event's type and its `detail`. */
export interface RecordedEvent {
  callback: string;
  type: string;
  detail: unknown;
}

declare global {
  interface Window {
    recordedEvents?: RecordedEvent[];
  }
}

function record(callback: string) {
  return (event: Event & { detail?: unknown }) => {
    window.recordedEvents ??= [];
    window.recordedEvents.push({ callback, type: event.type, detail: JSON.parse(JSON.stringify(event.detail ?? null)) });
  };
}

export function CheckoutPage({ offer }: { offer: string }): ReactElement {
  return createElement(
    'main',
    null,
    createElement('h1', null, 'Loja'),
    createElement(PayCheckout, {
      id: 'checkout',
      relay: '/checkout',
      offer,
      methods: 'pix,boleto',
      askBirthDate: true,
      paidMessage: PAGE_PAID_MESSAGE,
      customer: PAGE_CUSTOMER,
      metadata: PAGE_METADATA,
      onReady: record('onReady'),
      onMethodChange: record('onMethodChange'),
      onOrderCreated: record('onOrderCreated'),
      onPaid: record('onPaid'),
      onFailed: record('onFailed'),
    }),
  );
}
