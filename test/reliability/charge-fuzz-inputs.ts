/**
 * fast-check inputs for the charge fuzzers (relay `POST charges`, sandbox
 * `POST /public_api/payments/`): request bodies that are random, malformed or valid charges
 * taken apart (keys dropped, replaced, added; wrong types, huge strings, card-number-like
 * values in random places), and random headers and query strings. Every value here is one a
 * real client could put on the wire: header values are byte strings without CR, LF or NUL.
 */
import fc from 'fast-check';
import { groupedNumber, luhnNumber } from './checkout-stack.js';

/** A fixed seed, so every run of a fuzzer tries the same cases; `FUZZ_SEED` replays another. */
export const FUZZ_SEED = seedFromEnvironment('FUZZ_SEED', 0x7a11_5eed);

/** A seed the variable `name` gives, or `fallback` when it is not set. */
export function seedFromEnvironment(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined) return fallback;
  const seed = Number(text);
  // NaN would seed nothing (fast-check runs unseeded, a generator repeats one number): a replay that replays nothing.
  if (!Number.isSafeInteger(seed)) throw new Error(`${name} must be an integer, not ${JSON.stringify(text)}`);
  return seed;
}

/** How many requests were answered, from the count of each status: the cases a fuzzer really ran. */
export function answered(statuses: ReadonlyMap<number, number>): number {
  return [...statuses.values()].reduce((sum, count) => sum + count, 0);
}

/** A request body as sent: text, raw bytes (maybe not UTF-8), or none. */
export interface FuzzBody {
  payload: string | Uint8Array | undefined;
  /** The card-like value put into a valid body last, and the dotted path it went to. */
  card?: { value: string | number; path: string };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const digit = fc.constantFrom(...'0123456789');

/**
 * Prefixes and lengths of card numbers the relay refuses (src/relay/card-numbers.ts), none of
 * 14 digits: a 14-digit number whose CNPJ check digits are right is taken for a CNPJ.
 */
const CARD_PREFIXES: ReadonlyArray<readonly [string, number]> = [
  ['4', 16], ['4', 19], ['51', 16], ['2221', 16], ['34', 15], ['37', 15], ['6011', 16], ['3528', 17], ['62', 18], ['636297', 16], ['606282', 13], ['50', 19],
];

/** A Luhn-valid number of a card brand's range and length: plain, in groups with spaces or dashes, or (when safe) a JSON integer. */
const cardLikeValue: fc.Arbitrary<string | number> = fc
  .tuple(fc.constantFrom(...CARD_PREFIXES), fc.string({ unit: digit, minLength: 18, maxLength: 18 }), fc.nat(3))
  .map(([[prefix, length], fill, form]) => {
    const number = luhnNumber(`${prefix}${fill}`.slice(0, length - 1));
    if (form === 1) return groupedNumber(number, ' ');
    if (form === 2) return groupedNumber(number, '-');
    if (form === 3 && Number.isSafeInteger(Number(number))) return Number(number);
    return number;
  });

/** Strings far past the body limits (16 KiB for the relay, 64 KiB for the sandbox) or just under. */
const hugeString = fc
  .tuple(fc.constantFrom('a', '9', 'é', '💳', '<', '"', '\\u0000'), fc.integer({ min: 200, max: 24_000 }))
  .map(([unit, times]) => unit.repeat(times));

/** Values of the wrong type for any field, and the odd ones parsers trip on. */
const oddValue: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
  fc.constantFrom<Json>(null, true, false, 0, -1, 1.5, 1e308, -1e-308, '', ' ', [], {}, [[]], '0', 'null', 'true', '2026-02-30', '97.00'),
  hugeString,
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Key names to add: random ones, and names with a meaning somewhere (prototype, card data, refused fields). */
const keyName = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'ip',
    'card',
    'token',
    'number',
    'cvv',
    'card_number',
    'Card-Number',
    'expMonth',
    'antifraudProfilingAttemptReference',
    'cardToken',
    'metadata',
    'items',
  ),
);

