/**
 * The widget's texts in Brazilian Portuguese: the source catalogue. Its keys and the
 * `{placeholders}` of its texts define `Messages`; every other language gives the same keys.
 * A value that is `{ one, other }` is chosen by the `count` parameter (Intl.PluralRules).
 */
export const ptBR = {
  'checkout.loading': 'Carregando…',
  'checkout.loadFailed': 'Não foi possível carregar o pagamento. Verifique sua conexão e tente novamente.',
  'checkout.retry': 'Tentar novamente',
  'checkout.methods.legend': 'Como você quer pagar?',
  'checkout.customer.legend': 'Seus dados',
  'checkout.card.legend': 'Dados do cartão',
  'checkout.address.legend': 'Endereço de cobrança',
  'checkout.submit': 'Pagar {amount}',
  'checkout.submitting': 'Processando o pagamento…',
  'checkout.fieldsToFix': {
    one: 'Há {count} campo para corrigir.',
    other: 'Há {count} campos para corrigir.',
  },

  'method.pix.name': 'Pix',
  'method.pix.description': 'Pagamento instantâneo, confirmado em segundos.',
  'method.pix_auto.name': 'Pix Automático',
  'method.pix_auto.description':
    'Você autoriza as cobranças recorrentes no app do seu banco. O acesso é liberado assim que a autorização for confirmada.',
  'method.boleto.name': 'Boleto bancário',
  'method.boleto.description': 'A compensação leva de 1 a 3 dias úteis após o pagamento.',
  'method.credit_card.name': 'Cartão de crédito',
  'method.credit_card.description': 'Aprovação na hora, à vista ou parcelado.',
  'method.threeDs.name': 'Cartão de crédito com 3-D Secure',
  'method.threeDs.description': 'Seu banco confirma a compra com uma verificação de segurança a mais.',

  'card.brand.visa': 'Visa',
  'card.brand.mastercard': 'Mastercard',
  'card.brand.amex': 'American Express',
  'card.brand.elo': 'Elo',
  'card.brand.hipercard': 'Hipercard',
  'card.brand.diners': 'Diners Club',
  'card.brand.discover': 'Discover',

  'field.optional': '(opcional)',
  'field.error.required': 'Preencha este campo.',

  'field.name.label': 'Nome completo',
  'field.name.hint': 'Como está no seu documento.',
  'field.personName.error.required': 'Informe o nome.',
  'field.personName.error.characters': 'Use apenas letras, espaços, apóstrofos e hífens.',
  'field.personName.error.tooShort': 'Informe o nome completo.',

  'field.email.label': 'E-mail',
  'field.email.hint': 'Você vai receber a confirmação da compra neste endereço.',
  'field.email.error.required': 'Informe seu e-mail.',
  'field.email.error.invalid': 'E-mail inválido. Confira se está no formato nome@exemplo.com.',

  'field.phone.label': 'Telefone',
  'field.phone.hint': 'Com DDD, por exemplo (11) 98765-4321.',
  'field.phone.error.required': 'Informe seu telefone com DDD.',
  'field.phone.error.length': 'Telefone incompleto. Informe o DDD e o número.',
  'field.phone.error.areaCode': 'DDD inválido. Informe os 2 dígitos do DDD, sem o 0.',
  'field.phone.error.mobileNinthDigit': 'Celulares têm 9 dígitos depois do DDD, começando com 9.',
  'field.phone.error.invalid': 'Número de telefone inválido. Confira os dígitos.',
  'field.phone.error.international': 'Número internacional inválido. Informe + e o código do país, com até 15 dígitos.',

  'field.document.label': 'CPF ou CNPJ',
  'field.document.hint': 'Pode digitar só os números.',
  'field.document.error.required': 'Informe seu CPF ou CNPJ.',
  'field.document.error.length': 'Informe os 11 dígitos do CPF ou os 14 do CNPJ.',
  'field.document.error.cpfInvalid': 'CPF inválido. Confira os números.',
  'field.document.error.cnpjInvalid': 'CNPJ inválido. Confira os números.',

  'field.birthDate.label': 'Data de nascimento',
  'field.birthDate.hint': 'DD/MM/AAAA',
  'field.birthDate.error.required': 'Informe sua data de nascimento.',
  'field.birthDate.error.invalid': 'Data inválida. Use o formato DD/MM/AAAA.',
  'field.birthDate.error.future': 'A data de nascimento não pode estar no futuro.',
  'field.birthDate.error.tooOld': 'Confira o ano de nascimento.',

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
  'field.state.hint': 'Sigla com 2 letras, por exemplo SP.',
  'field.country.label': 'País',

  'field.cardNumber.label': 'Número do cartão',
  'field.cardNumber.hint': 'Os dígitos da frente do cartão.',
  'field.cardNumber.brand': 'Bandeira: {brand}',
  'field.cardNumber.error.required': 'Informe o número do cartão.',
  'field.cardNumber.error.length': 'O número do cartão está incompleto ou tem dígitos a mais.',
  'field.cardNumber.error.invalid': 'Número de cartão inválido. Confira os dígitos.',

  'field.cardExpiry.label': 'Validade',
  'field.cardExpiry.hint': 'MM/AA',
  'field.cardExpiry.error.required': 'Informe a validade do cartão.',
  'field.cardExpiry.error.invalid': 'Validade inválida. Use o formato MM/AA.',
  'field.cardExpiry.error.expired': 'Este cartão está vencido.',

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

  'error.network': 'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
  'error.rateLimited': {
    one: 'Muitas tentativas em pouco tempo. Vamos tentar de novo em {count} segundo.',
    other: 'Muitas tentativas em pouco tempo. Vamos tentar de novo em {count} segundos.',
  },
  'error.unexpected': 'Algo deu errado. Tente novamente em instantes.',

  'payment.paid': 'Pagamento aprovado!',
  'payment.declined':
    'Pagamento não autorizado pelo banco emissor. Verifique o limite e o bloqueio do cartão com o seu banco, use outro cartão ou escolha outra forma de pagamento.',
  'payment.refused':
    'Não conseguimos processar o cartão por uma falha técnica. Tente novamente em alguns minutos ou escolha outra forma de pagamento.',
  'payment.pending': 'Aguardando a confirmação do seu banco. Não feche esta página.',

  'threeDs.authenticating': 'Verificando com o seu banco…',
  'threeDs.dialog.title': 'Confirme a compra com o seu banco',
  'threeDs.dialog.description': 'Seu banco pediu uma verificação de segurança. Siga as instruções abaixo.',
  'threeDs.dialog.frameTitle': 'Verificação de segurança do banco',
  'threeDs.dialog.cancel': 'Cancelar verificação',
  'threeDs.cancelled': 'Verificação cancelada. Seus dados continuam preenchidos: tente de novo quando quiser.',
  'threeDs.failed': 'Seu banco não confirmou a verificação. Tente de novo ou use outro cartão.',

  // <pay-checkout>: states, results and the order.
  'checkout.noMethods': 'Nenhuma forma de pagamento está disponível para esta oferta.',
  'checkout.retrySafe': 'Tentar de novo não gera cobrança em dobro.',
  'checkout.step.tokenizing': 'Protegendo os dados do cartão…',
  'error.offerUnavailable': 'Esta oferta não está disponível para compra.',
  'error.paymentUnavailable': 'O vendedor não pode receber pagamentos no momento. Tente novamente mais tarde.',
  'error.methodUnavailable': 'Esta forma de pagamento não está disponível agora. Escolha outra.',
  'error.checkFields': 'Alguns dados foram recusados. Confira os campos indicados.',
  'error.cardNotAccepted': 'Não foi possível validar este cartão. Confira os dados ou use outro cartão.',
  'error.rateLimitedWait': {
    one: 'Muitas tentativas em pouco tempo. Aguarde {count} segundo e tente novamente.',
    other: 'Muitas tentativas em pouco tempo. Aguarde {count} segundos e tente novamente.',
  },
  'field.state.choose': 'Selecione o estado',
  'order.created.title': 'Pedido criado',
  'order.reference': 'Código do pedido: {reference}',
  'order.status': 'Situação: {status}',
  'order.statusChanged': 'Situação do pedido: {status}',
  'order.status.waiting_payment': 'Aguardando pagamento',
  'order.status.paid': 'Pago',
  'order.status.declined': 'Não autorizado',
  'order.status.refused': 'Recusado',
  'order.status.pending': 'Aguardando a confirmação do banco',
  'order.status.other': 'Em processamento',
} as const satisfies Readonly<Record<string, string | { readonly one: string; readonly other: string }>>;
