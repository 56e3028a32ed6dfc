/**
 * The sandbox's 3-D Secure provider (supplement, "3-D Secure" [choice]): the browser starts a
 * session for a card token, and the test card decides whether the issuer authenticates at once
 * (frictionless) or asks for a code in a challenge page. The session's result carries what the
 * charge's `threeDSecure` block needs: `cavv`, `eci`, `xid`, `referenceId`, `version`
 * (public-api.md, "POST /public_api/payments/", `threeDs` flow).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { TEST_CARDS } from '../../contract/card-tokens.js';
import { ECI_FULLY_AUTHENTICATED } from '../../contract/charge-request.js';
import { validate } from '../../contract/errors.js';
import { nonEmptyString } from '../../contract/formats.js';
import { billingAddressSchema, threeDSecureAuthenticationInputSchema } from '../../contract/three-d-secure.js';
import { currencySchema } from '../../contract/currencies.js';
import { findUsableCardToken } from './card-tokens.js';
import { MAX_BODY_BYTES, readJsonBody } from '../requests/request-body.js';
import { detailResponse, fieldError, fieldErrorResponse, jsonResponse, notFound } from '../requests/responses.js';
import type { Route, RouteContext } from '../requests/router.js';
import {
  challengeAssetResponse,
  challengeHtmlResponse,
  challengeLanguage,
  renderChallengePage,
  renderMissingSessionPage,
  renderResultPage,
  THREE_DS_CHALLENGE_SCRIPT,
  THREE_DS_CHALLENGE_SCRIPT_PATH,
  THREE_DS_CHALLENGE_STYLE_PATH,
  THREE_DS_CHALLENGE_STYLES,
  threeDsChallengePath,
  type ThreeDsResultMessage,
} from './three-d-secure-challenge-page.js';
import type { SandboxWorld, ThreeDsSession } from '../world/world.js';

/** The EMV 3DS protocol version the sandbox's issuer speaks. */
export const THREE_DS_VERSION = '2.2.0';

export const THREE_DS_SESSIONS_PATH = '/sandbox/3ds/sessions';

/** True for `scheme://host[:port]` with no path: what `postMessage` takes as a target origin. */
function isWebOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}

/**
 * `POST /sandbox/3ds/sessions`: what the widget's 3DS provider sends (the contract's
 * authentication input without the abort signal), plus the origin of the page that frames
 * the challenge. A billing address is required (supplement: "required in practice").
 */
export const threeDsSessionRequestSchema = z.object({
  cardToken: nonEmptyString,
  amountInCents: z.int().check(z.gte(0)),
  currency: currencySchema,
  parentOrigin: z.string().check(
    z.refine(isWebOrigin, 'Informe a origem da página que abre o desafio, como https://loja.exemplo.com.br (sem caminho nem barra final).'),
  ),
  customer: z.optional(threeDSecureAuthenticationInputSchema.shape.customer),
  billingAddress: billingAddressSchema,
  /** The buyer's language (`pt-BR`, `es`, `en`; a regional tag is read by its language): the challenge page speaks it. */
  locale: z.optional(z.string().check(z.maxLength(35))),
});

/** The buyer's answer to the challenge: a code, or a cancel. */
const challengeAnswerSchema = z
  .object({
    action: z._default(z.enum(['submit', 'cancel']), 'submit'),
    code: z.optional(z.string()),
  })
  .check(
    z.refine((answer) => answer.action === 'cancel' || (answer.code ?? '').trim() !== '', {
      message: 'Informe o código de verificação.',
      path: ['code'],
    }),
  );
type ChallengeAnswer = z.infer<typeof challengeAnswerSchema>;

/** A session as `GET /sandbox/3ds/sessions/:referenceId` shows it. */
export interface ThreeDsSessionView {
  referenceId: string;
  challenge: boolean;
  outcome: ThreeDsSession['outcome'];
  parentOrigin: string;
  /** Absolute URL of the challenge page, for challenge sessions. */
  challengeUrl?: string;
  /** Once authenticated: the charge's `threeDSecure` data. */
  result?: NonNullable<ThreeDsSession['result']>;
  createdAt: string;
}

export function threeDsSessionView(session: ThreeDsSession, baseUrl: string): ThreeDsSessionView {
  return {
    referenceId: session.referenceId,
    challenge: session.challenge,
    outcome: session.outcome,
    parentOrigin: session.parentOrigin,
    ...(session.challenge ? { challengeUrl: `${baseUrl}${threeDsChallengePath(session.referenceId)}` } : {}),
    ...(session.result ? { result: session.result } : {}),
    createdAt: new Date(session.createdAt).toISOString(),
  };
}

/** An issuer's authentication data: CAVV and XID are 20 bytes in base64, as card schemes write them. */
function authenticationResult(referenceId: string): NonNullable<ThreeDsSession['result']> {
  return {
    cavv: randomBytes(20).toString('base64'),
    eci: ECI_FULLY_AUTHENTICATED,
    xid: randomBytes(20).toString('base64'),
    referenceId,
    version: THREE_DS_VERSION,
  };
}

/** The code that authenticates the session's card; undefined when its card has none. */
function challengeCodeOf(world: SandboxWorld, session: ThreeDsSession): string | undefined {
  const number = world.cardTokens.get(session.cardToken)?.number;
  return TEST_CARDS.find((card) => card.number === number)?.challengeCode;
}

type FinishedSession = ThreeDsSession & { outcome: ThreeDsResultMessage['outcome'] };

function isFinished(session: ThreeDsSession): session is FinishedSession {
  return session.outcome !== 'pending';
}