/** Every path of a JSON tree, the root (`[]`) included. */
function pathsOf(value: Json, prefix: (string | number)[] = [], found: (string | number)[][] = []): (string | number)[][] {
  found.push(prefix);
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...prefix, index], found));
  else if (typeof value === 'object' && value !== null) for (const [key, child] of Object.entries(value)) pathsOf(child, [...prefix, key], found);
  return found;
}

function valueAt(root: Json, path: (string | number)[]): Json {
  let node: Json = root;
  for (const step of path) node = (node as Record<string | number, Json>)[step]!;
  return node;
}

/** Sets an own property, even one named `__proto__` (an assignment would change the prototype instead). */
function setOwn(target: Record<string, Json> | Json[], key: string | number, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

interface Mutation {
  kind: 'drop' | 'replace' | 'add';
  at: number;
  key: string;
  value: Json;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('drop', 'replace', 'add'),
  at: fc.nat(),
  key: keyName,
  value: oddValue,
});

/** Applies `change` to `root` (a copy of it) and answers the new root. */
function applyMutation(root: Json, change: Mutation): Json {
  // A copy: fast-check hands out the same instance of a constant (`{}`, `[]`) to many cases.
  const value = structuredClone(change.value);
  const paths = pathsOf(root);
  const path = paths[change.at % paths.length]!;
  if (path.length === 0) return change.kind === 'replace' ? value : root;
  const parent = valueAt(root, path.slice(0, -1)) as Record<string, Json> | Json[];
  const key = path[path.length - 1]!;
  const target = valueAt(root, path);
  if (change.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key as string];
  } else if (change.kind === 'replace') {
    setOwn(parent, key, value);
  } else if (Array.isArray(target)) {
    target.push(value);
  } else if (typeof target === 'object' && target !== null) {
    setOwn(target, change.key, value);
  } else {
    setOwn(parent, key, value);
  }
  return root;
}

/** A path as the relay writes it: dotted, an empty key at the start leaving no dot behind. */
function dottedPath(path: readonly (string | number)[]): string {
  return path.reduce<string>((written, step) => (written ? `${written}.${step}` : String(step)), '');
}

/** Puts `card` at a random place of `root`: as the value of an existing leaf, or of a new key with a plain name. */
function placeCard(root: Json, at: number, newKey: string | undefined, card: string | number): { root: Json; path: string } {
  const paths = pathsOf(root).filter((path) => path.length > 0);
  if (paths.length === 0) return { root: card, path: '' };
  const path = paths[at % paths.length]!;
  const target = valueAt(root, path);
  if (newKey !== undefined && typeof target === 'object' && target !== null && !Array.isArray(target)) {
    setOwn(target, newKey, card);
    return { root, path: dottedPath([...path, newKey]) };
  }
  setOwn(valueAt(root, path.slice(0, -1)) as Record<string, Json>, path[path.length - 1]!, card);
  return { root, path: dottedPath(path) };
}

/**
 * Bodies for a charge endpoint: valid ones from `valid`, the same taken apart by up to four
 * mutations (sometimes with a card-like value placed last), and random or malformed payloads.
 */
export function chargeBodyArbitrary(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<FuzzBody> {
  const mutated = fc
    .tuple(valid, fc.array(mutation, { maxLength: 4 }), fc.option(fc.tuple(cardLikeValue, fc.nat(), fc.option(fc.constantFrom('notes', 'x', 'ref', 'value'), { nil: undefined })), { nil: undefined }))
    .map(([body, changes, card]): FuzzBody => {
      let root = structuredClone(body) as Json;
      for (const change of changes) root = applyMutation(root, change);
      if (card === undefined) return { payload: JSON.stringify(root) };
      const [value, at, newKey] = card;
      const placed = placeCard(root, at, newKey, value);
      return { payload: JSON.stringify(placed.root), card: { value, path: placed.path } };
    });
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((body): FuzzBody => ({ payload: JSON.stringify(body) })) },
    { weight: 8, arbitrary: mutated },
    { weight: 2, arbitrary: fc.json({ maxDepth: 3 }).map((text): FuzzBody => ({ payload: text })) },
    {
      weight: 2,
      arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }).map((value): FuzzBody => {
        let text: string | undefined;
        try {
          text = JSON.stringify(value);
        } catch {
          text = String(value);
        }
        return { payload: text };
      }),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((text): FuzzBody => ({ payload: text })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes): FuzzBody => ({ payload: bytes })) },
    { weight: 1, arbitrary: fc.constantFrom<FuzzBody>({ payload: undefined }, { payload: '' }, { payload: '{' }, { payload: '{"a":' }, { payload: '\uFEFF{}' }) },
  );
}

