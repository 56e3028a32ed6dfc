/**
 * Breaking a sample one field at a time, for the tests that hold a plain check to its schema
 * (charge-response-check.test.ts, widget-request-check.test.ts).
 */

/** Every path of `value`'s objects and lists, the root's own keys included. */
export function paths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(value).flatMap(([key, child]) => {
    const here = [...prefix, key];
    return typeof child === 'object' && child !== null ? [here, ...paths(child as Record<string, unknown>, here)] : [here];
  });
}

/** A copy of `value` with `path` set to `replacement`, or removed when it is `undefined`. */
export function replaced(value: Record<string, unknown>, path: string[], replacement: unknown): Record<string, unknown> {
  const copy = structuredClone(value);
  let parent: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  if (replacement === undefined) delete parent[path.at(-1)!];
  else parent[path.at(-1)!] = replacement;
  return copy;
}

/** The value at `path` in `value`, for a failure's message. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value);
}
