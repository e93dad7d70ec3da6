/**
 * Starts a private redis-server for the whole test run (test/support/redis-server.ts).
 * Tests read its URL with `inject('redisUrl')`.
 */
import type { TestProject } from 'vitest/node';
import type {} from 'vitest';
import { startRedisServer, type RedisServerProcess } from './redis-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

let redis: RedisServerProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  redis = await startRedisServer();
  project.provide('redisUrl', redis.url);
}

export async function teardown(): Promise<void> {
  await redis?.stop();
}
