/**
 * The process as an operator starts it (`node --import tsx src/main.ts`, i.e. `npm
 * start`), misconfigured: each start failure is one line naming its cause and the exit
 * status is not 0; a variable with our prefix that nothing reads is a warning naming the
 * nearest known one. Everything on loopback.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testNow } from '#test/support/clock.js';

const root = resolve(import.meta.dirname, '../..');

interface Run {
  code: number | null;
  stderr: string;
  /** stderr's JSON lines. */
  lines: { level: number; msg: string; [key: string]: unknown }[];
}

/** Starts the JSON-lines chat with `env` (stdin closed: it ends once started) to its exit. */
function start(env: Record<string, string>): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--jsonl'], {
      cwd: root,
      env: { PATH: process.env.PATH, CLOCK_START: testNow().toISOString(), ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => {
      const lines = stderr
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Run['lines'][number]);
      done({ code, stderr, lines });
    });
  });
}

/** What a failure says: the one fatal line of the run, and the whole of stderr around it. */
function failureOf(run: Run): string {
  const fatal = run.lines.filter((line) => line.level === 60);
  expect(fatal, run.stderr).toHaveLength(1);
  // One line, no stack: every line of stderr is a JSON log line.
  expect(run.stderr.trim().split('\n').length).toBe(run.lines.length);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  return fatal[0]!.msg;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((closed) => server.close(closed))),
  );
});

/** A loopback listener that holds its port; `onConnection` decides what callers get. */
function occupy(onConnection: (socket: Socket) => void = () => {}) {
  return new Promise<number>((listening, fail) => {
    const server = createServer(onConnection);
    servers.push(server);
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address === 'object' && address) listening(address.port);
    });
  });
}

/** Telegram on, its API never reached: these starts fail before the channel starts. */
const telegram = { TELEGRAM_BOT_TOKEN: '1:abc', TELEGRAM_API_ROOT: 'http://127.0.0.1:9' };

describe('a start that cannot go on', () => {
  it(
    'names REDIS_URL, in one line, when Redis cannot be reached',
    { timeout: 60_000 },
    async () => {
      // Something listens there, but hangs up on every connection.
      const port = await occupy((socket) => socket.destroy());
      const run = await start({ REDIS_URL: `redis://:a-password@127.0.0.1:${port}` });
      expect(run.code).toBe(1);
      const message = failureOf(run);
      expect(message).toMatch(
        new RegExp(`^REDIS_URL: Redis at 127\\.0\\.0\\.1:${port} is unreachable`),
      );
      expect(run.stderr).not.toContain('a-password');
    },
  );

  it('names PORT when the port is taken', { timeout: 60_000 }, async () => {
    const port = await occupy();
    const run = await start({ ...telegram, PORT: String(port), METRICS_PORT: '0' });
    expect(run.code).toBe(1);
    expect(failureOf(run)).toBe(`PORT: port ${port} is in use by another process`);
  });

  it('names METRICS_PORT when the metrics port is taken', { timeout: 60_000 }, async () => {
    const port = await occupy();
    const run = await start({ ...telegram, METRICS_PORT: String(port) });
    expect(run.code).toBe(1);
    expect(failureOf(run)).toBe(`METRICS_PORT: port ${port} is in use by another process`);
  });

  it('names LOG_LEVEL and the levels when it is not one', { timeout: 60_000 }, async () => {
    const run = await start({ LOG_LEVEL: 'loud' });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'Configuration error: LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent\n',
    );
  });
});

describe('a variable with our prefix that nothing reads', () => {
  it('is a warning at start naming the nearest known variable', { timeout: 60_000 }, async () => {
    // The terminal chat's default level is quieter than warn: the typo is still said.
    const run = await start({ TELEGRAM_TOKEN: '1:abc' });
    expect(run.code).toBe(0);
    const warnings = run.lines.filter((line) => line.variable !== undefined);
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        variable: 'TELEGRAM_TOKEN',
        nearest: 'TELEGRAM_BOT_TOKEN',
      }),
    ]);
    expect(run.stderr).not.toContain('1:abc');
  });
});
