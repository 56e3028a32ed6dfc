/**
 * The sandbox's 3-D Secure challenge page (supplement, "3-D Secure" [choice]): what an issuer's
 * ACS shows in an iframe on the shop's page. The page is plain HTML with its script and style
 * in separate files under a strict Content-Security-Policy: no inline script or style, forms
 * post only to the sandbox, and any origin may frame it. The form posts natively (no fetch,
 * so `connect-src` stays closed); the answer is a result page whose script reports the outcome
 * to the opener with `postMessage`, addressed to the session's `parentOrigin` only.
 *
 * The page speaks the session's language (the checkout's, sent when the session starts, as an
 * EMV 3DS request carries the browser's language to the issuer), has no cancel button of its own
 * (the dialog that frames it has the one cancel), cancels on Escape as the dialog does, and keeps
 * to one column down to a 320 px wide frame (WCAG 1.4.10: 400 % zoom on a 1280 px screen).
 */
import type { ThreeDsSession } from '../world/world.js';
import { escapeHtml } from '../../http/html-escape.js';

/** The `type` of the message the challenge posts to the page that framed it. */
export const THREE_DS_RESULT_MESSAGE_TYPE = 'pay-checkout:3ds-result';

/** What the challenge posts to its opener once the buyer answered. */
export interface ThreeDsResultMessage {
  type: typeof THREE_DS_RESULT_MESSAGE_TYPE;
  referenceId: string;
  outcome: 'authenticated' | 'failed' | 'canceled';
  /** Only when `authenticated`: the data for the charge's `threeDSecure` block. */
  result?: NonNullable<ThreeDsSession['result']>;
}

export const THREE_DS_CHALLENGE_SCRIPT_PATH = '/sandbox/3ds/challenge.js';
export const THREE_DS_CHALLENGE_STYLE_PATH = '/sandbox/3ds/challenge.css';

/** The path of a session's challenge page (GET) and of its form (POST). */
export function threeDsChallengePath(referenceId: string): string {
  return `/sandbox/3ds/challenge/${encodeURIComponent(referenceId)}`;
}

/** The policy every challenge page is served with. */
export const THREE_DS_CHALLENGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; form-action 'self'; frame-ancestors *";

/**
 * The page script. On a result page it reads the outcome from `data-*` attributes and posts
 * it to the frame's parent (or, in a popup, its opener) addressed to `data-parent-origin`,
 * so a page of any other origin never receives it. The challenge form itself needs no script.
 */
export const THREE_DS_CHALLENGE_SCRIPT = `'use strict';
(() => {
  // On the challenge form, Escape cancels as the dialog around the frame does: keys typed in the
  // frame never reach that dialog. The form is sent as a cancel, so the result page reports it.
  const form = document.querySelector('form[data-cancel-on-escape]');
  if (form !== null) {
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || event.isComposing || form.dataset.canceling !== undefined) return;
      event.preventDefault();
      form.dataset.canceling = '';
      const action = document.createElement('input');
      action.type = 'hidden';
      action.name = 'action';
      action.value = 'cancel';
      form.append(action);
      form.submit();
    });
  }
  const report = document.querySelector('[data-three-ds-result]');
  if (report === null) return;
  const target = window.parent !== window ? window.parent : window.opener;
  if (!target) return;
  const data = report.dataset;
  const message = { type: ${JSON.stringify(THREE_DS_RESULT_MESSAGE_TYPE)}, referenceId: data.referenceId, outcome: data.outcome };
  if (data.outcome === 'authenticated') {
    message.result = { cavv: data.cavv, eci: data.eci, xid: data.xid, referenceId: data.referenceId, version: data.version };
  }
  target.postMessage(message, data.parentOrigin);
})();
`;

/** The page style: readable, large targets, a focus ring that is always visible. */
export const THREE_DS_CHALLENGE_STYLES = `:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; }
body { margin: 0; padding: 1rem; color: #1b1b1b; background: #ffffff; overflow-wrap: anywhere; }
main { max-width: 26rem; margin: 0 auto; }
h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
.sandbox-note { font-size: 0.875rem; color: #4a4a4a; }
label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
input { box-sizing: border-box; width: 100%; min-height: 2.75rem; padding: 0.5rem 0.75rem; font: inherit; border: 1px solid #5c5c5c; border-radius: 0.25rem; }
input[aria-invalid="true"] { border-color: #b3261e; }
.field-error { color: #b3261e; margin: 0.25rem 0 0; }
.actions { margin-top: 1.25rem; }
button { max-width: 100%; min-height: 2.75rem; padding: 0.5rem 1.25rem; font: inherit; font-weight: 600; border-radius: 0.25rem; border: 2px solid #0b57d0; background: #0b57d0; color: #ffffff; cursor: pointer; }
:focus-visible { outline: 3px solid #b35c00; outline-offset: 2px; }
`;

/** The languages of the page: the checkout's three. */
export type ChallengeLanguage = 'pt-BR' | 'es' | 'en';

/** The page's language for a session's `locale` (`es-MX` → `es`); pt-BR when none or another. */
export function challengeLanguage(locale: string | undefined): ChallengeLanguage {
  const language = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return language === 'es' || language === 'en' ? language : 'pt-BR';
}

