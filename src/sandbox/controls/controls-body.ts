/**
 * Bodies of the test controls under `/__sandbox/`: JSON, checked against a schema, and a
 * bad one answered like the Public API answers one (400 field errors, 400 malformed JSON,
 * 415 another content type), never with a 500.
 */
import type * as z from 'zod/mini';
import { validate } from '../../contract/errors.js';
import { readJsonBody } from '../requests/request-body.js';
import { fieldErrorResponse } from '../requests/responses.js';

export type ControlBody<T> = { ok: true; value: T } | { ok: false; response: Response };

/** The request's JSON body parsed by `schema`, or the 4xx answer explaining why not. */
export async function readControlBody<S extends z.ZodMiniType>(request: Request, schema: S): Promise<ControlBody<z.infer<S>>> {
  const body = await readJsonBody(request);
  if (!body.ok) return body;
  const result = validate(schema, body.value);
  return result.success ? { ok: true, value: result.data } : { ok: false, response: fieldErrorResponse(result.errors) };
}
