/**
 * Two things JSON.parse lets through and the relay must not: a key repeated in one object,
 * and nesting too deep to walk.
 * - `{"a": 1, "a": 2}` is two values for one field. JSON.parse keeps the last; another reader
 *   (a logger, a proxy, the API) may keep the first, so a value can hide from one check behind
 *   another. Keys are compared as JSON.parse reads them, escapes decoded: `"a"` and `"\u0061"`
 *   are the same key.
 * - A few thousand nested lists fit in a small body and exhaust the call stack of anything
 *   that walks the value recursively (a schema library among them), which would answer 500.
 *   No request the relay takes is deeper than a handful of levels.
 *
 * One pass over the text, left to right: linear time, and no recursion, so no input can
 * exhaust the stack here. It keeps one entry per open object or list, never more than the
 * depth limit. The text's grammar is left to JSON.parse, which runs after; on text that is not
 * JSON this pass may report anything or nothing, and JSON.parse refuses it either way.
 */

/** How many objects and lists may be open at once. */
export const JSON_MAX_DEPTH = 32;

export type JsonStructureProblem = 'too_deep' | 'duplicate_key';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const COMMA = 0x2c;

/** An open object (with the keys it has had so far) or an open list. */
type Container = Set<string> | 'list';

/** The first problem of `text`'s structure, or undefined when there is none. */
export function findJsonStructureProblem(text: string, maxDepth: number = JSON_MAX_DEPTH): JsonStructureProblem | undefined {
  const open: Container[] = [];
  // True when the next string of the innermost object is a key (after `{` or `,`).
  let keyNext = false;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      let end = at + 1;
      while (end < text.length && text.charCodeAt(end) !== QUOTE) end += text.charCodeAt(end) === BACKSLASH ? 2 : 1;
      if (end >= text.length) return undefined;
      const container = open.at(-1);
      if (keyNext && container instanceof Set) {
        const key = decodedKey(text.slice(at, end + 1));
        if (key === undefined) return undefined;
        if (container.has(key)) return 'duplicate_key';
        container.add(key);
        keyNext = false;
      }
      at = end;
    } else if (code === OPEN_OBJECT || code === OPEN_LIST) {
      if (open.length >= maxDepth) return 'too_deep';
      open.push(code === OPEN_OBJECT ? new Set() : 'list');
      keyNext = code === OPEN_OBJECT;
    } else if (code === CLOSE_OBJECT || code === CLOSE_LIST) {
      open.pop();
      keyNext = false;
    } else if (code === COMMA) {
      keyNext = open.at(-1) instanceof Set;
    }
  }
  return undefined;
}

/** A key as JSON.parse reads it, or undefined when its escapes are not JSON. */
function decodedKey(quoted: string): string | undefined {
  if (!quoted.includes('\\')) return quoted.slice(1, -1);
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}