/** Every text of the pages, by language; `{code}` is the test card's code. */
const TEXTS = {
  'pt-BR': {
    pageTitle: 'Verificação de segurança do cartão',
    heading: 'Confirme que é você',
    intro: 'O banco emissor do cartão pede um código de verificação para concluir a compra.',
    label: 'Código de verificação',
    hintNoCode: 'Ambiente de testes: este cartão não tem código de aprovação; qualquer código recusa a autenticação.',
    hintCode: 'Ambiente de testes: digite {code} para autenticar; qualquer outro código recusa a autenticação.',
    submit: 'Confirmar',
    emptyCode: 'Informe o código de verificação.',
    authenticated: ['Autenticação concluída', 'Pronto. A loja vai concluir o pagamento.'],
    failed: ['Autenticação recusada', 'O código informado não confere. Volte à loja para tentar de novo.'],
    canceled: ['Autenticação cancelada', 'Você cancelou a verificação. Nenhuma cobrança foi feita.'],
  },
  es: {
    pageTitle: 'Verificación de seguridad de la tarjeta',
    heading: 'Confirma que eres tú',
    intro: 'El banco emisor de la tarjeta pide un código de verificación para completar la compra.',
    label: 'Código de verificación',
    hintNoCode: 'Entorno de pruebas: esta tarjeta no tiene código de aprobación; cualquier código rechaza la autenticación.',
    hintCode: 'Entorno de pruebas: escribe {code} para autenticar; cualquier otro código rechaza la autenticación.',
    submit: 'Confirmar',
    emptyCode: 'Escribe el código de verificación.',
    authenticated: ['Autenticación completada', 'Listo. La tienda completará el pago.'],
    failed: ['Autenticación rechazada', 'El código no coincide. Vuelve a la tienda para intentarlo de nuevo.'],
    canceled: ['Autenticación cancelada', 'Cancelaste la verificación. No se hizo ningún cargo.'],
  },
  en: {
    pageTitle: 'Card security check',
    heading: 'Confirm it is you',
    intro: 'The bank that issued the card asks for a verification code to complete the purchase.',
    label: 'Verification code',
    hintNoCode: 'Test environment: this card has no approval code; any code refuses the authentication.',
    hintCode: 'Test environment: type {code} to authenticate; any other code refuses the authentication.',
    submit: 'Confirm',
    emptyCode: 'Enter the verification code.',
    authenticated: ['Authentication complete', 'Done. The shop will complete the payment.'],
    failed: ['Authentication refused', 'The code does not match. Go back to the shop to try again.'],
    canceled: ['Authentication canceled', 'You canceled the check. Nothing was charged.'],
  },
} as const satisfies Record<ChallengeLanguage, Record<string, string | readonly [title: string, text: string]>>;

function page(language: ChallengeLanguage, title: string, main: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${THREE_DS_CHALLENGE_STYLE_PATH}">
<script src="${THREE_DS_CHALLENGE_SCRIPT_PATH}" defer></script>
</head>
<body>
${main}
</body>
</html>
`;
}

/** The challenge form in `language`; after an empty answer (`emptyCode`) it says so under the field. */
export function renderChallengePage(options: { referenceId: string; challengeCode: string | undefined; language: ChallengeLanguage; emptyCode?: boolean }): string {
  const { referenceId, challengeCode, language, emptyCode = false } = options;
  const texts = TEXTS[language];
  const describedBy = emptyCode ? 'challenge-code-hint challenge-code-error' : 'challenge-code-hint';
  const hint = challengeCode === undefined ? texts.hintNoCode : texts.hintCode.replace('{code}', challengeCode);
  return page(
    language,
    texts.pageTitle,
    `<main>
<h1>${escapeHtml(texts.heading)}</h1>
<p>${escapeHtml(texts.intro)}</p>
<form method="post" action="${escapeHtml(threeDsChallengePath(referenceId))}" data-cancel-on-escape>
<label for="challenge-code">${escapeHtml(texts.label)}</label>
<input id="challenge-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required aria-describedby="${describedBy}"${emptyCode ? ' aria-invalid="true"' : ''}>
<p id="challenge-code-hint" class="sandbox-note">${escapeHtml(hint)}</p>
${emptyCode ? `<p id="challenge-code-error" class="field-error" role="alert">${escapeHtml(texts.emptyCode)}</p>\n` : ''}<div class="actions">
<button type="submit" name="action" value="submit">${escapeHtml(texts.submit)}</button>
</div>
</form>
</main>`,
  );
}

/** The page after the answer, in `language`: it carries what the script posts to the opener. */
export function renderResultPage(session: ThreeDsSession & { outcome: ThreeDsResultMessage['outcome'] }, language: ChallengeLanguage): string {
  const [title, text] = TEXTS[language][session.outcome];
  const attributes: Record<string, string> = {
    'data-reference-id': session.referenceId,
    'data-outcome': session.outcome,
    'data-parent-origin': session.parentOrigin,
  };
  if (session.outcome === 'authenticated' && session.result) {
    Object.assign(attributes, {
      'data-cavv': session.result.cavv,
      'data-eci': session.result.eci,
      'data-xid': session.result.xid,
      'data-version': session.result.version,
    });
  }
  const written = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return page(language, title, `<main data-three-ds-result${written}>
<h1>${escapeHtml(title)}</h1>
<p role="status">${escapeHtml(text)}</p>
</main>`);
}

/** The page for a reference the sandbox does not know. */
export function renderMissingSessionPage(): string {
  return page('pt-BR', 'Sessão não encontrada', `<main>
<h1>Sessão de autenticação não encontrada</h1>
<p>Volte à loja e tente pagar de novo.</p>
</main>`);
}

/** An HTML answer with the challenge's security headers. */
export function challengeHtmlResponse(status: number, html: string): Response {
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': THREE_DS_CHALLENGE_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
}

/** The script or the style file of the page. */
export function challengeAssetResponse(body: string, contentType: 'text/javascript' | 'text/css'): Response {
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': `${contentType}; charset=utf-8`, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' },
  });
}
