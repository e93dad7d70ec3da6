/**
 * The bench's child processes: the sandbox and the bot under test, each a Node process
 * running TypeScript through tsx (as `npm start` does), with an IPC channel. Their
 * stderr (logs) goes to .tmp/bench/<name>.log, named in any failure.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BotOptions, BotReport, ProcessStats, ReadyTimings, TurnRecord } from './protocol.js';
import { defaultSandboxOptions } from '#src/sandbox/context.js';

const here = dirname(fileURLToPath(import.meta.url));
export const LOG_DIR = join(here, '..', '.tmp', 'bench');

function start(script: string, args: string[], name: string): { child: ChildProcess; log: string } {
  mkdirSync(LOG_DIR, { recursive: true });
  const log = join(LOG_DIR, `${name}.log`);
  const child = fork(join(here, script), args, {
    execArgv: [
      '--import',
      'tsx',
      // BENCH_CPU_PROF=1: a V8 CPU profile of each child in .tmp/bench/prof.
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${join(LOG_DIR, 'prof')}`]
        : []),
    ],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    env: { ...process.env },
  });
  child.stderr?.pipe(createWriteStream(log));
  return { child, log };
}

function firstMessage<T>(
  child: ChildProcess,
  log: string,
  accept: (message: unknown) => T | undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const value = accept(message);
      if (value === undefined) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(value);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`${child.spawnfile} exited (${code}) before it was ready; see ${log}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export type Calls = Record<string, number>;

export interface SandboxProcess {
  url: string;
  /** Calls per operation so far (GET /__sandbox/stats). */
  calls(): Promise<Calls>;
  /** Calls per operation since an earlier reading. */
  callsSince(before: Calls): Promise<Calls>;
  close(): Promise<void>;
}

/** `latency`: SANDBOX_LATENCY's values (absent: answered at once). */
export async function startSandboxProcess(
  products: number,
  latency?: string,
): Promise<SandboxProcess> {
  const { child, log } = start(
    'sandbox-process.ts',
    [String(products), ...(latency ? [latency] : [])],
    `sandbox-${products}${latency ? '-latency' : ''}`,
  );
  const url = await firstMessage(child, log, (message) =>
    (message as { type?: string }).type === 'ready' ? (message as { url: string }).url : undefined,
  );
  const calls = async (): Promise<Calls> => {
    const response = await fetch(`${url}/__sandbox/stats`, {
      headers: { authorization: `ApiKey ${defaultSandboxOptions.apiKey}` },
    });
    return ((await response.json()) as { calls: Calls }).calls;
  };
  return {
    url,
    calls,
    async callsSince(before) {
      const delta: Calls = {};
      for (const [operation, count] of Object.entries(await calls())) {
        const value = count - (before[operation] ?? 0);
        if (value > 0) delta[operation] = value;
      }
      return delta;
    },
    close: () => stopChild(child),
  };
}

export interface BotProcess {
  name: string;
  /** Wall time from fork() to the channel receiving updates, as the parent saw it. */
  startedMs: number;
  timings: ReadyTimings;
  readyStats: ProcessStats;
  /** Resolves with the bot's record of update `updateId` once it has handled it. */
  handled(updateId: number): Promise<TurnRecord>;
  stats(reset: boolean): Promise<ProcessStats>;
  close(): Promise<void>;
}

/** Starts a bot process (`bot-process.ts` or `baseline/bot-process.ts`) and waits until ready. */
export async function startBotProcess(
  script: string,
  name: string,
  options: BotOptions,
): Promise<BotProcess> {
  const forkedAt = performance.now();
  const { child, log } = start(script, [JSON.stringify(options)], name);
  const done = new Map<number, TurnRecord>();
  const waiting = new Map<number, (turn: TurnRecord) => void>();
  const statsWaiting = new Map<number, (stats: ProcessStats) => void>();
  let nextId = 0;
  child.on('message', (raw) => {
    const message = raw as BotReport;
    if (message.type === 'turn') {
      const waiter = waiting.get(message.turn.updateId);
      if (waiter) {
        waiting.delete(message.turn.updateId);
        waiter(message.turn);
      } else done.set(message.turn.updateId, message.turn);
    } else if (message.type === 'stats') {
      statsWaiting.get(message.id)?.(message.stats);
      statsWaiting.delete(message.id);
    }
  });
  const ready = await firstMessage(child, log, (message) =>
    (message as BotReport).type === 'ready'
      ? (message as Extract<BotReport, { type: 'ready' }>)
      : undefined,
  );
  const startedMs = performance.now() - forkedAt;
  child.once('exit', (code) => {
    if (code !== 0 && waiting.size > 0) {
      console.error(`${name} exited (${code}) with updates in hand; see ${log}`);
    }
  });
  return {
    name,
    startedMs,
    timings: ready.timings,
    readyStats: ready.stats,
    handled(updateId) {
      const turn = done.get(updateId);
      if (turn) {
        done.delete(updateId);
        return Promise.resolve(turn);
      }
      return new Promise((resolve) => waiting.set(updateId, resolve));
    },
    stats(reset) {
      const id = ++nextId;
      return new Promise((resolve) => {
        statsWaiting.set(id, resolve);
        child.send({ type: 'stats', id, reset });
      });
    },
    close: () => stopChild(child),
  };
}
