/**
 * The JSON-lines chat as a real process with the Redis store: killed with SIGKILL and
 * started again, it resumes the conversation where it was.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startJsonlBot } from '#test/support/jsonl-process.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe('JSON-lines chat', () => {
  it('speaks only JSON lines of the design on stdout', async () => {
    const bot = startJsonlBot({ PARTNER_API_URL: sandbox.sandbox.url }, `jsonl:${randomUUID()}`);
    try {
      const [first] = await bot.ready();
      expect(first).toMatchObject({ expects: 'choice' });
      expect(Object.keys(first!).sort()).toEqual(['expects', 'options', 'text']);
      const help = await bot.send({ text: '/help' });
      expect(help[0]).toEqual({
        text: expect.stringMatching(/\/book/),
        options: [],
        expects: 'none',
      });
      const garbage = await bot.send({ nonsense: true });
      expect(garbage[0]?.text).toMatch(/Each line must be/);
    } finally {
      await bot.kill();
    }
  });

  it('resumes a conversation after kill -9, with Redis', async () => {
    const env = { PARTNER_API_URL: sandbox.sandbox.url, REDIS_URL: inject('redisUrl') };
    const conversation = `jsonl:${randomUUID()}`;
    const first = startJsonlBot(env, conversation);
    await first.ready();
    const switched = await first.send({ choose: 'language' });
    expect(switched.at(-1)?.text).toMatch(/Hi!/);
    await first.kill('SIGKILL');

    const second = startJsonlBot(env, conversation);
    try {
      const resumed = await second.ready();
      expect(resumed.at(-1)?.text).toMatch(/Hi!/);
      const options = resumed.at(-1)?.options.map((option) => option.label);
      expect(options).toContain('🌐 Español');
    } finally {
      await second.kill();
    }
  }, 60_000); // two process starts on a loaded machine: more than the default 20 s
});
