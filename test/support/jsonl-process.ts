/**
 * The bot as a separate process speaking the JSON-lines chat (`npm start -- --jsonl`),
 * for tests that restart or kill it. Each `send` waits until the bot has answered with
 * its view (the last message of a reply is the one that expects something, or has
 * options).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { OutputLine } from '#src/channels/console/lines.js';
import { testNow } from './clock.js';

const root = resolve(import.meta.dirname, '../..');

export interface JsonlBot {
  /** Lines received so far. */
  lines: OutputLine[];
  /** Waits for the first reply (the current view). */
  ready(): Promise<OutputLine[]>;
  send(input: unknown): Promise<OutputLine[]>;
  /**
   * Writes `line` as it is (garbage included; bytes may be invalid UTF-8) and waits for
   * the answer. The line must not be blank nor hold a line break: those get no answer.
   */
  sendRaw(line: string | Buffer): Promise<OutputLine[]>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  stderr(): string;
}

/**
 * How the bot is run: by default its sources through tsx, from the project with the
 * test's environment; the package test runs the build with node alone, from elsewhere,
 * with nothing of the test's environment but `env`.
 */
export interface JsonlLaunch {
  /** node's arguments before `--jsonl`: its options and the entry. */
  args: string[];
  cwd: string;
  /** The environment the bot's variables are added to. */
  baseEnv: Record<string, string | undefined>;
}

const fromSources: JsonlLaunch = {
  args: ['--import', 'tsx', 'src/main.ts'],
  cwd: root,
  baseEnv: process.env,
};

export function startJsonlBot(
  env: Record<string, string>,
  conversationId: string,
  launch: JsonlLaunch = fromSources,
): JsonlBot {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [...launch.args, '--jsonl', '--conversation', conversationId],
    {
      cwd: launch.cwd,
      // The suite's pinned "now", for the bot and its built-in sandbox alike.
      env: { ...launch.baseEnv, LOG_LEVEL: 'warn', CLOCK_START: testNow().toISOString(), ...env },
      stdio: 'pipe',
    },
  );
  const lines: OutputLine[] = [];
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const waiting: ((line: OutputLine) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (raw) => {
    const line = JSON.parse(raw) as OutputLine;
    lines.push(line);
    for (const listener of waiting.splice(0)) listener(line);
  });

  /** A reply ends with the view: a line that expects an answer or offers options. */
  const reply = (): Promise<OutputLine[]> =>
    new Promise((resolveReply, reject) => {
      const start = lines.length;
      const onExit = (code: number | null) =>
        reject(new Error(`bot exited (${code}) before answering: ${errors}`));
      child.once('exit', onExit);
      const check = (): void => {
        const got = lines.slice(start);
        const last = got.at(-1);
        if (last && (last.expects !== 'none' || last.options.length > 0)) {
          child.off('exit', onExit);
          resolveReply(got);
        } else {
          waiting.push(check);
        }
      };
      check();
    });

  return {
    lines,
    ready: reply,
    send(input) {
      const answer = reply();
      child.stdin.write(`${JSON.stringify(input)}\n`);
      return answer;
    },
    sendRaw(line) {
      const answer = reply();
      child.stdin.write(Buffer.concat([Buffer.from(line), Buffer.from('\n')]));
      return answer;
    },
    kill: (signal = 'SIGKILL') =>
      new Promise((resolveKill) => {
        if (child.exitCode !== null) return resolveKill();
        child.once('exit', () => resolveKill());
        child.kill(signal);
      }),
    stderr: () => errors,
  };
}
