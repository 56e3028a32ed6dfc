/** The widget's texts in plain English (keys from the pt-BR source). */
import type { Messages } from '../catalogue.js';

export const en: Messages = {
  'checkout.loading': 'Loading…',
  'checkout.loadFailed': 'We could not load the payment. Check your connection and try again.',
  'checkout.retry': 'Try again',
  'checkout.methods.legend': 'How would you like to pay?',
  'checkout.customer.legend': 'Your details',
  'checkout.card.legend': 'Card details',
  'checkout.address.legend': 'Billing address',
  'checkout.submit': 'Pay {amount}',
  'checkout.submitting': 'Processing the payment…',
  'checkout.fieldsToFix': {
    one: '{count} field needs fixing.',
    other: '{count} fields need fixing.',
  },

  'method.pix.name': 'Pix',
  'method.pix.description': 'Instant payment, confirmed in seconds.',
  'method.pix_auto.name': 'Pix Automático',
  'method.pix_auto.description':
    'You authorize recurring charges in your banking app. Access is granted once the authorization is confirmed.',
  'method.boleto.name': 'Boleto',
  'method.boleto.description': 'Clears 1 to 3 business days after you pay.',
  'method.credit_card.name': 'Credit card',
  'method.credit_card.description': 'Approved right away, in full or in installments.',
  'method.threeDs.name': 'Credit card with 3-D Secure',
  'method.threeDs.description': 'Your bank confirms the purchase with an extra security check.',

  'card.brand.visa': 'Visa',
  'card.brand.mastercard': 'Mastercard',
  'card.brand.amex': 'American Express',
  'card.brand.elo': 'Elo',
  'card.brand.hipercard': 'Hipercard',
  'card.brand.diners': 'Diners Club',
  'card.brand.discover': 'Discover',

  'field.optional': '(optional)',
  'field.error.required': 'Fill in this field.',

  'field.name.label': 'Full name',
  'field.name.hint': 'As on your ID.',
  'field.personName.error.required': 'Enter the name.',
  'field.personName.error.characters': 'Use only letters, spaces, apostrophes and hyphens.',
  'field.personName.error.tooShort': 'Enter the full name.',

  'field.email.label': 'Email',
  'field.email.hint': 'We will send the purchase confirmation to this address.',
  'field.email.error.required': 'Enter your email.',
  'field.email.error.invalid': 'Invalid email. Check that it looks like name@example.com.',

  'field.phone.label': 'Phone',
  'field.phone.hint': 'With area code, for example (11) 98765-4321.',
  'field.phone.error.required': 'Enter your phone number with area code.',
  'field.phone.error.length': 'Incomplete phone number. Enter the area code and the number.',
  'field.phone.error.areaCode': 'Invalid area code (DDD). Enter its 2 digits, without a leading 0.',
  'field.phone.error.mobileNinthDigit': 'Brazilian mobile numbers have 9 digits after the area code, starting with 9.',
  'field.phone.error.invalid': 'Invalid phone number. Check the digits.',
  'field.phone.error.international': 'Invalid international number. Enter + and the country code, up to 15 digits.',

  'field.document.label': 'CPF or CNPJ',
  'field.document.hint': 'Digits only is fine.',
  'field.document.error.required': 'Enter your CPF or CNPJ.',
  'field.document.error.length': 'Enter the 11 digits of a CPF or the 14 of a CNPJ.',
  'field.document.error.cpfInvalid': 'Invalid CPF. Check the numbers.',
  'field.document.error.cnpjInvalid': 'Invalid CNPJ. Check the numbers.',

  'field.birthDate.label': 'Date of birth',
  'field.birthDate.hint': 'DD/MM/YYYY',
  'field.birthDate.error.required': 'Enter your date of birth.',
  'field.birthDate.error.invalid': 'Invalid date. Use the format DD/MM/YYYY.',
  'field.birthDate.error.future': 'The date of birth cannot be in the future.',
  'field.birthDate.error.tooOld': 'Check the year of birth.',

  'field.postalCode.label': 'CEP (postal code)',
  'field.postalCode.hint': 'For example 01310-100.',
  'field.postalCode.error.required': 'Enter the CEP.',
  'field.postalCode.error.length': 'A CEP has 8 digits.',
  'field.street.label': 'Street address',
  'field.street.hint': 'Street, avenue…',
  'field.addressNumber.label': 'Number',
  'field.addressNumber.hint': 'If there is no number, write S/N.',
  'field.complement.label': 'Address line 2',
  'field.complement.hint': 'Apartment, building, suite.',
  'field.neighborhood.label': 'Neighborhood',
  'field.city.label': 'City',
  'field.state.label': 'State',
  'field.state.hint': '2-letter code, for example SP.',
  'field.country.label': 'Country',

  'field.cardNumber.label': 'Card number',
  'field.cardNumber.hint': 'The digits on the front of the card.',
  'field.cardNumber.brand': 'Card brand: {brand}',
  'field.cardNumber.error.required': 'Enter the card number.',
  'field.cardNumber.error.length': 'The card number has too few or too many digits.',
  'field.cardNumber.error.invalid': 'Invalid card number. Check the digits.',

  'field.cardExpiry.label': 'Expiry date',
  'field.cardExpiry.hint': 'MM/YY',
  'field.cardExpiry.error.required': 'Enter the expiry date.',
  'field.cardExpiry.error.invalid': 'Invalid expiry date. Use the format MM/YY.',
  'field.cardExpiry.error.expired': 'This card has expired.',

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

  'error.network': 'We could not reach the server. Check your internet connection and try again.',
  'error.rateLimited': {
    one: 'Too many attempts in a short time. We will try again in {count} second.',
    other: 'Too many attempts in a short time. We will try again in {count} seconds.',
  },
  'error.unexpected': 'Something went wrong. Please try again in a moment.',

  'payment.paid': 'Payment approved!',
  'payment.declined':
    'Your card issuer did not authorize the payment. Check your card’s limit and any block with your bank, use another card or choose another payment method.',
  'payment.refused':
    'We could not process the card because of a technical failure. Try again in a few minutes or choose another payment method.',
  'payment.pending': 'Waiting for your bank to confirm. Please keep this page open.',

  'threeDs.authenticating': 'Checking with your bank…',
  'threeDs.dialog.title': 'Confirm the purchase with your bank',
  'threeDs.dialog.description': 'Your bank asked for a security check. Follow the instructions below.',
  'threeDs.dialog.frameTitle': 'Your bank’s security check',
  'threeDs.dialog.cancel': 'Cancel the check',
  'threeDs.cancelled': 'Check cancelled. Your details are still filled in: try again whenever you are ready.',
  'threeDs.failed': 'Your bank did not confirm the check. Try again or use another card.',
};
