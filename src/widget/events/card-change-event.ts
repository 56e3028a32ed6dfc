import type { CardBrand } from '../../contract/card-tokens.js';

/** What `pay-card-change` tells about the card being typed; never any of the card's digits. */
export interface CardChangeDetail {
  /** The brand read from the number's first digits, `undefined` while unknown. */
  readonly brand: CardBrand | undefined;
  /** True when every card field is valid, so `details()` answers the card. */
  readonly complete: boolean;
  /** The number of instalments chosen. */
  readonly installments: number;
}

/**
 * Fired by `<pay-card-fields>` when the buyer's typing or choice changes the brand, whether
 * the card is complete, or the instalments. Bubbles and crosses shadow roots.
 */
export class PayCardChangeEvent extends Event {
  static readonly type = 'pay-card-change';

  readonly detail: CardChangeDetail;

  constructor(detail: CardChangeDetail) {
    super(PayCardChangeEvent.type, { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-card-change': PayCardChangeEvent;
  }
}