/** Key names a plain object already has through its prototype: a parser or error builder that indexes `{}` by them can go wrong. */
const PROTOTYPE_KEY_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'] as const;

/**
 * Bodies tried before the random ones in every run: `valid` with one unknown key named after
 * a prototype member, at the top and inside `customer`. Each must be refused with that key
 * named, like any other unknown key.
 */
export function prototypeKeyBodies(valid: Record<string, unknown>): FuzzBody[] {
  return PROTOTYPE_KEY_NAMES.flatMap((name) => {
    const value = JSON.stringify(name === '__proto__' ? { polluted: true } : 1);
    const top = JSON.stringify(valid).replace(/}$/, `,${JSON.stringify(name)}:${value}}`);
    const nested = JSON.stringify(valid).replace(/"customer":\{/, `"customer":{${JSON.stringify(name)}:${value},`);
    return [{ payload: top }, { payload: nested }];
  });
}

/** One character of a header value: printable ASCII or Latin-1 (a byte string without CR, LF or NUL). */
const headerChar = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code)) },
);

/** A random header value of up to `maxLength` characters. */
export function headerValue(maxLength: number, minLength = 0): fc.Arbitrary<string> {
  return fc.string({ unit: headerChar, minLength, maxLength });
}

/** `Content-Type` values: JSON in its spellings (most cases), its near misses, others, and none. */
export const contentTypeArbitrary: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json ; charset=UTF-8',
      'application/json;charset=latin1',
      'application/json;',
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      '',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      'application/merge-patch+json',
      'json',
    ),
  },
  { weight: 1, arbitrary: headerValue(40) },
);

/** An idempotency key: a UUID (most cases), or any length from 0 to 300, or none. */
export const idempotencyKeyArbitrary: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.uuid() },
  { weight: 3, arbitrary: headerValue(300) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, '', ' ', 'a'.repeat(255), 'a'.repeat(256)) },
);

/** A query string (with its `?`) or nothing. */
export const queryArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.webQueryParameters().map((query) => `?${query}`) },
  { weight: 1, arbitrary: headerValue(40).map((text) => `?${encodeURIComponent(text)}=${text.length}`) },
);

/** Headers a request may carry besides the route's own: none in most cases, else a few, with a `Content-Length` claim that may lie. */
export const extraHeadersArbitrary: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        'Content-Length': fc.oneof(fc.nat(20_000).map(String), fc.nat(10).map(String), headerValue(8)),
        'X-Forwarded-For': headerValue(40),
        Accept: fc.constantFrom('application/json', '*/*', 'text/html'),
        Cookie: headerValue(30),
      },
      { requiredKeys: [] },
    ),
  },
);

/** Headers as an object, without the undefined ones. */
export function definedHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The body as `fetch` takes it. */
export function bodyInit(body: FuzzBody): BodyInit | undefined {
  return body.payload instanceof Uint8Array ? new Uint8Array(body.payload) : body.payload;
}

/** A short description of a request for a failure message (bodies cut to 300 characters). */
export function describeRequest(headers: Record<string, string>, query: string, body: FuzzBody): string {
  const text = body.payload instanceof Uint8Array ? `bytes ${Buffer.from(body.payload).toString('hex')}` : String(body.payload);
  return `query ${JSON.stringify(query)}\nheaders ${JSON.stringify(headers)}\nbody ${text.slice(0, 300)}${text.length > 300 ? '…' : ''}`;
}
