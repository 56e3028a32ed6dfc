import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { errorBodySchema } from '../../src/contract/errors.js';
import { DEFAULT_API_KEY, DEFAULT_PUBLIC_KEY } from '../../src/sandbox/world/fixture.js';
import { sandboxRoutes } from '../../src/sandbox/routes.js';
import { createSandbox } from '../../src/sandbox/sandbox.js';
import { createTokenSigner } from '../../src/sandbox/requests/tokens.js';

// "Bad input never crashes it": every route of the table gets malformed JSON, the wrong
// content type, an oversized body, JSON of the wrong shape and odd path parameters, with
// valid credentials so the request reaches the handler. None may answer 5xx, and the
// Public API's answers must keep the spec's error shapes.
const BAD_BODIES: Array<{ name: string; body: BodyInit; type: string }> = [
  { name: 'malformed JSON', body: '{"paymentMethod": "pix",', type: 'application/json' },
  { name: 'wrong content type', body: 'paymentMethod=pix', type: 'text/plain' },
  { name: 'oversized body', body: JSON.stringify({ filler: 'x'.repeat(200_000) }), type: 'application/json' },
  { name: 'a JSON array', body: '[1, 2, 3]', type: 'application/json' },
  { name: 'JSON null', body: 'null', type: 'application/json' },
  { name: 'a JSON number', body: '42', type: 'application/json' },
  { name: 'wrong types everywhere', body: JSON.stringify({ paymentMethod: 7, customer: 'x', items: {}, code: [], rules: 'x', events: 5, advanceSeconds: 'soon', reference: {}, holderName: 1 }), type: 'application/json' },
  { name: 'invalid UTF-8', body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), type: 'application/json' },
];

const ODD_PARAMS = ['%00', 'x'.repeat(3000), '..%2F..%2Fetc', '%F0%9F%92%A5', '-1', '99999999999999999999'];

describe('sandbox: bad input never answers 5xx', () => {
  const routes = sandboxRoutes({ signer: createTokenSigner(), reset: () => undefined });

  it('has routes to check', () => {
    assert.ok(routes.length > 30, `only ${routes.length} routes`);
  });

  it('answers every route with a 4xx or a success, in the spec\'s error shapes', async () => {
    const sandbox = createSandbox();
    const tokenResponse = await sandbox.fetch(
      new Request('http://127.0.0.1/public_api/token/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: DEFAULT_API_KEY.clientId, client_secret: DEFAULT_API_KEY.clientSecret }),
      }),
    );
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    sandbox.world.limits.disabled = true;
    const failures: string[] = [];
    for (const route of routes) {
      const paths = ODD_PARAMS.map((param) => route.path.replace(/:[a-zA-Z_]+/g, param));
      const bodies = route.method === 'GET' ? [undefined] : BAD_BODIES;
      for (const path of route.path.includes(':') ? paths : [route.path]) {
        for (const bad of bodies) {
          const request = new Request(`http://127.0.0.1${path}?page=-3&limit=abc&event=%00&currency=XXX&group_by=`, {
            method: route.method,
            headers: {
              Authorization: `Bearer ${token}`,
              'X-client-id': DEFAULT_PUBLIC_KEY.clientId,
              'X-Idempotency-Key': 'robustness-key',
              ...(bad ? { 'Content-Type': bad.type } : {}),
            },
            body: bad?.body,
          });
          const response = await sandbox.fetch(request);
          const label = `${route.method} ${path.slice(0, 60)} with ${bad?.name ?? 'odd query'}`;
          if (response.status >= 500) failures.push(`${label}: ${response.status}`);
          const isApi = new URL(request.url).pathname.startsWith('/public_api/');
          if (isApi && response.status >= 400) {
            const body: unknown = await response.json().catch(() => 'not JSON');
            if (!errorBodySchema.safeParse(body).success) failures.push(`${label}: error body ${JSON.stringify(body).slice(0, 80)}`);
          }
        }
      }
    }
    sandbox.close();
    assert.deepEqual(failures, []);
  });
});
