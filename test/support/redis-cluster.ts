/**
 * A private Redis Cluster of three masters (no replicas) on free loopback ports, each
 * node with its own directory for the cluster's state file, so that the store and the
 * scheduler are tested where keys spread over slots and nodes, as in a deployment with
 * REDIS_CLUSTER_NODES. `redis-cli --cluster create` (redis-tools, installed with
 * redis-server) assigns the slots; ready once every node says cluster_state:ok.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePort, waitForReady } from './redis-server.js';

const run = promisify(execFile);

export interface RedisClusterProcess {
  /** The nodes, `127.0.0.1:<port>` each (REDIS_CLUSTER_NODES). */
  nodes: string[];
  stop(): Promise<void>;
}

const MASTERS = 3;
const READY_WITHIN_MS = 30_000;

async function startNode(dir: string): Promise<{ node: string; child: ChildProcess }> {
  const [port, busPort] = [await freePort(), await freePort()];
  const child = spawn(
    'redis-server',
    [
      ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
      ...['--save', '', '--appendonly', 'no'],
      ...['--cluster-enabled', 'yes', '--cluster-port', String(busPort)],
      ...['--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', '5000'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await waitForReady(child);
  return { node: `127.0.0.1:${port}`, child };
}

async function clusterOk(node: string): Promise<boolean> {
  const [host, port] = node.split(':') as [string, string];
  const { stdout } = await run('redis-cli', ['-h', host, '-p', port, 'cluster', 'info']);
  return stdout.includes('cluster_state:ok');
}

export async function startRedisCluster(): Promise<RedisClusterProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'redis-cluster-'));
  const started: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      started.map(async (child) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const nodes: string[] = [];
    for (let i = 0; i < MASTERS; i += 1) {
      const nodeDir = await mkdtemp(join(dir, 'node-'));
      const { node, child } = await startNode(nodeDir);
      started.push(child);
      nodes.push(node);
    }
    await run('redis-cli', [
      '--cluster',
      'create',
      ...nodes,
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT'
        ? new Error('redis-cli is not installed: apt-get install -y redis-tools')
        : error;
    });
    const deadline = Date.now() + READY_WITHIN_MS;
    while (!(await Promise.all(nodes.map(clusterOk))).every(Boolean)) {
      if (Date.now() > deadline) throw new Error(`cluster not ok in ${READY_WITHIN_MS} ms`);
      await sleep(100);
    }
    return { nodes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
