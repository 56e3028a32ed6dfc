/** The card form's own texts in neutral Latin-American Spanish (keys from the pt-BR source, pt-BR.card.ts). */
import type { CardMessages } from '../catalogue-shape.js';

const esCard: CardMessages = {
  'card.brand.visa': 'Visa',
  'card.brand.mastercard': 'Mastercard',
  'card.brand.amex': 'American Express',
  'card.brand.elo': 'Elo',
  'card.brand.hipercard': 'Hipercard',
  'card.brand.diners': 'Diners Club',
  'card.brand.discover': 'Discover',
  'field.cardNumber.label': 'Número de la tarjeta',
  'field.cardNumber.hint': 'Los dígitos del frente de la tarjeta.',
  'field.cardNumber.brand': 'Marca: {brand}',
  'field.cardNumber.brands': 'Marcas aceptadas: {brands}',
  'field.cardNumber.error.required': 'Ingresa el número de la tarjeta.',
  'field.cardNumber.error.length': 'Al número de la tarjeta le faltan o le sobran dígitos.',
  'field.cardNumber.error.invalid': 'Número de tarjeta no válido. Revisa los dígitos.',
  'field.cardExpiry.label': 'Vencimiento',
  'field.cardExpiry.hint': 'MM/AA',
  'field.cardExpiry.error.required': 'Ingresa el vencimiento de la tarjeta.',
  'field.cardExpiry.error.invalid': 'Vencimiento no válido. Usa el formato MM/AA.',
  'field.cardExpiry.error.expired': 'Esta tarjeta está vencida.',
  'field.cardExpiry.error.tooFar': 'Fecha de vencimiento no válida. Revisa el año.',
  'field.cardCvv.label': 'Código de seguridad (CVV)',
  'field.cardCvv.hint': 'Los 3 dígitos del reverso de la tarjeta.',
  'field.cardCvv.hintAmex': 'Los 4 dígitos del frente de la tarjeta.',
  'field.cardCvv.error.required': 'Ingresa el código de seguridad.',
  'field.cardCvv.error.threeDigits': 'El código de seguridad de esta tarjeta tiene 3 dígitos.',
  'field.cardCvv.error.fourDigits': 'El código de seguridad de esta tarjeta tiene 4 dígitos.',
  'field.cardCvv.error.invalid': 'El código de seguridad tiene 3 o 4 dígitos.',
  'field.holderName.label': 'Nombre impreso en la tarjeta',
  'field.holderName.hint': 'Tal como aparece en la tarjeta.',
  'field.installments.label': 'Cuotas',
  'field.installments.hint': {
    one: 'Pago en {count} cuota.',
    other: 'Hasta {count} cuotas.',
  },
  'installments.option.interestFree': {
    one: 'En un pago: {total}',
    other: '{count} cuotas de {amount} sin interés (total {total})',
  },
  'installments.option.withInterest': {
    one: '{count} cuota de {amount} con interés (total {total})',
    other: '{count} cuotas de {amount} con interés (total {total})',
  },
};

export default esCard;
