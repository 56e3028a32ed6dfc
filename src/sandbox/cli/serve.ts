/**
 * The sandbox on a real port: `serveSandbox(options)` for scripts and tests, and
 * `runSandboxCommand(args, io)`, the `pay-checkout sandbox` command, which serves until
 * SIGINT or SIGTERM. Node only (`node:http`); the fetch handler itself is `createSandbox`.
 */
import type { Server } from 'node:http';
import { isIPv6, type AddressInfo } from 'node:net';
import type { CliIo } from '../../cli-io.js';
import { DEFAULT_REFUSAL_DETAIL, LISTENER_REFUSAL_STATUS, toNodeListener, type ListenerRefusal } from '../../http/node-listener.js';
import { createStandaloneServer, type ServerTimeouts } from '../../http/node-server.js';
import {
  DEFAULT_SANDBOX_HOST,
  DEFAULT_SANDBOX_PORT,
  parseSandboxArguments,
  sandboxUsage,
  startBanner,
  withCommandKeys,
} from './cli-options.js';
import { DroppedConnection } from '../requests/faults.js';
import { defaultFixture } from '../world/fixture.js';
import { InvalidFixtureFileError, loadFixtureFile } from '../world/fixture-file.js';
import { detailResponse } from '../requests/responses.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../sandbox.js';

export interface ServeSandboxOptions extends SandboxOptions {
  /** TCP port; 0 picks a free one (the answer's `url` has the real port). Default 4010. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Milliseconds a request body may take to arrive, from its headers on; then 408. Default 10 000. */
  bodyTimeoutMs?: number;
  /** Node's clocks for headers, whole requests and idle keep-alive connections. */
  timeouts?: Partial<ServerTimeouts>;
}

export interface ServedSandbox {
  /** Base URL of the sandbox, e.g. `http://127.0.0.1:4010`, without a trailing slash. */
  url: string;
  /** The sandbox behind the server, for tests that look inside or move its clock. */
  sandbox: Sandbox;
  /** The `node:http` server, with its timeouts set. */
  server: Server;
  /** Stops scheduled work, drops open connections and closes the port. */
  close(): Promise<void>;
}

const REFUSAL_DETAILS: Record<ListenerRefusal, string> = { ...DEFAULT_REFUSAL_DETAIL, internal: 'Erro interno do sandbox.' };

/** What the sandbox's listener refuses by itself, in the API's `{detail}` form. */
function sandboxRefusal(reason: ListenerRefusal): Response {
  return detailResponse(LISTENER_REFUSAL_STATUS[reason], REFUSAL_DETAILS[reason]);
}

/** The base URL for a listening address; a wildcard address is reached through loopback. */
function baseUrlFor(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${isIPv6(reachable) ? `[${reachable}]` : reachable}:${port}`;
}

/** Starts a sandbox on a `node:http` server. Rejects with the listen error (port taken, unknown host). */
export async function serveSandbox(options: ServeSandboxOptions = {}): Promise<ServedSandbox> {
  const { port = DEFAULT_SANDBOX_PORT, host = DEFAULT_SANDBOX_HOST, bodyTimeoutMs, timeouts, ...sandboxOptions } = options;
  const sandbox = createSandbox(sandboxOptions);
  const listener = toNodeListener((request, info) => sandbox.fetch(request, info), {
    refuse: sandboxRefusal,
    // A body that never came whole ends the handler like a lost connection: nothing of the
    // request was acted on, and the listener answers 408 (or nothing, when the client left).
    incompleteBodyError: () => new DroppedConnection(),
    ...(bodyTimeoutMs === undefined ? {} : { bodyTimeoutMs }),
  });
  let server: Server;
  try {
    server = createStandaloneServer(listener, { timeouts, refuse: sandboxRefusal });
  } catch (error) {
    sandbox.close();
    throw error;
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    sandbox.close();
    throw error;
  }
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    url: baseUrlFor(host, actualPort),
    sandbox,
    server,
    async close() {
      sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Listen errors that come from the `--host` argument rather than from the machine. */
const HOST_ERRORS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL', 'EAI_NONAME']);

/**
 * Listens for SIGINT and SIGTERM from now on: `received` resolves on the first one. Listening
 * starts before the URL is printed, so a signal sent as soon as the URL is read is never missed.
 */
function watchStopSignals(): { received: Promise<NodeJS.Signals>; dispose(): void } {
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
  let stop: (signal: NodeJS.Signals) => void = () => undefined;
  const received = new Promise<NodeJS.Signals>((resolve) => {
    stop = (signal) => {
      dispose();
      resolve(signal);
    };
  });
  const dispose = () => signals.forEach((name) => process.off(name, stop));
  signals.forEach((name) => process.on(name, stop));
  return { received, dispose };
}

/**
 * `pay-checkout sandbox [options]`: serves a sandbox until SIGINT or SIGTERM. Answers the
 * exit code: 0 after a clean stop, 2 for a usage error or an invalid fixture, 1 when the
 * port cannot be opened.
 */
export async function runSandboxCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseSandboxArguments(args);
  if (!parsed.ok) {
    io.err(`pay-checkout sandbox: ${parsed.message}`);
    sandboxUsage().forEach((line) => io.err(line));
    return 2;
  }
  const { options } = parsed;
  if (options.help) {
    sandboxUsage().forEach((line) => io.out(line));
    return 0;
  }

  let fixture = defaultFixture();
  if (options.fixtureFile !== undefined) {
    try {
      fixture = await loadFixtureFile(options.fixtureFile);
    } catch (error) {
      if (!(error instanceof InvalidFixtureFileError)) throw error;
      error.message.split('\n').forEach((line) => io.err(line));
      return 2;
    }
  }

  const stopSignals = watchStopSignals();
  let served: ServedSandbox;
  try {
    served = await serveSandbox({ port: options.port, host: options.host, fixture: withCommandKeys(fixture, options) });
  } catch (error) {
    stopSignals.dispose();
    const code = (error as NodeJS.ErrnoException).code ?? '';
    io.err(`pay-checkout sandbox: cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`);
    if (!HOST_ERRORS.has(code)) return 1;
    sandboxUsage().forEach((line) => io.err(line));
    return 2;
  }
  startBanner(served.url, served.sandbox.world.fixture, options).forEach((line) => io.out(line));

  const signal = await stopSignals.received;
  await served.close();
  io.out(`pay-checkout sandbox stopped (${signal})`);
  return 0;
}
