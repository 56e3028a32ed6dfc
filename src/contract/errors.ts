/**
 * Error bodies of the Public API (public-api.md, "Errors") and the one place that turns a
 * failed validation into the API's field-error form.
 *
 * Bodies come in three forms: `{detail}` for request-level errors, `{<field>: [messages]}`
 * for field errors (nested fields nest, list items become a list of per-item objects, the
 * way the service's framework writes them), and `{error}` from the token endpoint.
 * Messages are pt-BR, the service's language. Reading a body needs no schema: that part
 * lives in error-bodies.ts, re-exported here, so the browser can use it without zod.
 */
import * as z from 'zod/mini';
import { flattenFieldErrors, isFieldErrorTree, isMessageList, type FieldErrorTree } from './error-bodies.js';
import {
  BLANK_FIELD_MESSAGE,
  invalidChoiceMessage,
  maximumValueMessage,
  minimumValueMessage,
  NULL_FIELD_MESSAGE,
  REQUIRED_FIELD_MESSAGE,
  UNSUPPORTED_FIELD_MESSAGE,
  wrongTypeMessage,
} from './field-messages.js';
import { isPlainObject, ownEntry, setOwn } from './json-values.js';

export { flattenFieldErrors, isFieldErrorTree, type FieldErrorTree };

export const detailErrorSchema = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof detailErrorSchema>;

export const TOKEN_ERROR_CODES = ['invalid_client', 'invalid_scope'] as const;
export const tokenErrorSchema = z.object({ error: z.enum(TOKEN_ERROR_CODES) });
export type TokenError = z.infer<typeof tokenErrorSchema>;

export const fieldErrorsSchema = z.custom<FieldErrorTree>(isFieldErrorTree, 'Corpo de erro de campos inválido.');

/** The three error-body forms, `detail` first. */
export const errorBodySchema = z.union([detailErrorSchema, tokenErrorSchema, fieldErrorsSchema]);
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Messages for issues whose schema gave none, in the service's words. Schema-level
 * messages (format checks, method rules) always win over these.
 */
function apiMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return REQUIRED_FIELD_MESSAGE;
      if (issue.input === null) return NULL_FIELD_MESSAGE;
      return wrongTypeMessage(issue.expected);
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? BLANK_FIELD_MESSAGE : `Certifique-se de que este campo tenha no mínimo ${issue.minimum} caracteres.`;
      }
      if (issue.origin === 'array') return `Certifique-se de que a lista tenha no mínimo ${issue.minimum} item(ns).`;
      return minimumValueMessage(issue.minimum);
    case 'too_big':
      if (issue.origin === 'string') return `Certifique-se de que este campo não tenha mais de ${issue.maximum} caracteres.`;
      if (issue.origin === 'array') return `Certifique-se de que a lista não tenha mais de ${issue.maximum} item(ns).`;
      return maximumValueMessage(issue.maximum);
    case 'invalid_value':
      return invalidChoiceMessage(issue.input);
    case 'unrecognized_keys':
      return UNSUPPORTED_FIELD_MESSAGE;
    case 'invalid_format':
      return 'Formato inválido.';
    default:
      // Unions, custom checks without their own message and the rest: never zod's English.
      return 'Valor inválido.';
  }
}

type Segment = PropertyKey;

function insert(tree: FieldErrorTree, path: readonly Segment[], message: string): void {
  const [head, ...rest] = path;
  const key = head === undefined ? 'non_field_errors' : String(head);
  if (rest.length === 0) {
    const existing = ownEntry(tree, key);
    if (isMessageList(existing)) {
      if (!existing.includes(message)) existing.push(message);
    } else if (existing === undefined) {
      setOwn(tree, key, [message]);
    }
    return;
  }
  const [next, ...deeper] = rest;
  if (typeof next === 'number') {
    // A list item: the service answers a list with one object per item, empty where fine.
    const existing = ownEntry(tree, key);
    if (isMessageList(existing)) return;
    const items = Array.isArray(existing) ? (existing as FieldErrorTree[]) : [];
    while (items.length <= next) items.push({});
    setOwn(tree, key, items);
    if (deeper.length === 0) insert(items[next]!, ['non_field_errors'], message);
    else insert(items[next]!, deeper, message);
    return;
  }
  const existing = ownEntry(tree, key);
  if (isMessageList(existing)) return;
  const child: FieldErrorTree = isPlainObject(existing) ? (existing as FieldErrorTree) : {};
  setOwn(tree, key, child);
  insert(child, rest, message);
}

/** Turns validation issues into the API's field-error body. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrorTree {
  const tree: FieldErrorTree = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) insert(tree, [...issue.path, key], issue.message);
    } else {
      insert(tree, issue.path, issue.message);
    }
  }
  return tree;
}

export type Validation<T> = { success: true; data: T } | { success: false; errors: FieldErrorTree };

/**
 * A plain check that stands in front of a schema on a hot path: for a value the schema accepts
 * (every key known, every format right), what the schema would give back for it (the value
 * itself, or with the schema's defaults filled in); undefined for anything else, which goes to
 * the schema, whatever it is: the schema has the final word and the field errors. An undefined
 * is never an error by itself.
 */
export type PlainAcceptance = (input: unknown) => { readonly data: unknown } | undefined;

const plainAcceptances = new WeakMap<z.ZodMiniType, PlainAcceptance>();

/** Lets `validate` take what `accepts` vouches for without running `schema`; see `PlainAcceptance`. */
export function acceptPlainly<S extends z.ZodMiniType>(schema: S, accepts: PlainAcceptance): S {
  plainAcceptances.set(schema, accepts);
  return schema;
}

/**
 * Validates `input` against a contract schema and answers either the parsed data or the
 * field errors the API would give for it, in its words.
 */
export function validate<S extends z.ZodMiniType>(schema: S, input: unknown): Validation<z.infer<S>> {
  const plain = plainAcceptances.get(schema)?.(input);
  if (plain !== undefined) return { success: true, data: plain.data as z.infer<S> };
  const result = schema.safeParse(input, { error: apiMessage });
  if (result.success) return { success: true, data: result.data };
  return { success: false, errors: toFieldErrors(result.error.issues) };
}
