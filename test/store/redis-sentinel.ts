/**
 * Starts a master, its replica and one Sentinel watching them, from the system's
 * `redis-server` on free loopback ports, in a temporary directory of their own (Sentinel
 * rewrites its configuration file); the master can be killed to make Sentinel fail over.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPorts, redisServerPath, spawnRedis, stopProcess, waitOnNode } from './redis-processes.js';

export const SENTINEL_MASTER_NAME = 'shop';

export interface RunningRedisSentinel {
  sentinelPort: number;
  /** The first master's port, and its replica's (the master after a failover). */
  masterPort: number;
  replicaPort: number;
  /** SIGKILL to the master: a crash, not a shutdown. */
  killMaster(): Promise<void>;
  /** SIGTERM to every process left, then waits until each has exited, and removes the directory. */
  stop(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 10_000;

async function startOnce(serverPath: string): Promise<RunningRedisSentinel> {
  const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-redis-sentinel-'));
  const [masterPort, replicaPort, sentinelPort] = (await freeLoopbackPorts(3)) as [number, number, number];
  const output = { text: '' };
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
    rmSync(dir, { recursive: true, force: true });
  };
  const server = (port: number, extra: string[] = []) =>
    spawnRedis(serverPath, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', ...extra], dir, output);
  try {
    const master = server(masterPort);
    children.push(master, server(replicaPort, ['--replicaof', '127.0.0.1', String(masterPort)]));
    // Quorum 1: this one sentinel decides. The master is down after 500 ms without an answer.
    writeFileSync(
      join(dir, 'sentinel.conf'),
      [
        `port ${sentinelPort}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${SENTINEL_MASTER_NAME} 127.0.0.1 ${masterPort} 1`,
        `sentinel down-after-milliseconds ${SENTINEL_MASTER_NAME} 500`,
        `sentinel failover-timeout ${SENTINEL_MASTER_NAME} 5000`,
        '',
      ].join('\n'),
    );
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    await waitOnNode(replicaPort, 'replica not in sync', async (connection) => /master_link_status:up/.test(await connection.info('replication')), deadline, output);
    // Sentinel learns a master's replicas from the master's INFO, asked at once and then every 10 s:
    // started before the replica was in sync (the replica may try the master before it listens, and
    // waits a second to try again), its first look finds none, and the next comes after the deadline.
    children.push(spawnRedis(serverPath, [join(dir, 'sentinel.conf'), '--sentinel'], dir, output));
    // Sentinel can promote only a replica it knows of.
    await waitOnNode(
      sentinelPort,
      'sentinel knows no replica',
      async (connection) => JSON.stringify(await connection.call('SENTINEL', 'REPLICAS', SENTINEL_MASTER_NAME)).includes(`"${replicaPort}"`),
      deadline,
      output,
    );
    return { sentinelPort, masterPort, replicaPort, killMaster: () => stopProcess(master, 'SIGKILL'), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Starts the three; tries again on other ports when another process took one of the free ones first. */
export async function startRedisSentinel(): Promise<RunningRedisSentinel> {
  const path = await redisServerPath();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(path);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
