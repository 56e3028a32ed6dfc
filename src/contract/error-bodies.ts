/**
 * The Public API's error bodies as the browser reads them, without a schema library
 * (public-api.md, "Errors"): `{detail}` for request-level errors and `{<field>: [messages]}`
 * for field errors, nested like the request (`{customer: {phone: [...]}}`), a list's items as
 * a list of per-item objects (`{items: [{}, {offerId: [...]}]}`). errors.ts re-exports these
 * next to the schemas that write such bodies.
 */
import { isPlainObject, setOwn } from './json-values.js';

/** `{field: [messages]}`, nested like the request: `{customer: {phone: [...]}, items: [{offerId: [...]}]}`. */
export interface FieldErrorTree {
  [field: string]: string[] | FieldErrorTree | FieldErrorTree[];
}

/** A field's messages: a non-empty list of strings. */
export function isMessageList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string');
}

/** Per-item errors of a list: one object per item, empty for items without errors, at least one not. */
function isItemErrorList(value: unknown): value is FieldErrorTree[] {
  return (
    Array.isArray(value) &&
    value.every((item) => isPlainObject(item) && (Object.keys(item).length === 0 || isFieldErrorTree(item))) &&
    value.some(isFieldErrorTree)
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

/** The `detail` of a `{detail}` body (other keys may come with it), or `undefined` for any other body. */
export function detailOf(body: unknown): string | undefined {
  return isPlainObject(body) && typeof body['detail'] === 'string' ? body['detail'] : undefined;
}
