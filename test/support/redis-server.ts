/**
 * A private redis-server on a free loopback port, without persistence, so tests and
 * benchmarks never touch a Redis the machine may already run (127.0.0.1:6379).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface RedisServerProcess {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Stops answering (SIGSTOP) with its connections open, until `resume` (SIGCONT). */
  pause(): void;
  resume(): void;
}

export function freePort(): Promise<number> {
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

export function waitForReady(child: ChildProcess): Promise<void> {
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

/** On `port` if given (a server stopped and started again where its clients look). */
export async function startRedisServer(at?: { port: number }): Promise<RedisServerProcess> {
  const port = at?.port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await waitForReady(child);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
    },
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
  };
}
