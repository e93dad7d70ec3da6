/**
 * A private redis-server for the benchmark (a free loopback port, no persistence), as
 * the test suite starts one: the machine's own Redis on 6379 is never touched. Figures
 * come from the server itself (INFO), so nothing in the bot is wrapped to count them.
 */
import { Redis } from 'ioredis';
import { startRedisCluster } from '#test/support/redis-cluster.js';
import { startRedisServer } from '#test/support/redis-server.js';

export interface RedisServer {
  url: string;
  /** A connection for the bench's own reads (INFO, DBSIZE); its commands are subtracted. */
  admin: Redis;
  /** A Redis Cluster's nodes: the bots use them (REDIS_CLUSTER_NODES); `url` is the first. */
  cluster?: string[];
  close(): Promise<void>;
}

export interface RedisFigures {
  /** Commands processed, by command name (INFO commandstats). */
  commands: Record<string, number>;
  totalCommands: number;
  /** Bytes the server read from its clients (requests) and wrote to them (replies). */
  bytesIn: number;
  bytesOut: number;
  usedMemory: number;
  keys: number;
}

export async function startRedis(): Promise<RedisServer> {
  const server = await startRedisServer();
  const admin = new Redis(server.url);
  return {
    url: server.url,
    admin,
    async close() {
      await admin.quit().catch(() => undefined);
      await server.stop();
    },
  };
}

/**
 * A private Redis Cluster of three masters (test/support/redis-cluster.ts), for the level
 * that runs one and two bot instances on it. `admin` reads the first node only.
 */
export async function startRedisClusterForBench(): Promise<RedisServer> {
  const cluster = await startRedisCluster();
  const url = `redis://${cluster.nodes[0]!}`;
  const admin = new Redis(url);
  return {
    url,
    admin,
    cluster: cluster.nodes,
    async close() {
      await admin.quit().catch(() => undefined);
      await cluster.stop();
    },
  };
}

const field = (info: string, name: string): number => {
  const match = new RegExp(`^${name}:(\\d+)`, 'm').exec(info);
  return match ? Number(match[1]) : 0;
};

/** The server's counters now. */
export async function redisFigures(admin: Redis): Promise<RedisFigures> {
  const [commandstats, stats, memory, keys] = await Promise.all([
    admin.info('commandstats'),
    admin.info('stats'),
    admin.info('memory'),
    admin.dbsize(),
  ]);
  const commands: Record<string, number> = {};
  for (const match of commandstats.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
    commands[match[1]!] = Number(match[2]);
  }
  return {
    commands,
    totalCommands: field(stats, 'total_commands_processed'),
    bytesIn: field(stats, 'total_net_input_bytes'),
    bytesOut: field(stats, 'total_net_output_bytes'),
    usedMemory: field(memory, 'used_memory'),
    keys,
  };
}

/**
 * What happened between two readings. A reading costs 4 commands and a few KB of its own
 * (INFO replies); that cost is measured by reading twice in a row and taken off.
 */
export async function redisSince(admin: Redis, before: RedisFigures): Promise<RedisFigures> {
  const after = await redisFigures(admin);
  const again = await redisFigures(admin);
  const cost = difference(after, again);
  const delta = difference(before, after);
  const commands: Record<string, number> = {};
  for (const [name, calls] of Object.entries(delta.commands)) {
    const left = calls - (cost.commands[name] ?? 0);
    if (left > 0) commands[name] = left;
  }
  return {
    commands,
    totalCommands: Math.max(0, delta.totalCommands - cost.totalCommands),
    bytesIn: Math.max(0, delta.bytesIn - cost.bytesIn),
    bytesOut: Math.max(0, delta.bytesOut - cost.bytesOut),
    usedMemory: delta.usedMemory,
    keys: delta.keys,
  };
}

function difference(before: RedisFigures, after: RedisFigures): RedisFigures {
  const commands: Record<string, number> = {};
  for (const [name, calls] of Object.entries(after.commands)) {
    const delta = calls - (before.commands[name] ?? 0);
    if (delta > 0) commands[name] = delta;
  }
  return {
    commands,
    totalCommands: after.totalCommands - before.totalCommands,
    bytesIn: after.bytesIn - before.bytesIn,
    bytesOut: after.bytesOut - before.bytesOut,
    usedMemory: after.usedMemory - before.usedMemory,
    keys: after.keys - before.keys,
  };
}
