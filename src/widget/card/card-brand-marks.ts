/**
 * The marks of the card brands the checkout shows beside the card number: small inline SVGs
 * drawn here (a coloured card with the brand's letters or shapes), so showing them fetches
 * nothing from anywhere. They are pictures of the names the catalogue gives; the element that
 * shows them gives the row one accessible name listing the brands.
 */
import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import type { CardBrand } from '../../contract/card-tokens.js';

/** The brands shown, in the order a Brazilian buyer expects them. */
export const MARKED_BRANDS = ['visa', 'mastercard', 'elo', 'hipercard', 'amex', 'diners'] as const satisfies readonly CardBrand[];

/** A brand that has a mark. */
export type MarkedBrand = (typeof MARKED_BRANDS)[number];

/** Letters on a mark: white, bold, centred; `size` in units of the 32 × 20 card. */
const letters = (text: string, size: number, style = '') =>
  svg`<text x="16" y="10" dy=".35em" fill="#fff" font-size=${size} font-weight="700" font-family="Arial,Helvetica,sans-serif" text-anchor="middle" font-style=${style || 'normal'}>${text}</text>`;

/** The card every mark is drawn on, edged in grey: the black and dark ones stay cards on a dark page. */
const card = (fill: string) => svg`<rect width="32" height="20" rx="3" fill=${fill} stroke="gray" stroke-width="2" />`;

const MARKS: Readonly<Record<MarkedBrand, SVGTemplateResult>> = {
  visa: svg`${card('#1a1f71')}${letters('VISA', 9, 'italic')}`,
  // Two overlapping circles, red and yellow, orange where they meet.
  mastercard: svg`${card('#231f20')}<circle cx="12.5" cy="10" r="6" fill="#eb001b" /><circle cx="19.5" cy="10" r="6" fill="#f79e1b" /><path d="M16 5.2a6 6 0 0 1 0 9.6a6 6 0 0 1 0-9.6z" fill="#ff5f00" />`,
  elo: svg`${card('#000')}${letters('elo', 10)}`,
  hipercard: svg`${card('#b3131b')}${letters('Hiper', 8.5)}`,
  amex: svg`${card('#006fcf')}${letters('AMEX', 8)}`,
  // The two halves of a ring, white on blue.
  diners: svg`${card('#0079be')}<circle cx="16" cy="10" r="6.5" fill="none" stroke="#fff" stroke-width="1.6" /><path d="M14.2 5.8v8.4M17.8 5.8v8.4" stroke="#fff" stroke-width="1.6" />`,
};

/** The mark of `brand`, 32 × 20 units, hidden from screen readers (the row names the brands). */
export function brandMark(brand: MarkedBrand): TemplateResult {
  return html`<svg viewBox="0 0 32 20" width="32" height="20" aria-hidden="true">${MARKS[brand]}</svg>`;
}
