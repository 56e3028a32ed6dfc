/** The card form's own texts in English (keys from the pt-BR source, pt-BR.card.ts). */
import type { CardMessages } from '../catalogue-shape.js';

const enCard: CardMessages = {
  'card.brand.visa': 'Visa',
  'card.brand.mastercard': 'Mastercard',
  'card.brand.amex': 'American Express',
  'card.brand.elo': 'Elo',
  'card.brand.hipercard': 'Hipercard',
  'card.brand.diners': 'Diners Club',
  'card.brand.discover': 'Discover',
  'field.cardNumber.label': 'Card number',
  'field.cardNumber.hint': 'The digits on the front of the card.',
  'field.cardNumber.brand': 'Card brand: {brand}',
  'field.cardNumber.brands': 'Accepted cards: {brands}',
  'field.cardNumber.error.required': 'Enter the card number.',
  'field.cardNumber.error.length': 'The card number has too few or too many digits.',
  'field.cardNumber.error.invalid': 'Invalid card number. Check the digits.',
  'field.cardExpiry.label': 'Expiry date',
  'field.cardExpiry.hint': 'MM/YY',
  'field.cardExpiry.error.required': 'Enter the expiry date.',
  'field.cardExpiry.error.invalid': 'Invalid expiry date. Use the format MM/YY.',
  'field.cardExpiry.error.expired': 'This card has expired.',
  'field.cardExpiry.error.tooFar': 'This expiry date is not valid. Check the year.',
  'field.cardCvv.label': 'Security code (CVV)',
  'field.cardCvv.hint': 'The 3 digits on the back of the card.',
  'field.cardCvv.hintAmex': 'The 4 digits on the front of the card.',
  'field.cardCvv.error.required': 'Enter the security code.',
  'field.cardCvv.error.threeDigits': 'This card’s security code has 3 digits.',
  'field.cardCvv.error.fourDigits': 'This card’s security code has 4 digits.',
  'field.cardCvv.error.invalid': 'The security code has 3 or 4 digits.',
  'field.holderName.label': 'Name on card',
  'field.holderName.hint': 'Exactly as it appears on the card.',
  'field.installments.label': 'Installments',
  'field.installments.hint': {
    one: 'Paid in {count} installment.',
    other: 'Up to {count} installments.',
  },
  'installments.option.interestFree': {
    one: 'Pay in full: {total}',
    other: '{count} installments of {amount}, interest-free (total {total})',
  },
  'installments.option.withInterest': {
    one: '{count} installment of {amount} with interest (total {total})',
    other: '{count} installments of {amount} with interest (total {total})',
  },
};

export default enCard;
