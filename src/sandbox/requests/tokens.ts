/**
 * Access tokens of the sandbox (public-api.md, "POST /public_api/token/", "Authentication"):
 * JWT-shaped, HMAC-SHA256 signed with a per-sandbox secret, carrying the key's scopes and an
 * expiry 36000 s after issue. Expiry is checked against the sandbox clock.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_SAMPLE_EXPIRES_IN } from '../../contract/constants.js';
import { TOKEN_REQUEST_CONTENT_TYPE } from '../../contract/auth.js';
import { detailResponse, jsonResponse } from './responses.js';
import type { Caller, RouteContext } from './router.js';

interface TokenClaims {
  sub: string;
  acc: string;
  scope: string;
  iat: number;
  exp: number;
  jti: string;
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export interface TokenSigner {
  issue(claims: Omit<TokenClaims, 'jti'>): { token: string; claims: TokenClaims };
  /** The claims of a token this sandbox signed, or undefined for anything else. */
  verify(token: string): TokenClaims | undefined;
}

export function createTokenSigner(secret: string = randomUUID()): TokenSigner {
  const sign = (input: string) => createHmac('sha256', secret).update(input).digest();
  return {
    issue(partial) {
      const claims: TokenClaims = { ...partial, jti: randomUUID() };
      const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
      return { token: `${head}.${sign(head).toString('base64url')}`, claims };
    },
    verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3) return undefined;
      const [header, payload, signature] = parts as [string, string, string];
      const expected = sign(`${header}.${payload}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
      } catch {
        return undefined;
      }
    },
  };
}

const tokenError = (status: number, error: 'invalid_client' | 'invalid_scope') => jsonResponse(status, { error });

/** `POST /public_api/token/`: form-encoded client credentials → access token. */
export async function handleTokenRequest(context: RouteContext, signer: TokenSigner): Promise<Response> {
  const contentType = context.request.headers.get('Content-Type') ?? '';
  if (!contentType.toLowerCase().startsWith(TOKEN_REQUEST_CONTENT_TYPE)) {
    return detailResponse(415, `Tipo de mídia "${contentType}" não suportado. Use ${TOKEN_REQUEST_CONTENT_TYPE}.`);
  }
  const form = new URLSearchParams(await context.request.text());
  const key = context.world.apiKeys.get(form.get('client_id') ?? '');
  if (!key || key.clientSecret !== form.get('client_secret')) return tokenError(401, 'invalid_client');
  // No scope parameter is documented; one that asks for more than the key holds is refused.
  const asked = form.get('scope');
  if (asked !== null && asked.split(/[\s,]+/).some((scope) => scope !== '' && !key.scopes.includes(scope as never))) {
    return tokenError(400, 'invalid_scope');
  }
  const iat = Math.floor(context.clock.now() / 1000);
  const scope = key.scopes.join(' ');
  const { token } = signer.issue({ sub: key.clientId, acc: key.accountId, scope, iat, exp: iat + ACCESS_TOKEN_SAMPLE_EXPIRES_IN });
  return jsonResponse(200, { access_token: token, expires_in: ACCESS_TOKEN_SAMPLE_EXPIRES_IN, token_type: 'Bearer', scope });
}

/** The caller of a bearer-authenticated request, or why it is refused. */
export function authenticate(
  request: Request,
  signer: TokenSigner,
  nowMs: number,
  keyExists: (clientId: string) => boolean,
): { ok: true; caller: Caller } | { ok: false; response: Response } {
  const header = request.headers.get('Authorization');
  if (!header) return { ok: false, response: detailResponse(401, 'As credenciais de autenticação não foram fornecidas.') };
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const claims = match ? signer.verify(match[1]!) : undefined;
  // A token of a key deleted since (a reset, a new fixture) is as invalid as a forged one.
  if (!claims || !keyExists(claims.sub)) return { ok: false, response: detailResponse(401, 'Token inválido.') };
  if (claims.exp * 1000 <= nowMs) return { ok: false, response: detailResponse(401, 'Token expirado.') };
  return {
    ok: true,
    caller: { accountId: claims.acc, clientId: claims.sub, scopes: claims.scope.split(' ').filter(Boolean), tokenId: claims.jti },
  };
}
