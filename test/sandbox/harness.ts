/**
 * Starts a real sandbox on a free loopback port for a test file, and gives the test the
 * calls it needs: raw fetch, a token for a key, JSON requests with a bearer token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeListener } from '../../src/http/node-listener.js';
import { DEFAULT_API_KEY } from '../../src/sandbox/world/fixture.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/sandbox.js';

export interface RunningSandbox {
  sandbox: Sandbox;
  baseUrl: string;
  /** An access token for a secret key (the default full-scope key unless told). */
  token(key?: { clientId: string; clientSecret: string }): Promise<string>;
  /** A request with `Authorization: Bearer` (a fresh default token unless one is given) and a JSON body. */
  api(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  const server: Server = createServer(toNodeListener((request, info) => sandbox.fetch(request, info)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const tokens = new Map<string, string>();

  async function token(key: { clientId: string; clientSecret: string } = DEFAULT_API_KEY): Promise<string> {
    const cached = tokens.get(key.clientId);
    if (cached) return cached;
    const response = await fetch(`${baseUrl}/public_api/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: key.clientId, client_secret: key.clientSecret }),
    });
    if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
    const { access_token } = (await response.json()) as { access_token: string };
    tokens.set(key.clientId, access_token);
    return access_token;
  }

  return {
    sandbox,
    baseUrl,
    token,
    async api(method, path, { body, token: given, headers = {} } = {}) {
      const bearer = given ?? (await token());
      return fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${bearer}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
    async close() {
      sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
