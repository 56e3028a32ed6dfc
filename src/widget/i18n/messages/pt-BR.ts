/**
 * The widget's texts in Brazilian Portuguese: the source catalogue, all but the card form's own
 * texts (pt-BR.card.ts) and the Pix and boleto views' (pt-BR.results.ts). Its keys and the `{placeholders}` of its texts define
 * `FormMessages`; every other language gives the same keys. A value that is `{ one, other }` is
 * chosen by the `count` parameter (Intl.PluralRules).
 */
const ptBR = {
  'checkout.loadFailed': 'Não foi possível carregar o pagamento. Verifique sua conexão e tente novamente.',
  'checkout.loadFailedService': 'O pagamento está indisponível no momento. Tente novamente em instantes.',
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

  'field.optional': '(opcional)',
  'field.error.required': 'Preencha este campo.',

  'field.name.label': 'Nome completo',
  'field.personName.error.required': 'Informe o nome.',
  'field.personName.error.characters': 'Use apenas letras, espaços, apóstrofos e hífens.',
  'field.personName.error.tooShort': 'Informe o nome completo.',

  'field.email.label': 'E-mail',
  'field.email.hint': 'Você vai receber a confirmação da compra neste endereço.',
  'field.email.error.required': 'Informe seu e-mail.',
  'field.email.error.invalid': 'E-mail inválido. Confira se está no formato nome@exemplo.com.',
  'field.email.suggestion': 'Você quis dizer {address}?',

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

  'error.network': 'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
  'error.serviceUnavailable': 'O serviço de pagamento não respondeu agora. Seus dados estão guardados: tente novamente em instantes.',
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
  'checkout.queued': 'Muitas compras agora. Sua vez em cerca de {count} s.',
  'checkout.step.tokenizing': 'Protegendo os dados do cartão…',
  'error.offerUnavailable': 'Esta oferta não está disponível para compra.',
  'error.paymentUnavailable': 'O vendedor não pode receber pagamentos no momento. Tente novamente mais tarde.',
  'error.methodUnavailable': 'Esta forma de pagamento não está disponível agora. Escolha outra.',
  'error.methodUnavailableHere': 'Indisponível para esta compra no momento.',
  'error.checkFields': 'Alguns dados foram recusados. Confira os campos indicados.',
  'error.fieldNotAccepted': 'Não aceito pelo serviço de pagamento. Confira.',
  'error.cardNotAccepted': 'Não foi possível validar este cartão. Confira os dados ou use outro cartão.',
  'error.rateLimitedWait': {
    one: 'Muitas tentativas em pouco tempo. Aguarde {count} segundo e tente novamente.',
    other: 'Muitas tentativas em pouco tempo. Aguarde {count} segundos e tente novamente.',
  },
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
  // What every result view shows, and the card outcomes; what only the Pix and boleto views show is in the results part.
  'result.amountPaid': 'Valor pago: {amount}',
  'result.paid.next': 'Você receberá o acesso por e-mail.',
  'result.changeMethod': 'Escolher outra forma de pagamento',
  'card.declined.title': 'Pagamento não autorizado',
  'card.declined.action': 'Tentar com outro cartão',
  'card.refused.title': 'Não foi possível concluir o pagamento',
  'card.pending.title': 'Aguardando a confirmação do banco',
} as const satisfies Readonly<Record<string, string | { readonly one: string; readonly other: string }>>;

export default ptBR;
