/**
 * Reading JSON of unknown shape without a schema library: what the browser's code uses to
 * check an answer, where the contract's zod schemas would cost the buyer's page their weight.
 */

/** An object that is neither `null` nor an array: what a JSON object parses to. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True when every key of `value` is one of `keys` and none is set to `undefined`, which a schema
 * reads as absent: what a plain check in front of a schema takes as a known shape.
 */
export function hasOnlyKeys(value: Record<string, unknown>, keys: ReadonlySet<string>): boolean {
  for (const key in value) if (!keys.has(key) || value[key] === undefined) return false;
  return true;
}

/** A string with at least one character (the API answers a blank one as a missing one). */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** A finite number (JSON has no NaN nor infinities; a schema's number refuses them too). */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The value under `key` when it is the object's own. Keys may come from the input
 * (`__proto__`, `constructor`), so inherited members are never read.
 */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Sets `key` as the object's own key, even `__proto__`, never touching the prototype. */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
