/**
 * Starts a Redis Cluster of three masters (with no replicas, unless asked for) from the
 * system's `redis-server` on free loopback ports for a test file, joined by `redis-cli
 * --cluster create`, with nothing written anywhere but its own temporary directory; and stops it.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freeLoopbackPorts, redisServerPath, spawnRedis, stopProcess, waitOnNode } from './redis-processes.js';

const run = promisify(execFile);

export interface RunningRedisCluster {
  /** `redis://127.0.0.1:PORT` of each node (the masters first, then their replicas), in the order they were started. */
  urls: string[];
  ports: number[];
  /** SIGKILL to the node at `port`, as a machine that dies; waits until it has exited. */
  kill(port: number): Promise<void>;
  /** SIGTERM to every node, then waits until each has exited, and removes the directory. */
  stop(): Promise<void>;
}

const MASTERS = 3;
const STARTUP_TIMEOUT_MS = 10_000;

/** redis-cli comes with redis-server (Debian's redis-tools, a dependency of redis-server): beside it, or REDIS_CLI_PATH. */
function redisCliPath(serverPath: string): string {
  const path = process.env['REDIS_CLI_PATH'] || join(dirname(serverPath), 'redis-cli');
  if (!existsSync(path)) throw new Error(`redis-cli was not found at ${path}: install the Debian package redis-tools, or set REDIS_CLI_PATH`);
  return path;
}

async function startOnce(serverPath: string, cliPath: string, replicas: number): Promise<RunningRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-redis-cluster-'));
  const count = MASTERS * (1 + replicas);
  // Each node needs its client port and its cluster bus port.
  const allPorts = await freeLoopbackPorts(2 * count);
  const ports = allPorts.slice(0, count);
  const children: ChildProcess[] = [];
  const output = { text: '' };
  const stop = async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const [index, port] of ports.entries()) {
      // Loopback only, no snapshots or append-only file; the node's cluster state in its own file.
      const child = spawnRedis(
        serverPath,
        [
          '--port', String(port),
          '--cluster-port', String(allPorts[count + index]),
          '--bind', '127.0.0.1',
          '--cluster-enabled', 'yes',
          '--cluster-config-file', `nodes-${port}.conf`,
          // With replicas, a master is taken for failed after 1 s, and a replica promoted.
          ...(replicas > 0 ? ['--cluster-node-timeout', '1000'] : []),
          '--dir', dir,
          '--save', '',
          '--appendonly', 'no',
          '--daemonize', 'no',
        ],
        dir,
        output,
      );
      children.push(child);
    }
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    await Promise.all(ports.map((port) => waitOnNode(port, 'no PONG', async (connection) => (await connection.ping()) === 'PONG', deadline, output)));
    await run(cliPath, ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', String(replicas), '--cluster-yes'], {
      timeout: STARTUP_TIMEOUT_MS,
    });
    // Every node must know the whole slot map before a client may trust any of them.
    await Promise.all(
      ports.map((port) =>
        waitOnNode(port, 'cluster_state not ok', async (connection) => /cluster_state:ok/.test(String(await connection.cluster('INFO'))), deadline, output),
      ),
    );
    // A replica can take over only once it holds its master's data: its link to the master is up.
    await Promise.all(
      ports.map((port) =>
        waitOnNode(port, 'replica not in sync', async (connection) => {
          const role = (await connection.call('ROLE')) as unknown[];
          return role[0] === 'master' || role[3] === 'connected';
        }, deadline, output),
      ),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const kill = (port: number) => stopProcess(children[ports.indexOf(port)]!, 'SIGKILL');
  return { urls: ports.map((port) => `redis://127.0.0.1:${port}`), ports, kill, stop };
}

/**
 * Starts a cluster, with `replicas` for each master; tries again on other ports when another
 * process took one of the free ones first.
 */
export async function startRedisCluster({ replicas = 0 }: { replicas?: number } = {}): Promise<RunningRedisCluster> {
  const path = await redisServerPath();
  const cli = redisCliPath(path);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(path, cli, replicas);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The keys under `prefix` on each master, by port: where a cluster placed one store's keys. */
export async function keysByNode(cluster: RunningRedisCluster, prefix: string, password?: string): Promise<Map<number, string[]>> {
  const placed = new Map<number, string[]>();
  for (const port of cluster.ports) {
    const connection = new Redis({ host: '127.0.0.1', port, password });
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

/**
 * The ports of the master serving `key` (the whole key, its prefix included) and of that master's
 * replica, read from one node's view of the cluster. `replicaHolds` waits until the replica holds
 * the value the master holds under the key, so a kill of the master afterwards tests the failover
 * and not a write the replica never got. `holdPromotion(true)` keeps the replica from taking over
 * a dead master (`cluster-replica-no-failover`), so a test can act while the master is gone for
 * as long as it needs; `holdPromotion(false)` lets it take over.
 */
export async function masterAndReplicaOf(
  cluster: RunningRedisCluster,
  key: string,
): Promise<{ master: number; replica: number; replicaHolds(): Promise<void>; holdPromotion(hold: boolean): Promise<void> }> {
  const node = new Redis({ host: '127.0.0.1', port: cluster.ports[0]! });
  let lines: string[][];
  let slot: number;
  try {
    slot = Number(await node.cluster('KEYSLOT', key));
    lines = String(await node.cluster('NODES')).trim().split('\n').map((line) => line.split(' '));
  } finally {
    node.disconnect();
  }
  const serves = (ranges: string[]) => ranges.some((range) => {
    const [low, high = low] = range.split('-').map(Number);
    return slot >= low! && slot <= high!;
  });
  const owner = lines.find(([, , flags, , , , , , ...ranges]) => flags!.includes('master') && serves(ranges));
  const follower = owner && lines.find(([, , flags, master]) => flags!.includes('slave') && master === owner[0]);
  if (!owner || !follower) throw new Error(`no master with a replica serves slot ${slot} of ${key}`);
  const [master, replica] = [owner, follower].map((line) => Number(/:(\d+)@/.exec(line[1]!)![1])) as [number, number];
  return {
    master,
    replica,
    async replicaHolds() {
      const [onMaster, onReplica] = [master, replica].map((port) => new Redis({ host: '127.0.0.1', port }));
      try {
        const value = await onMaster!.get(key);
        if (value === null) throw new Error(`the master on port ${master} holds no ${key}`);
        await onReplica!.call('READONLY');
        for (let tries = 0; (await onReplica!.get(key)) !== value; tries += 1) {
          if (tries === 200) throw new Error(`the replica on port ${replica} did not get ${key} within 5 s`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      } finally {
        onMaster!.disconnect();
        onReplica!.disconnect();
      }
    },
    async holdPromotion(hold) {
      const onReplica = new Redis({ host: '127.0.0.1', port: replica });
      try {
        await onReplica.config('SET', 'cluster-replica-no-failover', hold ? 'yes' : 'no');
      } finally {
        onReplica.disconnect();
      }
    },
  };
}
