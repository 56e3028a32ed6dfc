/**
 * Every text of the demo's QA panel, in pt-BR: the panel is for QA testers in Brazil. It is not
 * part of the widget, so it does not use the widget's catalogue (src/widget/i18n/).
 */
import type { TestCardOutcome } from '../src/contract/card-tokens.js';
import type { ChargeMethod } from '../src/contract/payment-methods.js';
import type { BankingAccountState } from '../src/sandbox/world/state.js';
import type { SupportedLocale } from '../src/widget/i18n/locales.js';
import type { DemoOffer, DemoTheme } from './demo-settings.js';
import type { FaultPresetId } from './fault-presets.js';

const SAO_PAULO_TIME = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' });

/** A sandbox instant (ISO) as a tester in Brazil reads it. */
export function sandboxTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${SAO_PAULO_TIME.format(date)} (horário de Brasília)`;
}

export const QA_STRINGS = {
  title: 'Painel de QA',
  intro: 'Ferramentas para testar o checkout contra o sandbox local; nada aqui existe numa loja real. Guia: docs/demo.md.',

  checkout: {
    title: 'Checkout em teste',
    offer: 'Oferta',
    offerHint: 'A página continua sendo a do curso; o checkout mostra o produto da oferta.',
    methods: 'Métodos oferecidos (atributo methods)',
    methodsHint: 'A ordem é a da lista. Nenhum marcado: o atributo vai vazio e o widget oferece todos os métodos da oferta.',
    locale: 'Idioma do widget',
    theme: 'Tema',
    markup: 'Elemento na página',
    reload: 'Novo checkout (descarta o pedido em andamento)',
    reloaded: 'Checkout recarregado: a próxima tentativa cria um pedido novo.',
    applied: 'Checkout recriado com as novas opções.',
  },

  order: {
    title: 'Pedido atual',
    id: 'Id do pedido',
    idHint: 'Preenchido pelo evento pay-order-created; pode ser digitado.',
    none: 'Nenhum pedido criado nesta página ainda.',
    summary: (refId: string, method: string, status: string) => `Referência ${refId} · ${method} · status ${status}`,
    pay: 'Marcar como pago',
    paid: (id: string) => `Pedido ${id} marcado como pago no sandbox: o widget deve mudar para pago sozinho.`,
    missingId: 'Informe o id de um pedido (ord_…).',
  },

  buyer: {
    title: 'Comprador de teste',
    summary: 'Maria Silva · maria.silva@example.com · (11) 98765-4321 · CPF 529.982.247-25 · CEP 01310-100, Avenida Paulista, 1000, Bela Vista, São Paulo/SP',
    prefill: 'Preencher o checkout com este comprador',
    prefilled: 'Checkout preenchido (campos já digitados não mudam).',
    hint: 'CPF válido e fictício: Pix Automático e boleto exigem CPF; o cartão com 3DS exige o endereço.',
  },

  cards: {
    title: 'Cartões de teste',
    caption: 'Qualquer validade futura e qualquer CVV com o tamanho certo servem.',
    region: 'Tabela de cartões de teste',
    card: 'Cartão',
    brand: 'Bandeira',
    outcome: 'Resultado',
    challengeCode: 'Código do desafio 3DS',
    copy: 'Copiar',
    copyLabel: (number: string) => `Copiar o cartão ${number}`,
    copied: (number: string) => `Cartão ${number} copiado.`,
    copyFallback: (number: string) => `Não foi possível copiar: o número ${number} foi selecionado, use Ctrl+C.`,
  },

  account: {
    title: 'Conta do produtor (sandbox)',
    bankingAccount: 'Conta bancária',
    bankingHint: 'Só "aberta" permite Pix e boleto; cartões funcionam em qualquer estado.',
    blocked: 'Conta bloqueada (toda cobrança é recusada)',
    receivingPending: 'Cadastro de recebimento pendente (taxas indisponíveis: o checkout não carrega)',
    apply: 'Aplicar estado da conta',
    applied: 'Estado da conta aplicado. Use "Novo checkout" para ver o efeito no carregamento.',
    hint: 'O painel não lê o estado de volta: reiniciar o sandbox volta à conta aberta, desbloqueada e com cadastro concluído.',
  },

  faults: {
    title: 'Falhas da API (sandbox)',
    hint:
      'Cada botão substitui as falhas ativas. Com 1 vez o relay repete sozinho (mesma chave de idempotência) e o comprador vê só a demora; com 4 vezes ou mais o relay desiste e o widget trata o erro.',
    count: 'Quantas vezes a falha dispara',
    clear: 'Limpar falhas',
    cleared: 'Nenhuma falha ativa.',
    applied: (name: string) => `Falha ativa: ${name}.`,
    active: 'Falhas ativas',
    none: 'Nenhuma.',
    remaining: (remaining: number | undefined) => (remaining === undefined ? 'até limpar' : `restam ${remaining}`),
  },

  clock: {
    title: 'Relógio e reinício do sandbox',
    now: 'Agora no sandbox',
    unknown: 'desconhecido',
    seconds: 'Avançar (segundos)',
    advance: 'Avançar relógio',
    advanced: (now: string) => `Relógio avançado: agora ${sandboxTime(now)}.`,
    hint: 'Avançar o relógio vence Pix e boletos, dispara as novas tentativas de webhook e conclui o 3DS pendente.',
    reset: 'Reiniciar sandbox',
    resetDone: 'Sandbox reiniciado: conta, falhas, limites, pedidos e webhooks voltaram ao início; checkout recarregado.',
  },

  events: {
    title: 'Eventos do widget',
    hint: 'Todo evento documentado em docs/widget.md, do mais novo para o mais antigo.',
    clear: 'Limpar eventos',
    empty: 'Nenhum evento ainda.',
    noDetail: '(sem detail)',
  },

  webhooks: {
    title: 'Webhooks entregues ao relay',
    hint: 'GET /__sandbox/webhooks/deliveries, atualizado a cada 3 segundos.',
    refresh: 'Atualizar agora',
    region: 'Tabela de entregas de webhook',
    empty: 'Nenhuma entrega ainda.',
    event: 'Evento',
    order: 'Pedido',
    attempts: 'Tentativas',
    state: 'Estado',
    lastStatus: (status: number | null) => (status === null ? 'sem resposta' : `HTTP ${status}`),
    states: { pending: 'pendente', delivered: 'entregue', failed: 'falhou' } as Record<string, string>,
    updatedAt: (time: string) => `Atualizado às ${time}.`,
  },

  requestFailed: (what: string, reason: string) => `${what} falhou: ${reason}`,
  unreachable: 'o servidor da demo não respondeu (o npm start está rodando?)',
  working: 'Enviando…',
} as const;

/** The offers of the sandbox's default fixture (docs/sandbox.md, "The default fixture"): product and currency, then what to expect. */
export const OFFER_LABELS: Record<DemoOffer, { label: string; note: string }> = {
  '77BcHrY': { label: '77BcHrY · Curso de Fotografia · BRL', note: 'R$ 97,00 à vista; os cinco métodos.' },
  FOTOprm: { label: 'FOTOprm · Curso de Fotografia premium · BRL', note: 'R$ 297,00; os cinco métodos.' },
  CLUBmes: { label: 'CLUBmes · Clube do Livro mensal · BRL', note: 'Assinatura de R$ 29,90 com 7 dias grátis; Pix vence em 1 hora.' },
  CLUBano: { label: 'CLUBano · Clube do Livro anual · BRL', note: 'Assinatura de R$ 299,00; Pix vence em 1 hora.' },
  BOLEplan: { label: 'BOLEplan · Planilha Financeira · BRL', note: 'R$ 19,90; só Pix e boleto; Pix vence em 10 minutos, boleto em até 3 dias.' },
  ENGLusd: { label: 'ENGLusd · English Masterclass · USD', note: 'US$ 49,00; só cartão e cartão com 3DS.' },
  EUROwrk: { label: 'EUROwrk · Workshop Lisboa · EUR', note: '€ 120,00; só cartão de crédito (sem 3DS).' },
  CHILvin: { label: 'CHILvin · Curso de Vinos · CLP', note: 'CLP 25.000 (moeda sem centavos); cartão e cartão com 3DS.' },
  CONFmnt: { label: 'CONFmnt · Mentoria (em configuração) · BRL', note: 'Produto ainda não ativo: o checkout deve dizer que a oferta não está disponível.' },
};

export const METHOD_LABELS: Record<ChargeMethod, string> = {
  pix: 'Pix (pix)',
  pix_auto: 'Pix Automático (pix_auto)',
  boleto: 'Boleto (boleto)',
  credit_card: 'Cartão de crédito (credit_card)',
  threeDs: 'Cartão com 3-D Secure (threeDs)',
};

export const LOCALE_LABELS: Record<SupportedLocale, string> = {
  'pt-BR': 'Português do Brasil (pt-BR)',
  es: 'Espanhol (es)',
  en: 'Inglês (en)',
};

export const THEME_LABELS: Record<DemoTheme, string> = {
  light: 'Claro',
  dark: 'Escuro',
};

export const BANKING_ACCOUNT_LABELS: Record<BankingAccountState, string> = {
  opened: 'opened · aberta (aceita Pix e boleto)',
  in_analysis: 'in_analysis · em análise',
  document_review: 'document_review · revisão de documentos',
  approved: 'approved · aprovada, ainda não aberta',
  inactive: 'inactive · inativa',
  not_primary: 'not_primary · não é a principal',
  closure_requested: 'closure_requested · encerramento solicitado',
  closed: 'closed · encerrada',
  none: 'none · sem conta bancária',
};

export const FAULT_LABELS: Record<FaultPresetId, string> = {
  'charge-5xx': 'Erro 500 na cobrança (falha na adquirente)',
  'slow-api': 'API lenta (4 s em cada requisição, até limpar)',
  'rate-limit': '429 com Retry-After de 3 s',
  'dropped-connection': 'Conexão cai depois da cobrança feita',
  'html-502': '502 com página HTML (resposta não JSON)',
};

export const CARD_OUTCOME_LABELS: Record<TestCardOutcome, string> = {
  approved_frictionless: 'Aprovado (3DS sem desafio)',
  approved_after_challenge: 'Como threeDs: desafio 3DS; o código certo aprova, outro falha. Como credit_card: aprovado.',
  declined: 'Recusado pelo banco (declined)',
  refused: 'Falha técnica na adquirente (refused)',
  pending_then_paid: 'Como threeDs: pendente, pago 10 s depois (ou com "Marcar como pago"). Como credit_card: aprovado.',
};
