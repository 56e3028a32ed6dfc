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
import { challengePageUrl } from './challenge-page.js';

/** The `type` of the message the sandbox's challenge page posts to the page that framed it. */
const THREE_DS_RESULT_MESSAGE_TYPE = 'pay-checkout:3ds-result';

/** The challenge's dialog (three-d-secure-dialog.ts registers it). */
const DIALOG_TAG = 'pay-3ds-dialog';

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

/** What a session or the challenge page may say of the issuer's decision. */
const OUTCOMES = ['pending', 'authenticated', 'failed', 'canceled'] as const;

/** How the issuer decided, as a session or the challenge page says it: `pending` until a challenge ends. */
interface IssuerDecision {
  outcome: (typeof OUTCOMES)[number];
  /** Only with `authenticated`. */
  result: ThreeDSecureResult | undefined;
}

/** A session of `POST /sandbox/3ds/sessions`. */
interface ThreeDsSession extends IssuerDecision {
  referenceId: string;
  challenge: boolean;
  challengeUrl: string | undefined;
}

/** The decision in a session or a challenge report; `undefined` when either field is not in its form. */
function readDecision(payload: Record<string, unknown>): IssuerDecision | undefined {
  const { outcome, result } = payload;
  const read = result === undefined ? undefined : readThreeDSecureResult(result);
  const fits = (OUTCOMES as readonly unknown[]).includes(outcome) && (result === undefined || read !== undefined);
  return fits ? { outcome: outcome as IssuerDecision['outcome'], result: read } : undefined;
}

/** The session the sandbox answered, with only the fields known here; `undefined` when not in its form. */
function readSession(payload: unknown): ThreeDsSession | undefined {
  if (!isPlainObject(payload)) return undefined;
  const { referenceId, challenge, challengeUrl } = payload;
  const decision = readDecision(payload);
  const fits =
    decision &&
    isNonEmptyString(referenceId) &&
    typeof challenge === 'boolean' &&
    (challengeUrl === undefined || typeof challengeUrl === 'string');
  return fits ? { ...decision, referenceId, challenge, challengeUrl } : undefined;
}

/** True when a posted message is a challenge result about the session `referenceId`. */
function isAboutSession(data: unknown, referenceId: string): data is Record<string, unknown> {
  return isPlainObject(data) && data['type'] === THREE_DS_RESULT_MESSAGE_TYPE && data['referenceId'] === referenceId;
}

/**
 * The result of an authenticated decision; a failed one rejects, and any other (or one
 * authenticated without its result) is `unexpected`.
 */
function issuerResult(decision: IssuerDecision | undefined, unexpected: string): ThreeDSecureResult {
  if (decision?.outcome === 'authenticated' && decision.result) return decision.result;
  if (decision?.outcome === 'failed') throw new ThreeDSecureFailedError();
  throw new ThreeDSecureSessionError(unexpected);
}

/** Refused input, with the missing billing address said in so many words (supplement: "required in practice"). */
function inputError(fields: Record<string, string[]>, status?: number): ThreeDSecureSessionError {
  const said = Object.entries(fields).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
  const message =
    'billingAddress' in fields
      ? '3-D Secure needs the billing address.'
      : `3-D Secure refused: ${said.join('; ')}.`;
  return new ThreeDSecureSessionError(message, { status, fields });
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
  let response: Response;
  let payload: unknown;
  try {
    response = await (settings.fetch ?? fetch)(settings.sessionsUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    payload = await response.json().catch(() => undefined);
  } catch (error) {
    if (signal?.aborted) throw new ThreeDSecureCanceledError(undefined, { cause: error });
    throw new ThreeDSecureSessionError('3-D Secure service unreachable.', {}, { cause: error });
  }
  if (signal?.aborted) throw new ThreeDSecureCanceledError();
  if (response.status === 400 && isFieldErrorTree(payload)) throw inputError(flattenFieldErrors(payload), 400);
  if (!response.ok) {
    const detail = detailOf(payload);
    const said = detail === undefined ? '.' : `: ${detail}`;
    throw new ThreeDSecureSessionError(`3-D Secure service answered ${response.status}${said}`, { status: response.status });
  }
  const session = readSession(payload);
  if (!session) {
    throw new ThreeDSecureSessionError('3-D Secure service: unexpected answer.', { status: response.status });
  }
  return session;
}

/**
 * Shows the challenge and settles with its outcome. Only a message from the challenge page's
 * own origin, of the result type and about this session counts: any other window may post
 * to the page. Whatever the outcome, the dialog is closed and removed and focus goes back.
 */
async function runChallenge(session: ThreeDsSession, settings: SandboxThreeDSecureSettings, signal: AbortSignal | undefined): Promise<ThreeDSecureResult> {
  // The dialog comes registered with the 3-D Secure code the checkout loads (three-d-secure-code.ts),
  // and with every element by define.js: importing the widget's classes registers nothing, and a
  // page that runs this provider on its own registers the dialog as it registers the checkout.
  if (!customElements.get(DIALOG_TAG)) throw new ThreeDSecureSessionError(`<${DIALOG_TAG}> is not registered (pay-checkout/widget/define)`);
  const challengePage = challengePageUrl(session.challengeUrl);
  if (!challengePage) throw new ThreeDSecureSessionError('3-D Secure challenge without a page.');
  if (signal?.aborted) throw new ThreeDSecureCanceledError();

  const dialog = document.createElement(DIALOG_TAG);
  dialog.challengeUrl = challengePage.href;
  dialog.locale = settings.locale ?? 'pt-BR';
  const previousFocus = focusedElement();
  // Removes every listener below at once when the challenge ends.
  const listening = new AbortController();
  try {
    const report = await new Promise<IssuerDecision | undefined>((resolve, reject) => {
      const options = { signal: listening.signal };
      window.addEventListener(
        'message',
        (event) => {
          if (event.origin === challengePage.origin && isAboutSession(event.data, session.referenceId)) resolve(readDecision(event.data));
        },
        options,
      );
      dialog.addEventListener(PayThreeDSecureCancelEvent.type, () => reject(new ThreeDSecureCanceledError()), options);
      signal?.addEventListener('abort', () => reject(new ThreeDSecureCanceledError(undefined, { cause: signal.reason })), options);
      (settings.host ?? document.body).append(dialog);
      dialog.show().catch((error: unknown) => {
        reject(new ThreeDSecureSessionError('The bank\'s challenge could not open.', {}, { cause: error }));
      });
    });
    if (report?.outcome === 'canceled') throw new ThreeDSecureCanceledError();
    return issuerResult(report, '3-D Secure: unexpected report.');
  } finally {
    listening.abort();
    dialog.close();
    dialog.remove();
    // Chromium returns focus when a modal dialog closes; not every browser does, nor after a removal.
    if (previousFocus?.isConnected) previousFocus.focus();
  }
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
      // The challenge page posts its outcome to this origin only (docs/sandbox.md, "Cards"), and
      // speaks the dialog's language, as an issuer's page follows the language a 3DS request gives it.
      const body = { cardToken, amountInCents, currency, customer, billingAddress, parentOrigin: location.origin, locale: settings.locale };
      const session = await startSession(settings, body, signal);
      return session.challenge
        ? runChallenge(session, settings, signal)
        : issuerResult(session, '3-D Secure not completed.');
    },
  };
}
