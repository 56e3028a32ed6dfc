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

  // <pay-address-fields>, shown only when the card goes through 3-D Secure: its fields, the CEP lookup and an address abroad.
  'field.postalCode.label': 'CEP',
  'field.postalCode.hint': 'Por exemplo 01310-100.',
  'field.postalCode.error.required': 'Informe o CEP.',
  'field.postalCode.error.length': 'O CEP tem 8 dígitos.',
  'field.street.label': 'Endereço',
  'field.street.hint': 'Rua, avenida, travessa…',
  'field.addressNumber.label': 'Número',
  'field.addressNumber.hint': 'Se não houver número, escreva S/N.',
  'field.complement.label': 'Complemento',
  'field.complement.hint': 'Apartamento, bloco, sala.',
  'field.neighborhood.label': 'Bairro',
  'field.city.label': 'Cidade',
  'field.state.label': 'Estado',
  'field.state.choose': 'Selecione o estado',
  'field.postalCode.error.notFound': 'CEP não encontrado.',
  'field.postalCode.filled': 'Endereço preenchido pelo CEP.',
  'field.postalCode.foreignLabel': 'Código postal',
  'field.postalCode.error.digits': 'Use só números.',
  'field.country.label': 'País',
  'field.country.choose': 'Selecione o país',
  'field.state.codeHint': 'Sigla de 2 letras, ex.: CA',
  'field.state.error.code': 'Informe a sigla de 2 letras.',
} as const satisfies Readonly<Record<string, string | { readonly one: string; readonly other: string }>>;

export default ptBRCard;
