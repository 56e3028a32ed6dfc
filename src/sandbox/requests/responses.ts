/**
 * How the sandbox answers: JSON bodies in the three error forms of public-api.md, "Errors".
 */
import type { FieldErrorTree } from '../../contract/errors.js';

export function jsonResponse(status: number, body: unknown, headers: HeadersInit = {}): Response {
  const response = new Response(JSON.stringify(body), { status, headers });
  response.headers.set('Content-Type', 'application/json');
  return response;
}

/** `{detail}`: request-level errors. */
export function detailResponse(status: number, detail: string, headers: HeadersInit = {}): Response {
  return jsonResponse(status, { detail }, headers);
}

/** `{<field>: [messages]}`: field errors, always 400. */
export function fieldErrorResponse(errors: FieldErrorTree): Response {
  return jsonResponse(400, errors);
}

/** `{<field>: [message]}` for one field. */
export function fieldError(field: string, message: string): Response {
  return fieldErrorResponse({ [field]: [message] });
}

export const NOT_FOUND_DETAIL = 'Não encontrado.';
export const CREDENTIALS_NOT_PROVIDED = 'As credenciais de autenticação não foram fornecidas.';
export const INVALID_TOKEN = 'Token inválido ou expirado.';
export const NO_PERMISSION = 'Você não tem permissão para executar essa ação.';

export function notFound(): Response {
  return detailResponse(404, NOT_FOUND_DETAIL);
}

/** 429 with `Retry-After` in whole seconds and a `detail` naming the wait. */
export function throttled(retryAfterSeconds: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return detailResponse(429, `Requisição foi limitada. Disponível em ${seconds} segundos.`, {
    'Retry-After': String(seconds),
  });
}
