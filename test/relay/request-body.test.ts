import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { RelayWebhookEvent } from '../../src/relay/index.js';
import { RelayError } from '../../src/relay/errors.js';
import { findJsonStructureProblem, JSON_MAX_DEPTH } from '../../src/relay/json-structure.js';
import { readJsonBody } from '../../src/relay/request-body.js';
import type { RelayRequest } from '../../src/relay/relay-exchange.js';
import { WEBHOOK_MAX_BODY_BYTES } from '../../src/relay/webhooks-route.js';
import { pixChargeBody, postCharge, refusal, startRelay, WEBHOOK_SECRET, type RelayUnderTest } from './relay-harness.js';

const CHARGE_PATH = '/public_api/payments/';

function nestedLists(levels: number, inner = '1'): string {
  return `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
}

function nestedObjects(levels: number, inner = '1'): string {
  return `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;
}

/** Pix body text with `members` added to the top-level object. */
function chargeText(members: string): string {
  return `${JSON.stringify(pixChargeBody()).slice(0, -1)},${members}}`;
}

/** How deep a parsed value nests objects and lists (a scalar is 0). */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('JSON structure: depth and repeated keys, in one pass over the text', () => {
  it(`takes ${JSON_MAX_DEPTH} levels of lists or objects and refuses ${JSON_MAX_DEPTH + 1} or 100,000`, () => {
    for (const nested of [nestedLists, nestedObjects]) {
      assert.equal(findJsonStructureProblem(nested(JSON_MAX_DEPTH)), undefined);
      assert.equal(findJsonStructureProblem(nested(JSON_MAX_DEPTH + 1)), 'too_deep');
      assert.equal(findJsonStructureProblem(nested(100_000)), 'too_deep');
    }
    assert.equal(findJsonStructureProblem(`{"a":[{"b":${nestedLists(JSON_MAX_DEPTH - 3)}}]}`), undefined);
    assert.equal(findJsonStructureProblem(`{"a":[{"b":${nestedLists(JSON_MAX_DEPTH - 2)}}]}`), 'too_deep');
    // Closed levels do not count: many shallow siblings are fine.
    assert.equal(findJsonStructureProblem(`[${Array.from({ length: 1000 }, () => nestedLists(20)).join(',')}]`), undefined);
  });

  it('refuses a key repeated in one object, at the top or nested, however it is spelled', () => {
    const repeated = [
      '{"a":1,"a":2}',
      '{"a":1,"b":{"c":[1,2]},"a":2}',
      '{"x":{"a":1,"a":2}}',
      '[{"ok":1},{"a":[{"a":1,"b":2,"a":3}]}]',
      '{"a":1,"\\u0061":2}',
      '{"\\u0061":1,"\\u0041":2,"a":3}',
      '{"a/b":1,"a\\/b":2}',
      '{"😀":1,"\\ud83d\\ude00":2}',
      '{"":1,"":2}',
      '{ "a" : 1 ,\n\t"a" : 2 }',
      '{"__proto__":1,"__proto__":2}',
    ];
    for (const text of repeated) assert.equal(findJsonStructureProblem(text), 'duplicate_key', text);
  });

  it('does not miscount brackets, quotes or commas inside strings, nor take values for keys', () => {
    const fine = [
      `{"a":"${'['.repeat(100)}","b":"${'{'.repeat(100)}"}`,
      '{"a":"\\"]}","b":"\\\\","c":"\\\\\\"[["}',
      '{"a,b":1,"a":2,"b":3}',
      '{"a":"a","b":"a","c":["a","a"]}',
      '{"a":{"b":1},"b":2}',
      '[{"a":1},{"a":1}]',
      '{"a":1,"A":2,"a ":3}',
      '{"[":1,"]":2,"{":3,"}":4,"\\"":5}',
    ];
    for (const text of fine) {
      JSON.parse(text);
      assert.equal(findJsonStructureProblem(text), undefined, text);
    }
    assert.equal(findJsonStructureProblem(`{"a":"${'['.repeat(100)}","a":1}`), 'duplicate_key');
  });

  it('agrees with JSON.parse on any JSON without repeated keys', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 40 }), (value) => {
        const text = JSON.stringify(value, null, value === null ? 0 : 1);
        assert.equal(findJsonStructureProblem(text), depthOf(value) > JSON_MAX_DEPTH ? 'too_deep' : undefined);
      }),
      { numRuns: 2000, seed: 0x15_0b0d },
    );
  });

  it('reads megabytes of lists, keys or escapes without a stack of its own (its speed is for `npm run bench`, not a test)', () => {
    const texts = [
      `[${Array.from({ length: 200_000 }, () => nestedLists(JSON_MAX_DEPTH - 1)).join(',')}]`,
      `{${Array.from({ length: 200_000 }, (_, index) => `"k${index}":${index}`).join(',')}}`,
      `{${Array.from({ length: 100_000 }, (_, index) => `"\\u00${(index % 26) + 61}${index}":1`).join(',')}}`,
      `["${'\\"'.repeat(1_000_000)}"]`,
    ];
    for (const text of texts) {
      assert.equal(text.length > 1_000_000, true);
      assert.equal(findJsonStructureProblem(text), undefined);
      // One key more, repeated at the very end, is still found after all of it.
      if (text.startsWith('{"k0"')) assert.equal(findJsonStructureProblem(`${text.slice(0, -1)},"k0":1}`), 'duplicate_key');
    }
  });
});

