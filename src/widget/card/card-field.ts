/**
 * The fields of `<pay-card-fields>`, in the order the buyer fills them in. `validate()` visits
 * them in this order, so focus lands on the first one that needs fixing, and tokenization
 * errors are mapped onto these names (card-tokenizer.ts).
 */
export const CARD_FIELDS = ['number', 'expiry', 'cvv', 'holderName'] as const;

/** One field of the card form. The expiry is one field for the buyer, two (`expMonth`, `expYear`) for the API. */
export type CardField = (typeof CARD_FIELDS)[number];
