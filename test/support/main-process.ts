/**
 * `src/main.ts` as a child process with the environment a test gives it, its JSON log
 * lines (stderr) kept; for tests of how the process starts, stops and rides out outages.
 * Killed (SIGKILL) when the test's cleanup runs, if still alive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { testNow } from './clock.js';

const root = resolve(import.meta.dirname, '../..');

export interface MainProcess {
  child: ChildProcess;
  /** The log lines so far, parsed (a line that is not JSON is kept as `{ raw }`). */
  logs: Record<string, unknown>[];
  /** Resolves when a log line matches (rejects if the process exits first). */
  logged(match: (line: Record<string, unknown>) => boolean, what: string): Promise<void>;
  /** The exit's code and signal, once it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(): Promise<void>;
}

export function startMain(env: Record<string, string>): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', CLOCK_START: testNow().toISOString(), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const waiting = new Set<() => void>();
  createInterface({ input: child.stderr! }).on('line', (line) => {
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      logs.push({ raw: line });
    }
    for (const check of waiting) check();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      for (const check of waiting) check();
      done({ code, signal });
    }),
  );
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  void exited.then(() => process.off('exit', reap));
  return {
    child,
    logs,
    exited,
    logged(match, what) {
      return new Promise((resolveLogged, reject) => {
        const check = () => {
          if (logs.some(match)) {
            waiting.delete(check);
            resolveLogged();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            waiting.delete(check);
            reject(new Error(`exited before ${what}:\n${JSON.stringify(logs, null, 1)}`));
          }
        };
        waiting.add(check);
        check();
      });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A log line's message is `msg` (or starts with it). */
export const saying =
  (msg: string) =>
  (line: Record<string, unknown>): boolean =>
    typeof line.msg === 'string' && line.msg.startsWith(msg);
