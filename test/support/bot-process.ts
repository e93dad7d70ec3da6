/**
 * The bot as a real process (`node --import tsx src/main.ts`, i.e. `npm start`) with the
 * Telegram channel in webhook mode against the fake Bot API, for tests that run several
 * instances side by side and kill them (SIGKILL) mid-turn. Each instance has its own
 * port and PUBLIC_URL; they share the sandbox, Redis and the webhook secret. Its JSON
 * log lines (stderr) are kept for the test to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { testNow } from './clock.js';

const root = resolve(import.meta.dirname, '../..');

export interface ProcessLogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface BotProcess {
  name: string;
  port: number;
  /** Its PUBLIC_URL; the webhook is `${url}/telegram/webhook`. */
  url: string;
  webhook: string;
  /** Log lines of every run of this instance, in order. */
  logs: ProcessLogLine[];
  /** Started, and its webhook set: it takes updates. */
  running(): boolean;
  /** Starts (or starts again) and resolves once the webhook is set and /healthz answers. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown, no cleanup, whatever it was doing. */
  kill(): Promise<void>;
  /** SIGTERM, waiting for the exit. */
  stop(): Promise<void>;
}

export interface BotProcessOptions {
  name: string;
  /** Environment shared by the instances (sandbox, Redis, Telegram). */
  env: Record<string, string>;
  /** Resolves when this instance's webhook has been set at the fake. */
  webhookSet: (url: string, since: number) => boolean;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function createBotProcess(options: BotProcessOptions): Promise<BotProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const webhook = `${url}/telegram/webhook`;
  const logs: ProcessLogLine[] = [];
  let child: ChildProcess | undefined;
  let ready = false;
  let stderr = '';

  const exited = (process: ChildProcess) =>
    new Promise<void>((done) => {
      if (process.exitCode !== null || process.signalCode !== null) done();
      else process.once('exit', () => done());
    });

  let starting: Promise<void> | undefined;
  /** One start at a time: a second call waits for the one under way. */
  function start(): Promise<void> {
    if (child && child.exitCode === null && child.signalCode === null && starting) return starting;
    starting = launch();
    return starting;
  }

  async function launch(): Promise<void> {
    const since = Date.now();
    stderr = '';
    const current = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        LOG_LEVEL: 'info',
        // The suite's pinned "now" (the test's sandbox starts at it too).
        CLOCK_START: testNow().toISOString(),
        ...options.env,
        PORT: String(port),
        // Several instances side by side: each its own metrics listener.
        METRICS_PORT: '0',
        PUBLIC_URL: url,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = current;
    // Never left running after the test process (a failed or interrupted run).
    const reap = () => current.kill('SIGKILL');
    process.once('exit', reap);
    current.once('exit', () => process.off('exit', reap));
    createInterface({ input: current.stderr! }).on('line', (line) => {
      stderr += `${line}\n`;
      try {
        logs.push({ instance: options.name, ...(JSON.parse(line) as ProcessLogLine) });
      } catch {
        logs.push({ instance: options.name, level: 60, msg: line });
      }
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (current.exitCode !== null || current.signalCode !== null) {
        throw new Error(`${options.name} exited while starting: ${stderr}`);
      }
      if (options.webhookSet(webhook, since)) {
        const healthy = await fetch(`${url}/healthz`)
          .then((response) => response.status < 600)
          .catch(() => false);
        if (healthy) {
          ready = true;
          return;
        }
      }
      if (Date.now() > deadline) throw new Error(`${options.name} did not start: ${stderr}`);
      await sleep(25);
    }
  }

  return {
    name: options.name,
    port,
    url,
    webhook,
    logs,
    running: () => ready && child?.exitCode === null && child.signalCode === null,
    start,
    async kill() {
      if (!child) return;
      const current = child;
      ready = false;
      current.kill('SIGKILL');
      await exited(current);
    },
    async stop() {
      if (!child) return;
      const current = child;
      ready = false;
      current.kill('SIGTERM');
      await exited(current);
    },
  };
}
