/** The widget's texts in plain English (keys from the pt-BR source). */
import type { FormMessages } from '../catalogue-shape.js';

const en: FormMessages = {
  'checkout.loadFailed': 'We could not load the payment. Check your connection and try again.',
  'checkout.loadFailedService': 'Payment is unavailable right now. Please try again in a moment.',
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

  'field.optional': '(optional)',
  'field.error.required': 'Fill in this field.',

  'field.name.label': 'Full name',
  'field.personName.error.required': 'Enter the name.',
  'field.personName.error.characters': 'Use only letters, spaces, apostrophes and hyphens.',
  'field.personName.error.tooShort': 'Enter the full name.',

  'field.email.label': 'Email',
  'field.email.hint': 'We will send the purchase confirmation to this address.',
  'field.email.error.required': 'Enter your email.',
  'field.email.error.invalid': 'Invalid email. Check that it looks like name@example.com.',
  'field.email.suggestion': 'Did you mean {address}?',

  'field.phone.label': 'Phone',
  // No-break spaces (\u00a0) keep each example number on one line.
  'field.phone.hint': 'With + and the country code, for example +1\u00a0212\u00a0555\u00a00123. A Brazilian number only needs its area code: (11)\u00a098765-4321.',
  'field.phone.error.required': 'Enter your phone number with area code.',
  'field.phone.error.length': 'Incomplete phone number. Enter the area code and the number.',
  'field.phone.error.areaCode': 'Invalid area code (DDD). Enter its 2 digits, without a leading 0.',
  'field.phone.error.mobileNinthDigit': 'Brazilian mobile numbers have 9 digits after the area code, starting with 9.',
  'field.phone.error.invalid': 'Invalid phone number. Check the digits.',
  'field.phone.error.international': 'Invalid international number. Enter + and the country code, up to 15 digits.',

  'field.document.label': 'CPF or CNPJ',
  'field.document.hint': 'A CPF (a person’s) or CNPJ (a company’s) is a Brazilian tax ID. It is only needed to pay by boleto or Pix Automático.',
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

  'error.network': 'We could not reach the server. Check your internet connection and try again.',
  'error.serviceUnavailable': 'The payment service did not answer. Your details are kept: please try again in a moment.',
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

  // <pay-checkout>: states, results and the order.
  'checkout.noMethods': 'No payment method is available for this offer.',
  'checkout.retrySafe': 'Trying again will not charge you twice.',
  'checkout.queued': 'Lots of orders right now. Your turn in about {count} s.',
  'checkout.step.tokenizing': 'Securing your card details…',
  'error.offerUnavailable': 'This offer is not available for purchase.',
  'error.paymentUnavailable': 'The seller cannot take payments right now. Please try again later.',
  'error.methodUnavailable': 'This payment method is not available right now. Choose another one.',
  'error.methodUnavailableHere': 'Not available for this purchase right now.',
  'error.checkFields': 'Some details were refused. Check the fields marked.',
  'error.fieldNotAccepted': 'The payment service did not accept this. Check it and try again.',
  'error.cardNotAccepted': 'This card could not be validated. Check the details or use another card.',
  'error.rateLimitedWait': {
    one: 'Too many attempts in a short time. Wait {count} second and try again.',
    other: 'Too many attempts in a short time. Wait {count} seconds and try again.',
  },
  'order.created.title': 'Order created',
  'order.reference': 'Order reference: {reference}',
  'order.status': 'Status: {status}',
  'order.statusChanged': 'Order status: {status}',
  'order.status.waiting_payment': 'Awaiting payment',
  'order.status.paid': 'Paid',
  'order.status.declined': 'Declined',
  'order.status.refused': 'Refused',
  'order.status.pending': 'Awaiting your bank’s confirmation',
  'order.status.other': 'Processing',
  // What every result view shows, and the card outcomes; what only the Pix and boleto views show is in the results part.
  'result.amountPaid': 'Amount paid: {amount}',
  'result.paid.next': 'You will receive access by email.',
  'result.changeMethod': 'Choose another payment method',
  'card.declined.title': 'Payment not authorized',
  'card.declined.action': 'Try another card',
  'card.refused.title': 'The payment could not be completed',
  'card.pending.title': 'Waiting for your bank to confirm',
};

export default en;
