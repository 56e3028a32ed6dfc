/**
 * The sandbox's 3-D Secure provider (supplement, "3-D Secure" [choice]; docs/sandbox.md,
 * "Cards"): it starts a session for the card token; a frictionless card is authenticated at
 * once, and a challenge card's page opens in `<pay-3ds-dialog>`, on the sandbox's origin,
 * which reports the outcome with `postMessage` the way a real issuer's ACS does.
 */
import { detailOf, flattenFieldErrors, isFieldErrorTree } from '../../contract/error-bodies.js';
import { REQUIRED_FIELD_MESSAGE } from '../../contract/field-messages.js';
import { isNonEmptyString, isPlainObject } from '../../contract/json-values.js';
import { readThreeDSecureResult } from '../../contract/three-d-secure-results.js';
import type { ThreeDSecureResult } from '../../contract/three-d-secure.js';
import {
  ThreeDSecureCanceledError,
  ThreeDSecureFailedError,
  ThreeDSecureSessionError,
  type ThreeDSecureInput,
  type ThreeDSecureProvider,
} from './provider.js';
import { PayThreeDSecureCancelEvent } from '../events/three-d-secure-cancel-event.js';

/** The `type` of the message the sandbox's challenge page posts to the page that framed it. */
export const THREE_DS_RESULT_MESSAGE_TYPE = 'pay-checkout:3ds-result';

/** Where the sandbox provider finds the sandbox and shows the challenge. */
export interface SandboxThreeDSecureSettings {
  /** `POST` URL of the sandbox's 3DS sessions (`{sandbox}/sandbox/3ds/sessions`), from the widget config. */
  sessionsUrl: string;
  /**
   * Where the challenge dialog is attached: the checkout's element or shadow root, so the
   * checkout's custom properties reach it. Default: `document.body`.
   */
  host?: HTMLElement | ShadowRoot;
  /** Language of the dialog: `pt-BR` (default), `es` or `en`. */
  locale?: string;
  /** The `fetch` used to start sessions; the global one by default. */
  fetch?: typeof fetch;
}

/** How a challenge ended, as the challenge page reports it. */
type ChallengeOutcome = 'authenticated' | 'failed' | 'canceled';

/** A session of `POST /sandbox/3ds/sessions`: `pending` until a challenge ends. */
interface ThreeDsSession {
  referenceId: string;
  challenge: boolean;
  outcome: ChallengeOutcome | 'pending';
  challengeUrl?: string;
  result?: ThreeDSecureResult;
}

/** The challenge page's report; `result` only when `authenticated`. */
interface ChallengeReport {
  outcome: ChallengeOutcome;
  result?: ThreeDSecureResult;
}

function isChallengeOutcome(value: unknown): value is ChallengeOutcome {
  return value === 'authenticated' || value === 'failed' || value === 'canceled';
}

/**
 * A provider's result where one may be: absent, or read (`null` when there but not in its form,
 * which makes the whole answer unreadable).
 */
function optionalResult(value: unknown): ThreeDSecureResult | undefined | null {
  return value === undefined ? undefined : (readThreeDSecureResult(value) ?? null);
}

/** The session the sandbox answered, with only the fields known here; `undefined` when not in its form. */
function readSession(payload: unknown): ThreeDsSession | undefined {
  if (!isPlainObject(payload)) return undefined;
  const { referenceId, challenge, outcome, challengeUrl } = payload;
  const result = optionalResult(payload['result']);
  const fits =
    isNonEmptyString(referenceId) &&
    typeof challenge === 'boolean' &&
    (outcome === 'pending' || isChallengeOutcome(outcome)) &&
    (challengeUrl === undefined || typeof challengeUrl === 'string') &&
    result !== null;
  return fits ? { referenceId, challenge, outcome, challengeUrl, result } : undefined;
}

/** True when a posted message is a challenge result about the session `referenceId`. */
function isAboutSession(data: unknown, referenceId: string): data is Record<string, unknown> {
  return isPlainObject(data) && data['type'] === THREE_DS_RESULT_MESSAGE_TYPE && data['referenceId'] === referenceId;
}

/** The challenge page's report in a message about this session; `undefined` when not in its form. */
function readChallengeReport(data: Record<string, unknown>): ChallengeReport | undefined {
  const { outcome } = data;
  const result = optionalResult(data['result']);
  return isChallengeOutcome(outcome) && result !== null ? { outcome, result } : undefined;
}

function describeFields(fields: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');
}

