/**
 * The console channels deliver the bot's own messages (reminders and
 * expiries reach the terminal and the JSON-lines chat): a push to the console's
 * conversation is written to its output as it comes, and one to another conversation is not.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runJsonl } from '#src/channels/console/jsonl.js';
import { runTerminal } from '#src/channels/console/terminal.js';
import type { Engine } from '#src/conversation/engine.js';
import { createPush } from '#src/conversation/outbox.js';
import type { Reply } from '#flows/view.js';

const view = (text: string): Reply<unknown> => ({
  notices: [],
  view: { text, options: [], expects: 'none' },
});

/** An engine that answers every bot event with its reminder, and the home view otherwise. */
const engine = {
  current: async () => view('Home'),
  handle: async (_id: string, input: { kind: string }) =>
    input.kind === 'event' ? view('⏰ Your reservation lapses in 5 minutes.') : view('Home'),
} as unknown as Engine;

async function written(output: PassThrough, until: RegExp): Promise<string> {
  let text = '';
  for (let tries = 0; tries < 100 && !until.test(text); tries += 1) {
    text += output.read()?.toString() ?? '';
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return text;
}

describe('the console outbox', () => {
  it('writes a reminder to the JSON-lines chat as a line of its own', async () => {
    const push = createPush(engine);
    const input = new PassThrough();
    const output = new PassThrough();
    const running = runJsonl({
      engine,
      conversationId: 'console:local',
      input,
      output,
      onError: () => 'error',
      push,
    });
    await written(output, /Home/);
    expect(await push.send('console:local', { type: 'reservation.remind' })).toBe(true);
    const lines = (await written(output, /lapses/)).trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toEqual({
      text: '⏰ Your reservation lapses in 5 minutes.',
      options: [],
      expects: 'none',
    });
    // Another console conversation has no reader here: nothing written for it.
    // (A delivery is written before `send` resolves: nothing there now is nothing at all.)
    await push.send('console:other', { type: 'reservation.remind' });
    expect(output.read()).toBeNull();
    input.end();
    await running;
  });

  it('prints a reminder in the terminal chat, with the prompt again', async () => {
    const push = createPush(engine);
    const input = new PassThrough();
    const output = new PassThrough();
    const running = runTerminal({
      engine,
      conversationId: 'console:local',
      input,
      output,
      onError: () => 'error',
      push,
    });
    await written(output, /> $/);
    await push.send('console:local', { type: 'reservation.expired' });
    const text = await written(output, /lapses/);
    expect(text).toMatch(/⏰ Your reservation lapses in 5 minutes\.[\s\S]*> $/);
    input.end();
    await running;
  });
});