describe('a JSON body read as UTF-8', () => {
  /** A POST whose body arrives whole as `bytes`. */
  const requestOf = (bytes: Uint8Array): RelayRequest => ({
    method: 'POST',
    url: 'http://relay.test/charges',
    headers: new Headers({ 'content-type': 'application/json' }),
    signal: new AbortController().signal,
    body: null,
    bodyBytes: async () => bytes,
  });
  const utf8 = (text: string) => new TextEncoder().encode(text);

  it('refuses bytes that are not UTF-8, a sequence cut in two among them, and reads every body after one whole', async () => {
    const cut = utf8('{"name":"São"}').slice(0, 11);
    for (const bytes of [new Uint8Array([0x7b, 0xff, 0x7d]), cut, Uint8Array.from([...cut, 0x22, 0x7d])]) {
      await assert.rejects(readJsonBody(requestOf(bytes), 1024), (error: unknown) => error instanceof RelayError && error.type === 'invalid_json' && error.message === 'The body is not UTF-8 text.');
      // Nothing of the refused bytes stays behind for the next body.
      assert.deepEqual(await readJsonBody(requestOf(utf8('{"name":"João"}')), 1024), { name: 'João' });
    }
  });
});

describe('JSON bodies through the relay: deep or with a repeated key, 400 invalid_json and nothing sent', () => {
  let relay: RelayUnderTest;
  const events: RelayWebhookEvent[] = [];
  before(async () => {
    // A roomy body limit, so 100,000 levels reach the JSON reader instead of the size check.
    relay = await startRelay({ maxBodyBytes: 1024 * 1024, chargeRateLimit: false, onEvent: (event) => void events.push(event) });
  });
  after(() => relay.close());

  it('POST charges', async () => {
    const chargesBefore = relay.upstreamCount(CHARGE_PATH);
    const refused: Array<[string, string]> = [
      ['33 levels of lists', chargeText(`"extra":${nestedLists(JSON_MAX_DEPTH)}`)],
      ['33 levels of objects', chargeText(`"extra":${nestedObjects(JSON_MAX_DEPTH)}`)],
      ['100,000 levels of lists', nestedLists(100_000)],
      ['100,000 levels of lists in a charge', chargeText(`"extra":${nestedLists(100_000)}`)],
      ['100,000 levels of objects', nestedObjects(100_000)],
      ['a repeated top-level key', chargeText('"paymentMethod":"boleto"')],
      ['a repeated nested key', chargeText(`"metadata":{"sck":"a","utm_source":"b","sck":"c"}`)],
      ['a repeated key spelled with escapes', chargeText('"p\\u0061ymentMethod":"boleto"')],
    ];
    for (const [name, body] of refused) {
      const response = await postCharge(relay, body);
      assert.ok(response.status < 500, `${name}: ${response.status}`);
      assert.equal((await refusal(response, 400)).type, 'invalid_json', name);
    }
    // 32 levels are read: the schema then names the unknown field.
    const parsed = await refusal(await postCharge(relay, chargeText(`"extra":${nestedLists(JSON_MAX_DEPTH - 1)}`)), 400);
    assert.equal(parsed.type, 'invalid_request');
    assert.deepEqual(Object.keys(parsed.fields ?? {}), ['extra']);
    // A string full of brackets and quotes is not nesting: the charge goes through.
    const bracketed = { ...pixChargeBody(), metadata: { utm_content: `${'[{'.repeat(40)}"\\` } };
    assert.equal((await postCharge(relay, bracketed)).status, 201);
    assert.equal(relay.upstreamCount(CHARGE_PATH) - chargesBefore, 1, 'only the valid charge reached the API');
    assert.deepEqual(relay.reported, []);
  });

  it('POST webhooks', async () => {
    const delivery = (data: string, secret = `"secret":${JSON.stringify(WEBHOOK_SECRET)}`) => `{${secret},"event":"purchase_approved","data":${data}}`;
    const deep = nestedLists(100_000);
    assert.ok(deep.length < WEBHOOK_MAX_BODY_BYTES);
    const refused: Array<[string, string]> = [
      ['100,000 levels of lists', deep],
      ['33 levels in the data', delivery(`{"id":"ord_deep","status":"paid","extra":${nestedObjects(JSON_MAX_DEPTH - 1)}}`)],
      ['a repeated status', delivery('{"id":"ord_dup","status":"waiting_payment","status":"paid"}')],
      ['a repeated secret', delivery('{"id":"ord_dup","status":"paid"}', `"secret":"guess","secret":${JSON.stringify(WEBHOOK_SECRET)}`)],
    ];
    for (const [name, body] of refused) {
      const response = await relay.call('POST', '/webhooks', { body });
      assert.ok(response.status < 500, `${name}: ${response.status}`);
      assert.equal((await refusal(response, 400)).type, 'invalid_json', name);
    }
    assert.deepEqual(events, [], 'no refused delivery reached onEvent');
    assert.deepEqual(relay.reported, []);
  });
});
