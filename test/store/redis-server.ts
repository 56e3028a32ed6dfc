/**
 * Starts the system's `redis-server` (Debian package `redis-server`, installed by `pretest`)
 * on a free loopback port for a test file, with nothing written to disk unless told, and stops
 * it; or kills it, to start it again on the same port and directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { Redis } from 'ioredis';

export interface RunningRedis {
  /** `redis://127.0.0.1:PORT`. */
  url: string;
  port: number;
  /** SIGTERM, then waits until the process has exited. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or the OOM killer: nothing is flushed. Waits until the process has exited. */
  kill(): Promise<void>;
  /** Sends a signal (SIGSTOP: the server stops answering but keeps its connections; SIGCONT: it goes on). */
  signal(signal: NodeJS.Signals): void;
}

export interface RedisServerOptions {
  /** The port; default a free one. */
  port?: number;
  /** The working directory, where an append-only file goes; default the system's temp directory. */
  dir?: string;
  /** The persistence arguments; default none at all (`--save '' --appendonly no`). */
  persistence?: readonly string[];
}

const STARTUP_TIMEOUT_MS = 5_000;

/**
 * scripts/executables.js is plain JavaScript (it runs in `pretest`, before any TypeScript
 * loader), so it has no types: its one function used here is typed at the import.
 */
async function redisServerPath(): Promise<string> {
  const executables = new URL('../../scripts/executables.js', import.meta.url);
  const { findRedisServer } = (await import(executables.href)) as { findRedisServer(): string | undefined };
  const path = findRedisServer();
  if (path === undefined) {
    throw new Error('redis-server was not found: run `npm run pretest`, install the Debian package redis-server, or set REDIS_SERVER_PATH');
  }
  return path;
}

/** A port nothing listens on now: the kernel picks one for a throwaway listener on 127.0.0.1. */
async function freeLoopbackPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Answers once the server replies PONG, or throws (with what it printed) when it does not in time. */
async function waitForPong(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}:\n${output()}`);
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      if ((await probe.ping()) === 'PONG') return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    } finally {
      probe.disconnect();
    }
  }
  throw new Error(`redis-server did not answer PING within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}

async function startOnce(path: string, options: RedisServerOptions): Promise<RunningRedis> {
  const port = options.port ?? (await freeLoopbackPort());
  const persistence = options.persistence ?? ['--save', '', '--appendonly', 'no'];
  // Loopback only, no RDB snapshots or append-only file unless told, in the foreground so signals reach it.
  const child = spawn(path, [...persistence, '--bind', '127.0.0.1', '--port', String(port), '--daemonize', 'no'], {
    cwd: options.dir ?? tmpdir(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `redis://127.0.0.1:${port}`;
  try {
    await waitForPong(url, child, () => output);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    url,
    port,
    stop: () => stopProcess(child),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
    signal: (signal) => void child.kill(signal),
  };
}

/** Starts a server; on a free port, tries again on another when another process took it first. */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RunningRedis> {
  const path = await redisServerPath();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(path, options);
    } catch (error) {
      if (attempt === 3 || options.port !== undefined) throw error;
    }
  }
}
