/**
 * Starts a Redis Cluster of three masters (no replicas) from the system's `redis-server` on
 * free loopback ports for a test file, joined by `redis-cli --cluster create`, with nothing
 * written anywhere but its own temporary directory; and stops it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';

const run = promisify(execFile);

export interface RunningRedisCluster {
  /** `redis://127.0.0.1:PORT` of each master, in the order they were started. */
  urls: string[];
  ports: number[];
  /** SIGTERM to every node, then waits until each has exited, and removes the directory. */
  stop(): Promise<void>;
}

const MASTERS = 3;
const STARTUP_TIMEOUT_MS = 10_000;

/** scripts/executables.js is plain JavaScript (it runs in `pretest`): its one function used here is typed at the import. */
async function redisServerPath(): Promise<string> {
  const executables = new URL('../../scripts/executables.js', import.meta.url);
  const { findRedisServer } = (await import(executables.href)) as { findRedisServer(): string | undefined };
  const path = findRedisServer();
  if (path === undefined) {
    throw new Error('redis-server was not found: run `npm run pretest`, install the Debian package redis-server, or set REDIS_SERVER_PATH');
  }
  return path;
}

/** redis-cli comes with redis-server (Debian's redis-tools, a dependency of redis-server): beside it, or REDIS_CLI_PATH. */
function redisCliPath(serverPath: string): string {
  return process.env['REDIS_CLI_PATH'] || join(dirname(serverPath), 'redis-cli');
}

/** Ports nothing listens on now, each picked by the kernel for a throwaway listener on 127.0.0.1. */
async function freeLoopbackPorts(count: number): Promise<number[]> {
  const probes = Array.from({ length: count }, () => createServer());
  // All open at once, so the kernel cannot hand out one port twice.
  await Promise.all(probes.map((probe) => new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  })));
  const ports = probes.map((probe) => (probe.address() as AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise<void>((resolve) => probe.close(() => resolve()))));
  return ports;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connection that gives up at once instead of retrying, for probes. */
function probe(port: number): Redis {
  const connection = new Redis({ host: '127.0.0.1', port, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  connection.on('error', () => undefined);
  return connection;
}

/** Waits until `check` answers true on the node, or throws with `what` when it does not in time. */
async function waitOnNode(port: number, what: string, check: (connection: Redis) => Promise<boolean>, deadline: number, output: () => string): Promise<void> {
  while (Date.now() < deadline) {
    const connection = probe(port);
    try {
      await connection.connect();
      if (await check(connection)) return;
    } catch {
      // Not listening yet.
    } finally {
      connection.disconnect();
    }
    await pause(50);
  }
  throw new Error(`node ${port}: ${what} within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}

async function startOnce(serverPath: string): Promise<RunningRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-redis-cluster-'));
  // Each master needs its client port and its cluster bus port.
  const allPorts = await freeLoopbackPorts(2 * MASTERS);
  const ports = allPorts.slice(0, MASTERS);
  const children: ChildProcess[] = [];
  let output = '';
  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const [index, port] of ports.entries()) {
      // Loopback only, no snapshots or append-only file; the node's cluster state in its own file.
      const child = spawn(
        serverPath,
        [
          '--port', String(port),
          '--cluster-port', String(allPorts[MASTERS + index]),
          '--bind', '127.0.0.1',
          '--cluster-enabled', 'yes',
          '--cluster-config-file', `nodes-${port}.conf`,
          '--dir', dir,
          '--save', '',
          '--appendonly', 'no',
          '--daemonize', 'no',
        ],
        { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      children.push(child);
    }
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    await Promise.all(ports.map((port) => waitOnNode(port, 'no PONG', async (connection) => (await connection.ping()) === 'PONG', deadline, () => output)));
    await run(redisCliPath(serverPath), ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '0', '--cluster-yes'], {
      timeout: STARTUP_TIMEOUT_MS,
    });
    // Every node must know the whole slot map before a client may trust any of them.
    await Promise.all(
      ports.map((port) =>
        waitOnNode(port, 'cluster_state not ok', async (connection) => /cluster_state:ok/.test(String(await connection.cluster('INFO'))), deadline, () => output),
      ),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls: ports.map((port) => `redis://127.0.0.1:${port}`), ports, stop };
}

/** Starts a cluster; tries again on other ports when another process took one of the free ones first. */
export async function startRedisCluster(): Promise<RunningRedisCluster> {
  const path = await redisServerPath();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(path);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The keys under `prefix` on each master, by port: where a cluster placed one store's keys. */
export async function keysByNode(cluster: RunningRedisCluster, prefix: string): Promise<Map<number, string[]>> {
  const placed = new Map<number, string[]>();
  for (const port of cluster.ports) {
    const connection = new Redis({ host: '127.0.0.1', port });
    try {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = await connection.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        keys.push(...batch);
        cursor = next;
      } while (cursor !== '0');
      placed.set(port, keys);
    } finally {
      connection.disconnect();
    }
  }
  return placed;
}
