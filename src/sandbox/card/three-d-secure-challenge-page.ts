/**
 * The sandbox's 3-D Secure challenge page (supplement, "3-D Secure" [choice]): what an issuer's
 * ACS shows in an iframe on the shop's page. The page is plain HTML with its script and style
 * in separate files under a strict Content-Security-Policy: no inline script or style, forms
 * post only to the sandbox, and any origin may frame it. The form posts natively (no fetch,
 * so `connect-src` stays closed); the answer is a result page whose script reports the outcome
 * to the opener with `postMessage`, addressed to the session's `parentOrigin` only.
 */
import type { ThreeDsSession } from '../world/world.js';

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
body { margin: 0; padding: 1.5rem; color: #1b1b1b; background: #ffffff; }
main { max-width: 26rem; margin: 0 auto; }
h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
.sandbox-note { font-size: 0.875rem; color: #4a4a4a; }
label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
input { box-sizing: border-box; width: 100%; min-height: 2.75rem; padding: 0.5rem 0.75rem; font: inherit; border: 1px solid #5c5c5c; border-radius: 0.25rem; }
input[aria-invalid="true"] { border-color: #b3261e; }
.field-error { color: #b3261e; margin: 0.25rem 0 0; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.25rem; }
button { min-height: 2.75rem; padding: 0.5rem 1.25rem; font: inherit; font-weight: 600; border-radius: 0.25rem; border: 2px solid #0b57d0; cursor: pointer; }
button[value="submit"] { background: #0b57d0; color: #ffffff; }
button[value="cancel"] { background: #ffffff; color: #0b57d0; }
:focus-visible { outline: 3px solid #b35c00; outline-offset: 2px; }
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="pt-BR">
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

/** The challenge form; `error` is shown under the field after an empty answer. */
export function renderChallengePage(options: { referenceId: string; challengeCode: string | undefined; error?: string }): string {
  const { referenceId, challengeCode, error } = options;
  const describedBy = error === undefined ? 'challenge-code-hint' : 'challenge-code-hint challenge-code-error';
  const hint =
    challengeCode === undefined
      ? 'Ambiente de testes: este cartão não tem código de aprovação; qualquer código recusa a autenticação.'
      : `Ambiente de testes: digite ${challengeCode} para autenticar; qualquer outro código recusa a autenticação.`;
  return page(
    'Verificação de segurança do cartão',
    `<main>
<h1>Confirme que é você</h1>
<p>O banco emissor do cartão pede um código de verificação para concluir a compra.</p>
<form method="post" action="${escapeHtml(threeDsChallengePath(referenceId))}">
<label for="challenge-code">Código de verificação</label>
<input id="challenge-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required aria-describedby="${describedBy}"${error === undefined ? '' : ' aria-invalid="true"'}>
<p id="challenge-code-hint" class="sandbox-note">${escapeHtml(hint)}</p>
${error === undefined ? '' : `<p id="challenge-code-error" class="field-error" role="alert">${escapeHtml(error)}</p>\n`}<div class="actions">
<button type="submit" name="action" value="submit">Confirmar</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancelar</button>
</div>
</form>
</main>`,
  );
}

const RESULT_TEXT: Record<ThreeDsResultMessage['outcome'], { title: string; text: string }> = {
  authenticated: { title: 'Autenticação concluída', text: 'Pronto. A loja vai concluir o pagamento.' },
  failed: { title: 'Autenticação recusada', text: 'O código informado não confere. Volte à loja para tentar de novo.' },
  canceled: { title: 'Autenticação cancelada', text: 'Você cancelou a verificação. Nenhuma cobrança foi feita.' },
};

/** The page after the answer: it carries what the script posts to the opener. */
export function renderResultPage(session: ThreeDsSession & { outcome: ThreeDsResultMessage['outcome'] }): string {
  const { title, text } = RESULT_TEXT[session.outcome];
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
  return page(title, `<main data-three-ds-result${written}>
<h1>${escapeHtml(title)}</h1>
<p role="status">${escapeHtml(text)}</p>
</main>`);
}

/** The page for a reference the sandbox does not know. */
export function renderMissingSessionPage(): string {
  return page('Sessão não encontrada', `<main>
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
