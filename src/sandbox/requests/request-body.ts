/**
 * Reading a JSON request body the way the service does: JSON content type required, a size
 * cap, and a malformed body answered with 400 and a `detail`, never a crash.
 */
import { detailResponse } from './responses.js';

/** Larger bodies are refused with 413; no request of the spec comes near it. */
export const MAX_BODY_BYTES = 64 * 1024;

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<JsonBody> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    return { ok: false, response: detailResponse(415, `Tipo de mídia "${type}" não suportado na requisição.`) };
  }
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > maxBytes) return { ok: false, response: detailResponse(413, 'Corpo da requisição grande demais.') };
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > maxBytes) return { ok: false, response: detailResponse(413, 'Corpo da requisição grande demais.') };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, response: detailResponse(400, 'JSON parse error - o corpo não está em UTF-8.') };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, response: detailResponse(400, `JSON parse error - ${(error as Error).message}`) };
  }
}
