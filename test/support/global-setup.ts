/**
 * Starts a private redis-server (test/support/redis-server.ts) and a private Redis
 * Cluster of three masters (redis-cluster.ts), once for the test files that read them
 * (the `cluster` project of vitest.config.ts; the `redis` project starts the server alone,
 * redis-setup.ts). Tests read the server's URL with `inject('redisUrl')`, the cluster's
 * nodes with `inject('redisCluster')`.
 */
import type { TestProject } from 'vitest/node';
import type {} from 'vitest';
import { startRedisServer, type RedisServerProcess } from './redis-server.js';
import { startRedisCluster, type RedisClusterProcess } from './redis-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
    redisCluster: string[];
  }
}

let redis: RedisServerProcess | undefined;
let cluster: RedisClusterProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  redis = await startRedisServer();
  project.provide('redisUrl', redis.url);
  cluster = await startRedisCluster().catch(async (error: unknown) => {
    await redis?.stop();
    throw error;
  });
  project.provide('redisCluster', cluster.nodes);
}

export async function teardown(): Promise<void> {
  await Promise.all([redis?.stop(), cluster?.stop()]);
}