/** Refused input, with the missing billing address said in so many words (supplement: "required in practice"). */
function inputError(fields: Record<string, string[]>, status?: number): ThreeDSecureSessionError {
  const message =
    'billingAddress' in fields
      ? 'O endereço de cobrança é obrigatório para a verificação 3-D Secure.'
      : `Dados inválidos para a verificação 3-D Secure: ${describeFields(fields)}.`;
  return new ThreeDSecureSessionError(message, { status, fields });
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The element with focus, looking into shadow roots, so focus can go back to it exactly. */
function focusedElement(): HTMLElement | undefined {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : undefined;
}

async function startSession(
  settings: SandboxThreeDSecureSettings,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<ThreeDsSession> {
  const fetchSession = settings.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  let payload: unknown;
  try {
    response = await fetchSession(settings.sessionsUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    payload = await response.json().catch(() => undefined);
  } catch (error) {
    if (signal?.aborted) throw new ThreeDSecureCanceledError(undefined, { cause: error });
    throw new ThreeDSecureSessionError('Não foi possível falar com o serviço de 3-D Secure. Verifique a conexão e tente novamente.', {}, { cause: error });
  }
  if (signal?.aborted) throw new ThreeDSecureCanceledError();
  if (response.status === 400 && isFieldErrorTree(payload)) throw inputError(flattenFieldErrors(payload), 400);
  if (!response.ok) {
    const detail = detailOf(payload);
    const said = detail === undefined ? '.' : `: ${detail}`;
    throw new ThreeDSecureSessionError(`O serviço de 3-D Secure respondeu ${response.status}${said}`, { status: response.status });
  }
  const session = readSession(payload);
  if (!session) {
    throw new ThreeDSecureSessionError('O serviço de 3-D Secure deu uma resposta inesperada.', { status: response.status });
  }
  return session;
}

/** A session the issuer decided without asking the buyer. */
function frictionlessOutcome(session: ThreeDsSession): ThreeDSecureResult {
  if (session.outcome === 'authenticated' && session.result) return session.result;
  if (session.outcome === 'failed') throw new ThreeDSecureFailedError();
  throw new ThreeDSecureSessionError('O serviço de 3-D Secure não concluiu a autenticação sem desafio.');
}

/**
 * Shows the challenge and settles with its outcome. Only a message from the challenge page's
 * own origin, of the result type and about this session counts: any other window may post
 * to the page. Whatever the outcome, the dialog is closed and removed and focus goes back.
 */
async function runChallenge(session: ThreeDsSession, settings: SandboxThreeDSecureSettings, signal: AbortSignal | undefined): Promise<ThreeDSecureResult> {
  // The dialog is registered (and, in a bundle, loaded) only when a challenge needs it:
  // importing the widget's classes registers nothing, and frictionless payments never fetch it.
  await import('./three-d-secure-dialog.js');
  const { challengeUrl } = session;
  const challengeOrigin = originOf(challengeUrl);
  if (challengeUrl === undefined || challengeOrigin === undefined) {
    throw new ThreeDSecureSessionError('O serviço de 3-D Secure pediu um desafio sem uma página válida.');
  }
  if (signal?.aborted) throw new ThreeDSecureCanceledError();

  return new Promise((resolve, reject) => {
    const dialog = document.createElement('pay-3ds-dialog');
    dialog.challengeUrl = challengeUrl;
    dialog.locale = settings.locale ?? 'pt-BR';
    const previousFocus = focusedElement();
    let settled = false;

    const finish = (settle: () => void): void => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', handleMessage);
      dialog.removeEventListener(PayThreeDSecureCancelEvent.type, handleCancel);
      signal?.removeEventListener('abort', handleAbort);
      dialog.close();
      dialog.remove();
      // Chromium returns focus when a modal dialog closes; not every browser does, nor after a removal.
      if (previousFocus?.isConnected) previousFocus.focus();
      settle();
    };

    function handleMessage(event: MessageEvent): void {
      if (event.origin !== challengeOrigin) return;
      if (!isAboutSession(event.data, session.referenceId)) return;
      const report = readChallengeReport(event.data);
      const result = report?.result;
      // An authentication without its result is as unreadable as a report out of form.
      if (report?.outcome === 'authenticated' && result) finish(() => resolve(result));
      else if (report?.outcome === 'failed') finish(() => reject(new ThreeDSecureFailedError()));
      else if (report?.outcome === 'canceled') finish(() => reject(new ThreeDSecureCanceledError()));
      else finish(() => reject(new ThreeDSecureSessionError('A página do banco respondeu a verificação num formato inesperado.')));
    }

    function handleCancel(): void {
      finish(() => reject(new ThreeDSecureCanceledError()));
    }

    function handleAbort(): void {
      finish(() => reject(new ThreeDSecureCanceledError(undefined, { cause: signal?.reason })));
    }

    window.addEventListener('message', handleMessage);
    dialog.addEventListener(PayThreeDSecureCancelEvent.type, handleCancel);
    signal?.addEventListener('abort', handleAbort, { once: true });
    (settings.host ?? document.body).append(dialog);
    dialog.show().catch((error: unknown) => {
      finish(() => reject(new ThreeDSecureSessionError('Não foi possível abrir a verificação do banco.', {}, { cause: error })));
    });
  });
}

/**
 * The 3-D Secure provider backed by the sandbox: frictionless cards resolve at once without
 * any dialog; challenge cards open `<pay-3ds-dialog>` on `settings.host`.
 */
export function createSandboxThreeDSecureProvider(settings: SandboxThreeDSecureSettings): ThreeDSecureProvider {
  return {
    async authenticate(input: ThreeDSecureInput): Promise<ThreeDSecureResult> {
      const { signal, cardToken, amountInCents, currency, customer, billingAddress } = input;
      if (signal?.aborted) throw new ThreeDSecureCanceledError(undefined, { cause: signal.reason });
      // No issuer authenticates without a billing address (supplement, "3-D Secure": required in
      // practice), so the card token is not sent anywhere without one. Every other rule is the
      // sandbox's to apply: its 400 names the fields in the same words.
      if (billingAddress === undefined) throw inputError({ billingAddress: [REQUIRED_FIELD_MESSAGE] });
      // The challenge page posts its outcome to this origin only (docs/sandbox.md, "Cards").
      const body = { cardToken, amountInCents, currency, customer, billingAddress, parentOrigin: location.origin };
      const session = await startSession(settings, body, signal);
      return session.challenge ? runChallenge(session, settings, signal) : frictionlessOutcome(session);
    },
  };
}
