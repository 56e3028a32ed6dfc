/**
 * `POST /public_api/card-tokens/` (supplement, "Card tokenization"): the buyer's browser sends
 * the card with the public client id of a tokenization key and gets a token back. Tokens are
 * single use and valid 15 minutes (public-api.md, "Other constants"); the charge consumes
 * them. The card number stays in the sandbox's memory only, to pick the test card's outcome,
 * and is never logged nor echoed.
 */
import { randomBytes } from 'node:crypto';
import { createCardTokenRequestSchema, detectCardBrand } from '../../contract/card-tokens.js';
import { CARD_TOKEN_VALIDITY_SECONDS } from '../../contract/constants.js';
import { validate } from '../../contract/errors.js';
import { readJsonBody } from '../requests/request-body.js';
import { CREDENTIALS_NOT_PROVIDED, detailResponse, fieldErrorResponse, jsonResponse } from '../requests/responses.js';
import type { Route, RouteContext } from '../requests/router.js';
import type { CardTokenRecord, SandboxWorld } from '../world/world.js';

/** Every token the sandbox issues starts with this. */
export const CARD_TOKEN_PREFIX = 'tok_';

/** The brand stored for a valid number whose brand the contract does not know. */
export const UNKNOWN_CARD_BRAND = 'unknown';

/** Why a card token cannot be used, in the words of the `cardToken` field error. */
export const CARD_TOKEN_UNKNOWN = 'Token de cartão inválido.';
export const CARD_TOKEN_USED = 'Token de cartão já utilizado. Cada token serve para uma única cobrança.';
export const CARD_TOKEN_EXPIRED = 'Token de cartão expirado: a validade é de 15 minutos. Gere um novo token.';

export type CardTokenLookup = { ok: true; record: CardTokenRecord } | { ok: false; message: string };

/**
 * The token's record while it may still be used: issued here, not used, and younger than
 * 15 minutes of sandbox time (at exactly 15 minutes it has expired).
 */
export function findUsableCardToken(world: SandboxWorld, token: string, nowMs: number): CardTokenLookup {
  const record = world.cardTokens.get(token);
  if (!record) return { ok: false, message: CARD_TOKEN_UNKNOWN };
  if (record.usedAt !== undefined) return { ok: false, message: CARD_TOKEN_USED };
  if (nowMs - record.issuedAt >= CARD_TOKEN_VALIDITY_SECONDS * 1000) return { ok: false, message: CARD_TOKEN_EXPIRED };
  return { ok: true, record };
}

/** `POST /public_api/card-tokens/`: 201 `{token}`, or 400 with the card's field errors. */
export async function handleCardTokenRequest(context: RouteContext): Promise<Response> {
  // The pipeline admits this route only with a known public key; this guards the type.
  if (!context.caller) return detailResponse(401, CREDENTIALS_NOT_PROVIDED);
  const body = await readJsonBody(context.request);
  if (!body.ok) return body.response;

  // Expiry is judged by the sandbox clock, so a test can move past a card's month.
  const schema = createCardTokenRequestSchema(() => new Date(context.clock.now()));
  const card = validate(schema, body.value);
  if (!card.success) return fieldErrorResponse(card.errors);

  const token = `${CARD_TOKEN_PREFIX}${randomBytes(16).toString('hex')}`;
  context.world.cardTokens.set(token, {
    token,
    accountId: context.caller.accountId,
    number: card.data.number,
    holderName: card.data.holderName.trim(),
    expMonth: card.data.expMonth,
    expYear: card.data.expYear,
    brand: detectCardBrand(card.data.number) ?? UNKNOWN_CARD_BRAND,
    issuedAt: context.clock.now(),
    usedAt: undefined,
  });
  // A token is a secret of one purchase: no cache may keep it.
  return jsonResponse(201, { token }, { 'Cache-Control': 'no-store' });
}

/** The tokenization route, answered to browsers of any origin. */
export function cardTokenRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/public_api/card-tokens/',
      auth: 'public-client',
      scope: { resource: 'card_tokens' },
      limits: ['cardTokensPerUser'],
      cors: true,
      handle: handleCardTokenRequest,
    },
  ];
}
