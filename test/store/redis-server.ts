/**
 * Starts the system's `redis-server` (Debian package `redis-server`, installed by `pretest`)
 * on a free loopback port for a test file, with nothing written to disk unless told, and stops
 * it; or kills it, to start it again on the same port and directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { Redis } from 'ioredis';
import { freeLoopbackPorts, redisServerPath, stopProcess } from './redis-processes.js';

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
  const port = options.port ?? (await freeLoopbackPorts(1))[0]!;
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
