/**
 * The result views' own texts in Brazilian Portuguese: the Pix and Pix Automático view, the boleto
 * view and their copy field. The source of `ResultMessages`, as pt-BR.ts is of `FormMessages`: a
 * part of the catalogue of its own, fetched with those views (catalogue.ts), so a buyer who pays
 * by card, and every buyer before the form, goes without them.
 */
const ptBRResults = {
  'copy.copyCode': 'Copiar código',
  'copy.copyLine': 'Copiar linha digitável',
  'copy.copied': 'Copiado!',
  'copy.announce.copied': 'Copiado para a área de transferência.',
  'copy.announce.selected': 'Texto selecionado. Use a opção Copiar do seu aparelho para copiá-lo.',
  'pix.title': 'Pague com Pix',
  'pix.qr.label': 'QR code Pix para pagar {amount}',
  'pix.qr.loading': 'Gerando o QR code…',
  'pix.qr.failed': 'Não foi possível mostrar o QR code. Use o código Pix copia e cola.',
  'pix.code.label': 'Código Pix copia e cola',
  'pix.countdown.label': 'O código expira em',
  'pix.countdown.mark': {
    one: 'Falta {count} minuto para o código Pix expirar.',
    other: 'Faltam {count} minutos para o código Pix expirar.',
  },
  'pix.steps.title': 'Como pagar',
  'pix.steps.openApp': 'Abra o app do seu banco e entre na área Pix.',
  'pix.steps.scan': 'Escolha pagar com QR code e aponte a câmera para o código, ou escolha Pix copia e cola e cole o código.',
  'pix.steps.confirm': 'Confira o valor e o recebedor e confirme o pagamento.',
  'pix.waiting': 'Depois de pagar, fique nesta página: a confirmação aparece aqui em instantes.',
  'pix.expired.title': 'O código Pix expirou',
  'pix.expired.text': 'Este código não pode mais ser pago. Gere um novo código para concluir a compra.',
  'pix.expired.newCharge': 'Gerar novo código Pix',
  'pixAuto.title': 'Autorize o Pix Automático',
  'pixAuto.journey.JORNADA_1':
    'Um pedido de autorização será enviado ao app do seu banco. A autorização é feita só por esse pedido: abra-o, confira os dados das cobranças recorrentes e autorize.',
  'pixAuto.journey.JORNADA_2':
    'Ao ler o QR code, você autoriza as cobranças recorrentes no app do seu banco. Nada é cobrado agora: as cobranças serão debitadas nas datas combinadas.',
  'pixAuto.journey.JORNADA_3':
    'Ao ler o QR code, você paga agora a primeira cobrança, e esse pagamento já autoriza as próximas cobranças recorrentes. Não é possível pagar sem autorizar.',
  'pixAuto.journey.JORNADA_4':
    'Ao ler o QR code, você paga agora a primeira cobrança. Em seguida, o app do seu banco pede que você autorize as próximas cobranças recorrentes.',
  'pixAuto.journey.other': 'Ao ler o QR code no app do seu banco, você autoriza as cobranças recorrentes desta assinatura.',
  'pixAuto.access': 'O acesso é liberado depois que a autorização for confirmada.',
  'pixAuto.waiting': 'Aguardando a confirmação da autorização. Esta página se atualiza sozinha.',
  'pixAuto.steps.request': 'Abra o app do seu banco e procure o pedido de autorização do Pix Automático nas notificações ou na área Pix.',
  'pixAuto.steps.review': 'Confira os dados das cobranças recorrentes e confirme a autorização.',
  'pixAuto.terms.title': 'O que você autoriza',
  'pixAuto.terms.amount': 'Valor de cada cobrança',
  'pixAuto.terms.frequency': 'Frequência',
  'pixAuto.terms.first': 'Primeira cobrança',
  'pixAuto.terms.next': 'Próxima cobrança',
  'pixAuto.terms.count': 'Número de cobranças',
  'pixAuto.terms.untilCancelled': 'Até você cancelar',
  'pixAuto.terms.monthly': 'Mensal',
  'pixAuto.terms.yearly': 'Anual',
  'pixAuto.terms.everyDays': { one: 'Todo dia', other: 'A cada {count} dias' },
  'pixAuto.confirmed.text': 'Seu Pix Automático está ativo.',
  'boleto.title': 'Pague o boleto',
  'boleto.line.label': 'Linha digitável do boleto',
  'boleto.dueDate': 'Vencimento: {date}',
  'boleto.pdf': 'Abrir o boleto em PDF',
  'boleto.pdf.newTab': '(abre em uma nova aba)',
  'boleto.howTo': 'Pague pelo app ou site do seu banco, em uma agência ou lotérica, até o vencimento. Copie a linha digitável ou abra o PDF.',
  'boleto.clearing': 'O banco leva de 1 a 3 dias úteis para confirmar o pagamento do boleto. Você não precisa ficar nesta página.',
  // The amount due and the paid title, which only the Pix, Pix Automático and boleto views show
  // (the order's announcement reads the title too, once the view and its texts are on the page).
  'result.amountDue': 'Valor a pagar: {amount}',
  'payment.confirmed': 'Pagamento confirmado!',
  'pixAuto.confirmed.title': 'Autorização confirmada!',
} as const satisfies Readonly<Record<string, string | { readonly one: string; readonly other: string }>>;

export default ptBRResults;
