/**
 * The card form's own texts in Brazilian Portuguese: its fields, their errors, the brands and the
 * instalments. The source of `CardMessages`: a part of the catalogue of its own, fetched with the
 * card form's code (catalogue.ts), so a buyer who pays by Pix or boleto, and every buyer before the
 * form, goes without them.
 */
const ptBRCard = {
  'card.brand.visa': 'Visa',
  'card.brand.mastercard': 'Mastercard',
  'card.brand.amex': 'American Express',
  'card.brand.elo': 'Elo',
  'card.brand.hipercard': 'Hipercard',
  'card.brand.diners': 'Diners Club',
  'card.brand.discover': 'Discover',
  'field.cardNumber.label': 'Número do cartão',
  'field.cardNumber.hint': 'Os dígitos da frente do cartão.',
  'field.cardNumber.brand': 'Bandeira: {brand}',
  'field.cardNumber.brands': 'Bandeiras aceitas: {brands}',
  'field.cardNumber.error.required': 'Informe o número do cartão.',
  'field.cardNumber.error.length': 'O número do cartão está incompleto ou tem dígitos a mais.',
  'field.cardNumber.error.invalid': 'Número de cartão inválido. Confira os dígitos.',
  'field.cardExpiry.label': 'Validade',
  'field.cardExpiry.hint': 'MM/AA',
  'field.cardExpiry.error.required': 'Informe a validade do cartão.',
  'field.cardExpiry.error.invalid': 'Validade inválida. Use o formato MM/AA.',
  'field.cardExpiry.error.expired': 'Este cartão está vencido.',
  'field.cardExpiry.error.tooFar': 'Data de validade inválida. Confira o ano.',
  'field.cardCvv.label': 'Código de segurança (CVV)',
  'field.cardCvv.hint': 'Os 3 dígitos no verso do cartão.',
  'field.cardCvv.hintAmex': 'Os 4 dígitos na frente do cartão.',
  'field.cardCvv.error.required': 'Informe o código de segurança.',
  'field.cardCvv.error.threeDigits': 'O código de segurança deste cartão tem 3 dígitos.',
  'field.cardCvv.error.fourDigits': 'O código de segurança deste cartão tem 4 dígitos.',
  'field.cardCvv.error.invalid': 'O código de segurança tem 3 ou 4 dígitos.',
  'field.holderName.label': 'Nome impresso no cartão',
  'field.holderName.hint': 'Exatamente como aparece no cartão.',
  'field.installments.label': 'Parcelas',
  'field.installments.hint': {
    one: 'Pagamento em {count} parcela.',
    other: 'Em até {count} parcelas.',
  },
  'installments.option.interestFree': {
    one: 'À vista: {total}',
    other: '{count}x de {amount} sem juros (total {total})',
  },
  'installments.option.withInterest': {
    one: '{count}x de {amount} com juros (total {total})',
    other: '{count}x de {amount} com juros (total {total})',
  },
} as const satisfies Readonly<Record<string, string | { readonly one: string; readonly other: string }>>;

export default ptBRCard;
