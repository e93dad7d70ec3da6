/**
 * The `redis` project's global setup (vitest.config.ts): a private redis-server
 * (redis-server.ts) for the test files that read `inject('redisUrl')` and not the
 * cluster. The `cluster` project's files get the server and the cluster from
 * global-setup.ts; the `unit` project starts no Redis.
 */
import type { TestProject } from 'vitest/node';
import type {} from './global-setup.js';
import { startRedisServer, type RedisServerProcess } from './redis-server.js';

let redis: RedisServerProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  redis = await startRedisServer();
  project.provide('redisUrl', redis.url);
}

export async function teardown(): Promise<void> {
  await redis?.stop();
}
