/**
 * Error bodies of the Public API (public-api.md, "Errors") and the one place that turns a
 * failed validation into the API's field-error form.
 *
 * Bodies come in three forms: `{detail}` for request-level errors, `{<field>: [messages]}`
 * for field errors (nested fields nest, list items become a list of per-item objects, the
 * way the service's framework writes them), and `{error}` from the token endpoint.
 * Messages are pt-BR, the service's language.
 */
import * as z from 'zod/mini';

export const detailErrorSchema = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof detailErrorSchema>;

export const TOKEN_ERROR_CODES = ['invalid_client', 'invalid_scope'] as const;
export const tokenErrorSchema = z.object({ error: z.enum(TOKEN_ERROR_CODES) });
export type TokenError = z.infer<typeof tokenErrorSchema>;

/** `{field: [messages]}`, nested like the request: `{customer: {phone: [...]}, items: [{offerId: [...]}]}`. */
export interface FieldErrorTree {
  [field: string]: string[] | FieldErrorTree | FieldErrorTree[];
}

function isMessageList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Per-item errors of a list: one object per item, empty for items without errors, at least one not. */
function isItemErrorList(value: unknown): value is FieldErrorTree[] {
  return (
    Array.isArray(value) &&
    value.every((item) => isPlainObject(item) && (Object.keys(item).length === 0 || isFieldErrorTree(item))) &&
    value.some((item) => Object.keys(item as object).length > 0)
  );
}

/** True for a non-empty field-error body in the API's form. */
export function isFieldErrorTree(value: unknown): value is FieldErrorTree {
  if (!isPlainObject(value) || Object.keys(value).length === 0) return false;
  return Object.values(value).every(
    (entry) =>
      isMessageList(entry) ||
      isFieldErrorTree(entry) ||
      isItemErrorList(entry),
  );
}

export const fieldErrorsSchema = z.custom<FieldErrorTree>(isFieldErrorTree, 'Corpo de erro de campos inválido.');

/** The three error-body forms, `detail` first. */
export const errorBodySchema = z.union([detailErrorSchema, tokenErrorSchema, fieldErrorsSchema]);
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Field names come from the request: `__proto__`, `constructor` or `toString` must be plain
 * keys, never the object's prototype or inherited members. Reads see own keys only and
 * writes define them.
 */
function ownEntry<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Field errors flattened to dotted paths (`customer.phone`, `items.0.offerId`) for display. */
export function flattenFieldErrors(tree: FieldErrorTree, prefix = '', flat: Record<string, string[]> = {}): Record<string, string[]> {
  for (const [field, entry] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${field}` : field;
    if (isMessageList(entry)) setOwn(flat, path, entry);
    else if (Array.isArray(entry)) entry.forEach((item, index) => flattenFieldErrors(item as FieldErrorTree, `${path}.${index}`, flat));
    else flattenFieldErrors(entry as FieldErrorTree, path, flat);
  }
  return flat;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  boolean: 'um valor booleano',
  object: 'um objeto',
  array: 'uma lista',
};

/**
 * Messages for issues whose schema gave none, in the service's words. Schema-level
 * messages (format checks, method rules) always win over these.
 */
function apiMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Este campo é obrigatório.';
      if (issue.input === null) return 'Este campo não pode ser nulo.';
      return `Tipo inválido: esperado ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'Este campo não pode ser em branco.' : `Certifique-se de que este campo tenha no mínimo ${issue.minimum} caracteres.`;
      }
      if (issue.origin === 'array') return `Certifique-se de que a lista tenha no mínimo ${issue.minimum} item(ns).`;
      return `Certifique-se de que este valor seja maior ou igual a ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Certifique-se de que este campo não tenha mais de ${issue.maximum} caracteres.`;
      if (issue.origin === 'array') return `Certifique-se de que a lista não tenha mais de ${issue.maximum} item(ns).`;
      return `Certifique-se de que este valor seja menor ou igual a ${issue.maximum}.`;
    case 'invalid_value':
      return `"${String(issue.input)}" não é uma escolha válida.`;
    case 'unrecognized_keys':
      return 'Campo não suportado pelo contrato público.';
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
 * Validates `input` against a contract schema and answers either the parsed data or the
 * field errors the API would give for it, in its words.
 */
export function validate<S extends z.ZodMiniType>(schema: S, input: unknown): Validation<z.infer<S>> {
  const result = schema.safeParse(input, { error: apiMessage });
  if (result.success) return { success: true, data: result.data };
  return { success: false, errors: toFieldErrors(result.error.issues) };
}
