/**
 * The relay on its own port: `serveRelay(options)` for scripts and tests, and
 * `runRelayCommand(args, io)`, the `pay-checkout relay` command, which serves until SIGINT or
 * SIGTERM. Node only; the handler itself is `createRelay`.
 */
import type { Server } from 'node:http';
import { isIPv6, type AddressInfo } from 'node:net';
import type { CliIo } from '../cli-io.js';
import { createStandaloneServer, type ServerTimeouts } from '../http/node-server.js';
import type { Store } from '../store/store.js';
import { DEFAULT_RELAY_HOST, DEFAULT_RELAY_PORT, parseRelayArguments, relayUsage } from './cli-options.js';
import { relayRefusal, toNodeHandler } from './node.js';
import { sandboxAddressLookup } from './address-lookups.js';
import type { RelayOptions } from './options.js';
import { createRelay, type Relay } from './relay.js';
import { commandOperations } from './operations/command-operations.js';
import type { RelayCloseOptions } from './operations/operated-relay.js';

export interface ServeRelayOptions extends RelayOptions {
  /** TCP port; 0 picks a free one. Default 4020. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1. */
  host?: string;
  /** Milliseconds a request body may take to arrive, from its headers on; then 408. Default 10 000. */
  bodyTimeoutMs?: number;
  /** Node's clocks for headers, whole requests and idle keep-alive connections; defaults in docs/relay.md. */
  timeouts?: Partial<ServerTimeouts>;
}

export interface ServedRelay {
  /** Where the routes are: origin plus `basePath`, without a trailing slash. */
  url: string;
  relay: Relay;
  /** The `node:http` server, with its timeouts set. */
  server: Server;
  /** Drains the relay (`Relay.close`), then drops what is still open and closes the port. */
  close(options?: RelayCloseOptions): Promise<void>;
}

function originFor(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${isIPv6(reachable) ? `[${reachable}]` : reachable}:${port}`;
}

/** Creates a relay (its options checked first) and serves it; rejects with the listen error. */
export async function serveRelay(options: ServeRelayOptions): Promise<ServedRelay> {
  const { port = DEFAULT_RELAY_PORT, host = DEFAULT_RELAY_HOST, bodyTimeoutMs, timeouts, ...relayOptions } = options;
  const relay = createRelay(relayOptions);
  const server = createStandaloneServer(toNodeHandler(relay, bodyTimeoutMs === undefined ? {} : { bodyTimeoutMs }), { timeouts, refuse: relayRefusal });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    url: `${originFor(host, actualPort)}${(relayOptions.basePath ?? '').replace(/\/+$/, '')}`,
    relay,
    server,
    async close(drain) {
      await relay.close(drain);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The widget settings of the sandbox's own anti-fraud profiler and 3-D Secure server, which it
 * serves beside its API (docs/sandbox.md, "Pages and scripts beside the API"), and its CEP
 * table as the address lookup. Without them the widget leaves `credit_card` and `threeDs` out:
 * a card charge needs a profiling reference (public-api.md, "POST /public_api/payments/").
 */
export function sandboxProviderSettings(apiBaseUrl: string): Pick<RelayOptions, 'threeDSecure' | 'antifraud' | 'addressLookup'> {
  const origin = apiBaseUrl.replace(/\/+$/, '');
  return {
    threeDSecure: { provider: 'sandbox', sessionsUrl: `${origin}/sandbox/3ds/sessions` },
    antifraud: { provider: 'sandbox', scriptUrl: `${origin}/sandbox/profiler.js` },
    addressLookup: sandboxAddressLookup(origin),
  };
}

/** Resolves with the first SIGINT or SIGTERM from now on. */
function nextStopSignal(): Promise<NodeJS.Signals> {
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      signals.forEach((name) => process.off(name, stop));
      resolve(signal);
    };
    signals.forEach((name) => process.on(name, stop));
  });
}

/**
 * `pay-checkout relay [options]`: serves a relay until SIGINT or SIGTERM and prints one line
 * with its URL. Answers the exit code: 0 after a clean stop, 2 for bad arguments or options,
 * 1 when the port cannot be opened.
 */
export async function runRelayCommand(args: string[], io: CliIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const parsed = parseRelayArguments(args, env);
  if (!parsed.ok) {
    io.err(`pay-checkout relay: ${parsed.message}`);
    relayUsage().forEach((line) => io.err(line));
    return 2;
  }
  if (parsed.help) {
    relayUsage().forEach((line) => io.out(line));
    return 0;
  }
  const { port, host, redisUrl, sandboxProviders, operations: flags, ...options } = parsed.options;
  let operations: Awaited<ReturnType<typeof commandOperations>>;
  try {
    operations = await commandOperations(flags);
  } catch (error) {
    io.err(`pay-checkout relay: ${(error as Error).message}`);
    return 2;
  }
  const observers = { ...(operations.logger ? { logger: operations.logger } : {}), ...(operations.metrics ? { metrics: operations.metrics } : {}) };
  // Loaded only when asked for, so a relay without Redis never loads the Redis client.
  const store: Store | undefined =
    redisUrl === undefined ? undefined : (await import('../store/redis-store.js')).createRedisStore({ url: redisUrl });
  let served: ServedRelay;
  try {
    served = await serveRelay({
      ...options,
      ...(sandboxProviders ? sandboxProviderSettings(options.apiBaseUrl) : {}),
      port,
      host,
      ...(store ? { store } : {}),
      ...observers,
    });
  } catch (error) {
    await store?.close();
    if (error instanceof TypeError) {
      io.err(`pay-checkout relay: ${error.message}`);
      return 2;
    }
    io.err(`pay-checkout relay: cannot listen on ${host}:${port}: ${(error as Error).message}`);
    return 1;
  }
  // Listening for signals before the URL is printed, so a stop sent as soon as it is read is not missed.
  const stopped = nextStopSignal();
  io.out(`pay-checkout relay listening on ${served.url}`);
  // The API's judgement of the credentials at once, not at the first buyer: readyz asks for a
  // token, and tells a refused client id or secret to onError, on standard error.
  void fetch(`${served.url}/readyz`).then((answer) => answer.body?.cancel(), () => undefined);
  let metricsUrl: string | undefined;
  try {
    metricsUrl = await operations.listen(host);
  } catch (error) {
    io.err(`pay-checkout relay: cannot serve metrics on ${host}:${flags.metricsPort}: ${(error as Error).message}`);
    await served.close();
    await store?.close();
    return 1;
  }
  if (metricsUrl) io.out(`pay-checkout relay metrics on ${metricsUrl}`);
  const signal = await stopped;
  // readyz turns 503 now; the balancer stops sending buyers during the grace, then the drain ends.
  await served.close({ graceMs: flags.shutdownGraceMs });
  await operations.close();
  await store?.close();
  io.err(`pay-checkout relay stopped (${signal})`);
  return 0;
}
