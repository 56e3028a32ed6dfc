/**
 * The marks of the card brands the checkout shows beside the card number: small inline SVGs
 * drawn here (a coloured card with the brand's letters or shapes), so showing them fetches
 * nothing from anywhere. They are pictures of the names the catalogue gives; the element that
 * shows them gives the row one accessible name listing the brands.
 */
import { html, type TemplateResult } from 'lit';
import type { CardBrand } from '../../contract/card-tokens.js';

/** The brands shown, in the order a Brazilian buyer expects them. */
export const MARKED_BRANDS = ['visa', 'mastercard', 'elo', 'hipercard', 'amex', 'diners'] as const satisfies readonly CardBrand[];

/** A brand that has a mark. */
export type MarkedBrand = (typeof MARKED_BRANDS)[number];

/**
 * Each mark whole, as one piece of static markup: 32 × 20 units, on a card edged in grey (the black
 * and dark ones stay cards on a dark page), letters white, bold and centred. Lit clones a template
 * with no bindings as it is; a mark put together from smaller templates (the card, the letters)
 * took five templates and eight bindings, twelve times in a card form (the method choice's row and
 * the number's), and more bytes than the repeated markup, which compresses to little. Each is
 * hidden from screen readers: the row that shows them names the brands.
 */
export const BRAND_MARKS: Readonly<Record<MarkedBrand, TemplateResult>> = {
  visa: html`<svg viewBox="0 0 32 20" width="32" height="20" aria-hidden="true">
    <rect width="32" height="20" rx="3" stroke="gray" stroke-width="2" fill="#1a1f71" />
    <text x="16" y="10" dy=".35em" fill="#fff" font-weight="700" font-family="Arial,Helvetica,sans-serif" text-anchor="middle" font-size="9" font-style="italic">VISA</text>
  </svg>`,
  // Two overlapping circles, red and yellow, orange where they meet.
  mastercard: html`<svg viewBox="0 0 32 20" width="32" height="20" aria-hidden="true">
    <rect width="32" height="20" rx="3" stroke="gray" stroke-width="2" fill="#231f20" />
    <circle cx="12.5" cy="10" r="6" fill="#eb001b" />
    <circle cx="19.5" cy="10" r="6" fill="#f79e1b" />
    <path d="M16 5.2a6 6 0 0 1 0 9.6a6 6 0 0 1 0-9.6z" fill="#ff5f00" />
  </svg>`,
  elo: html`<svg viewBox="0 0 32 20" width="32" height="20" aria-hidden="true">
    <rect width="32" height="20" rx="3" stroke="gray" stroke-width="2" fill="#000" />
    <text x="16" y="10" dy=".35em" fill="#fff" font-weight="700" font-family="Arial,Helvetica,sans-serif" text-anchor="middle" font-size="10">elo</text>
  </svg>`,
  hipercard: html`<svg viewBox="0 0 32 20" width="32" height="20" aria-hidden="true">
    <rect width="32" height="20" rx="3" stroke="gray" stroke-width="2" fill="#b3131b" />
    <text x="16" y="10" dy=".35em" fill="#fff" font-weight="700" font-family="Arial,Helvetica,sans-serif" text-anchor="middle" font-size="8.5">Hiper</text>
  </svg>`,
  amex: html`<svg viewBox="0 0 32 20" width="32" height="20" aria-hidden="true">
    <rect width="32" height="20" rx="3" stroke="gray" stroke-width="2" fill="#006fcf" />
    <text x="16" y="10" dy=".35em" fill="#fff" font-weight="700" font-family="Arial,Helvetica,sans-serif" text-anchor="middle" font-size="8">AMEX</text>
  </svg>`,
  // The two halves of a ring, white on blue.
  diners: html`<svg viewBox="0 0 32 20" width="32" height="20" aria-hidden="true">
    <rect width="32" height="20" rx="3" stroke="gray" stroke-width="2" fill="#0079be" />
    <circle cx="16" cy="10" r="6.5" fill="none" stroke="#fff" stroke-width="1.6" />
    <path d="M14.2 5.8v8.4M17.8 5.8v8.4" stroke="#fff" stroke-width="1.6" />
  </svg>`,
};

