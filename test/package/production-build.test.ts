/**
 * The image's entry: `npm run build`, then `node dist/main.js` with production
 * dependencies only, as the Dockerfile runs it. The build goes to a directory of its own
 * whose node_modules holds only what `npm ci --omit=dev` installs (production-modules.ts),
 * so a compiled import of tsx, vitest or any other dev dependency fails the start; node
 * runs with no loader and none of the test's environment. There, a complete booking
 * through the JSON-lines chat, on Redis, sold on account by a partner on loopback.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inputFor, museumBooking as steps } from '#test/support/booking-script.js';
import { startJsonlBot, type JsonlBot } from '#test/support/jsonl-process.js';
import { linkProductionModules } from '#test/support/production-modules.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const root = resolve(import.meta.dirname, '../..');
let home: string;
let linked: string[];
let sandbox: TestSandbox;

/** `npm run build -- --out-dir <dir>`; resolves with its exit code and output. */
function build(outDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const npm = spawn('npm', ['run', 'build', '--', '--out-dir', outDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.once('error', fail);
    npm.once('exit', (code) => done({ code, output }));
  });
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'package-'));
  const built = await build(join(home, 'dist'));
  expect(built.code, built.output).toBe(0);
  linked = linkProductionModules(home);
  sandbox = await startTestSandbox();
}, 600_000);
afterAll(async () => {
  await sandbox?.close();
  rmSync(home, { recursive: true, force: true });
});

describe('the production package', () => {
  it('holds compiled JavaScript and an entry at dist/main.js', () => {
    expect(existsSync(join(home, 'dist/main.js'))).toBe(true);
    expect(existsSync(join(home, 'dist/src/main.js'))).toBe(true);
    expect(existsSync(join(home, 'dist/src/main.ts'))).toBe(false);
    expect(existsSync(join(home, 'dist/package.json'))).toBe(true);
    // The message catalogs, which the compiled src/i18n/catalog.js reads at start.
    expect(existsSync(join(home, 'dist/locales/es/src/i18n/common.ftl'))).toBe(true);
  });

  it('runs with production dependencies only', () => {
    expect(linked).toContain('grammy');
    for (const dev of ['tsx', 'typescript', 'vitest', 'esbuild']) expect(linked).not.toContain(dev);
    expect(existsSync(join(home, 'node_modules/tsx'))).toBe(false);
  });

  it('books in the JSON-lines chat with node dist/main.js', { timeout: 240_000 }, async () => {
    const bot: JsonlBot = startJsonlBot(
      {
        PARTNER_API_URL: sandbox.sandbox.url,
        REDIS_URL: inject('redisUrl'),
        // The JSON-lines chat takes no payments: this partner sells on account.
        PAYMENT_MODE: 'on-account',
      },
      `package:${randomUUID()}`,
      {
        // --preserve-symlinks: the linked packages resolve their imports in this folder.
        args: ['--preserve-symlinks', '--preserve-symlinks-main', 'dist/main.js'],
        cwd: home,
        baseEnv: { PATH: process.env.PATH },
      },
    );
    try {
      let view = (await bot.ready()).at(-1)!;
      for (const step of steps) view = (await bot.send(inputFor(step, view))).at(-1)!;
      expect(view.text).toMatch(/Purchase confirmed/);
      const tickets = view.tickets ?? [];
      expect(tickets.length).toBeGreaterThan(0);
      for (const ticket of tickets) expect(ticket.accessCode).toMatch(/^\d{13}$/);
      expect(bot.stderr()).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find/);
      const stats = (await sandbox.extra('stats')) as { calls: Record<string, number> };
      expect(stats.calls['cart-sale']).toBe(1);
    } finally {
      await bot.kill();
    }
  });
});
