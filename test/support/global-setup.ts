/**
 * Starts a private redis-server for the whole test run, on a free loopback port,
 * without persistence, so tests never touch a Redis the machine may already run.
 * Tests read its URL with `inject('redisUrl')`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import type {} from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function waitForReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error('redis-server is not installed: apt-get install -y redis-server')
          : error,
      ),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
}

let redis: ChildProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  const port = await freePort();
  redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await waitForReady(redis);
  project.provide('redisUrl', `redis://127.0.0.1:${port}`);
}

export async function teardown(): Promise<void> {
  if (!redis || redis.exitCode !== null) return;
  const exited = new Promise((resolve) => redis?.once('exit', resolve));
  redis.kill('SIGTERM');
  await exited;
}
