/**
 * Reading a JSON body the relay accepts: `application/json` only, at most a given number of
 * bytes (counted as they stream in, so a lying or missing `Content-Length` cannot make the
 * relay buffer more), and well-formed: JSON text with no key repeated in one object and at most
 * JSON_MAX_DEPTH levels of nesting, both checked before JSON.parse (json-structure.ts), so
 * nothing after it ever walks a value deeper than that.
 */
import { RelayError } from './errors.js';
import { findJsonStructureProblem, JSON_MAX_DEPTH, type JsonStructureProblem } from './json-structure.js';
import type { RelayRequest } from './relay-exchange.js';

function isJsonContentType(header: string | null): boolean {
  if (header === null) return false;
  return header.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

function tooLarge(maxBytes: number): RelayError {
  return new RelayError(413, 'payload_too_large', `The body is larger than ${maxBytes} bytes.`);
}

async function readLimited(request: RelayRequest, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  if (request.bodyBytes) {
    const bytes = await request.bodyBytes(maxBytes);
    if (bytes === undefined) throw tooLarge(maxBytes);
    return bytes;
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** One decoder for every body: without `stream`, each `decode` starts afresh, and a fatal one keeps nothing after a throw. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

// Neither message repeats a key: a repeated key may be the very card number the relay refuses to echo.
const STRUCTURE_MESSAGES: Record<JsonStructureProblem, string> = {
  too_deep: `The body nests objects and lists more than ${JSON_MAX_DEPTH} levels deep.`,
  duplicate_key: 'The body repeats a key within one object.',
};

/** The parsed JSON body, or a RelayError (415, 413 or 400 `invalid_json`). */
export async function readJsonBody(request: RelayRequest, maxBytes: number): Promise<unknown> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new RelayError(415, 'unsupported_media_type', 'Send the body as Content-Type: application/json.');
  }
  const bytes = await readLimited(request, maxBytes);
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new RelayError(400, 'invalid_json', 'The body is not UTF-8 text.');
  }
  const problem = findJsonStructureProblem(text);
  if (problem !== undefined) throw new RelayError(400, 'invalid_json', STRUCTURE_MESSAGES[problem]);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RelayError(400, 'invalid_json', 'The body is not valid JSON.');
  }
}
