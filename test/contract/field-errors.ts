/** What the contract tests ask of a refused input: which fields its errors name. */
import assert from 'node:assert/strict';
import type * as z from 'zod/mini';
import { flattenFieldErrors, validate } from '../../src/contract/errors.js';

/** The dotted paths the API's field errors would name for `input`; fails the test when it is accepted. */
export function failingFields(schema: z.ZodMiniType, input: unknown): string[] {
  const result = validate(schema, input);
  assert.equal(result.success, false, 'expected the input to be refused');
  return result.success ? [] : Object.keys(flattenFieldErrors(result.errors));
}