/** One answer, one outcome: a wrong code fails the session (the ACS gives no second try). */
function answerChallenge(world: SandboxWorld, session: ThreeDsSession, answer: ChallengeAnswer): asserts session is FinishedSession {
  if (answer.action === 'cancel') {
    session.outcome = 'canceled';
    return;
  }
  const expected = challengeCodeOf(world, session);
  if (expected !== undefined && answer.code?.trim() === expected) {
    session.outcome = 'authenticated';
    session.result = authenticationResult(session.referenceId);
  } else {
    session.outcome = 'failed';
  }
}

async function handleCreateSession(context: RouteContext): Promise<Response> {
  const body = await readJsonBody(context.request);
  if (!body.ok) return body.response;
  const request = validate(threeDsSessionRequestSchema, body.value);
  if (!request.success) return fieldErrorResponse(request.errors);
  const token = findUsableCardToken(context.world, request.data.cardToken, context.clock.now());
  if (!token.ok) return fieldError('cardToken', token.message);

  // Only a card with a challenge code gets a challenge; every other card is frictionless.
  const challenge = TEST_CARDS.some((card) => card.number === token.record.number && card.challengeCode !== undefined);
  const referenceId = randomUUID();
  const session: ThreeDsSession = {
    referenceId,
    cardToken: request.data.cardToken,
    parentOrigin: request.data.parentOrigin,
    challenge,
    outcome: challenge ? 'pending' : 'authenticated',
    createdAt: context.clock.now(),
    ...(request.data.locale === undefined ? {} : { locale: request.data.locale }),
  };
  if (!challenge) session.result = authenticationResult(referenceId);
  context.world.threeDsSessions.set(referenceId, session);
  return jsonResponse(201, threeDsSessionView(session, context.baseUrl));
}

function handleReadSession(context: RouteContext): Response {
  const session = context.world.threeDsSessions.get(context.params.referenceId ?? '');
  return session ? jsonResponse(200, threeDsSessionView(session, context.baseUrl)) : notFound();
}

function handleChallengePage(context: RouteContext): Response {
  const session = context.world.threeDsSessions.get(context.params.referenceId ?? '');
  if (!session) return challengeHtmlResponse(404, renderMissingSessionPage());
  // A finished session shows its result again, which reports it again: a reload is harmless.
  const language = challengeLanguage(session.locale);
  if (isFinished(session)) return challengeHtmlResponse(200, renderResultPage(session, language));
  return challengeHtmlResponse(200, renderChallengePage({ referenceId: session.referenceId, challengeCode: challengeCodeOf(context.world, session), language }));
}

/** The challenge form as the browser posts it: answered with the result page. */
async function handleChallengeForm(context: RouteContext, session: ThreeDsSession | undefined): Promise<Response> {
  const text = await context.request.text();
  if (text.length > MAX_BODY_BYTES) return detailResponse(413, 'Corpo da requisição grande demais.');
  if (!session) return challengeHtmlResponse(404, renderMissingSessionPage());
  const language = challengeLanguage(session.locale);
  if (isFinished(session)) return challengeHtmlResponse(200, renderResultPage(session, language));
  const answer = validate(challengeAnswerSchema, Object.fromEntries(new URLSearchParams(text)));
  if (!answer.success) {
    const challengeCode = challengeCodeOf(context.world, session);
    return challengeHtmlResponse(400, renderChallengePage({ referenceId: session.referenceId, challengeCode, language, emptyCode: true }));
  }
  answerChallenge(context.world, session, answer.data);
  return challengeHtmlResponse(200, renderResultPage(session, language));
}

/**
 * `POST /sandbox/3ds/challenge/:referenceId`: the page's form (form-encoded, answered with
 * HTML) or a test/provider call (JSON `{code}` or `{action: 'cancel'}`, answered with the session).
 */
async function handleChallengeAnswer(context: RouteContext): Promise<Response> {
  const session = context.world.threeDsSessions.get(context.params.referenceId ?? '');
  const type = (context.request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return handleChallengeForm(context, session);

  const body = await readJsonBody(context.request);
  if (!body.ok) return body.response;
  if (!session) return notFound();
  if (!session.challenge) return detailResponse(409, 'Esta sessão foi autenticada sem desafio.');
  if (isFinished(session)) return detailResponse(409, 'O desafio desta sessão já foi respondido.');
  const answer = validate(challengeAnswerSchema, body.value);
  if (!answer.success) return fieldErrorResponse(answer.errors);
  answerChallenge(context.world, session, answer.data);
  return jsonResponse(200, threeDsSessionView(session, context.baseUrl));
}

/** The 3DS session endpoints, the challenge page and its two files. */
export function threeDSecureRoutes(): Route[] {
  return [
    { method: 'POST', path: THREE_DS_SESSIONS_PATH, auth: 'none', cors: true, handle: handleCreateSession },
    { method: 'GET', path: `${THREE_DS_SESSIONS_PATH}/:referenceId`, auth: 'none', cors: true, handle: handleReadSession },
    { method: 'GET', path: '/sandbox/3ds/challenge/:referenceId', auth: 'none', handle: handleChallengePage },
    { method: 'POST', path: '/sandbox/3ds/challenge/:referenceId', auth: 'none', handle: handleChallengeAnswer },
    { method: 'GET', path: THREE_DS_CHALLENGE_SCRIPT_PATH, auth: 'none', handle: () => challengeAssetResponse(THREE_DS_CHALLENGE_SCRIPT, 'text/javascript') },
    { method: 'GET', path: THREE_DS_CHALLENGE_STYLE_PATH, auth: 'none', handle: () => challengeAssetResponse(THREE_DS_CHALLENGE_STYLES, 'text/css') },
  ];
}
