/**
 * What the tests that start their own Redis processes share (a cluster, a master with its
 * replica and Sentinel): the system's `redis-server`, free loopback ports, a server process
 * whose output is kept for the error message, and polls of a node until it is ready.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';

/** scripts/executables.js is plain JavaScript (it runs in `pretest`): its one function used here is typed at the import. */
export async function redisServerPath(): Promise<string> {
  const executables = new URL('../../scripts/executables.js', import.meta.url);
  const { findRedisServer } = (await import(executables.href)) as { findRedisServer(): string | undefined };
  const path = findRedisServer();
  if (path === undefined) {
    throw new Error('redis-server was not found: run `npm run pretest`, install the Debian package redis-server, or set REDIS_SERVER_PATH');
  }
  return path;
}

/** Ports nothing listens on now, each picked by the kernel for a throwaway listener on 127.0.0.1. */
export async function freeLoopbackPorts(count: number): Promise<number[]> {
  const probes = Array.from({ length: count }, () => createServer());
  // All open at once, so the kernel cannot hand out one port twice.
  await Promise.all(
    probes.map(
      (probe) =>
        new Promise<void>((resolve, reject) => {
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', resolve);
        }),
    ),
  );
  const ports = probes.map((probe) => (probe.address() as AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise<void>((resolve) => probe.close(() => resolve()))));
  return ports;
}

/** A `redis-server` process in the foreground (so a signal reaches it), its output kept in `output`. */
export function spawnRedis(path: string, args: string[], cwd: string, output: { text: string }): ChildProcess {
  const child = spawn(path, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  return child;
}

/** Sends `signal` (SIGTERM unless told) and waits until the process has exited. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/** Waits until `check` answers true on the server at `port`, or throws with `what` and the processes' output after `deadline`. */
export async function waitOnNode(
  port: number,
  what: string,
  check: (connection: Redis) => Promise<boolean>,
  deadline: number,
  output: { text: string },
): Promise<void> {
  while (Date.now() < deadline) {
    // Gives up at once instead of retrying: the loop is the retry.
    const connection = new Redis({ host: '127.0.0.1', port, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    connection.on('error', () => undefined);
    try {
      await connection.connect();
      if (await check(connection)) return;
    } catch {
      // Not listening yet.
    } finally {
      connection.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`port ${port}: ${what} in time:\n${output.text}`);
}
