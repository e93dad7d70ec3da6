/** How many chats the Telegram channel handles at once, and in what order the rest follow. */
import { describe, expect, it } from 'vitest';
import { chatsAtOnce } from '#src/channels/telegram/chats-at-once.js';
import type { TgContext } from '#src/channels/telegram/deps.js';

let updates = 0;
/** An update of `chatId` (none: an update without a chat, as a pre-checkout query). */
const updateOf = (chatId?: number) =>
  ({
    update: { update_id: (updates += 1) },
    ...(chatId !== undefined ? { chat: { id: chatId, type: 'private' } } : {}),
  }) as unknown as TgContext;

/** Work that runs until `finish()`: what each admitted update does here. */
function deferred() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

/** Lets every pending promise settle (no timers involved). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('chats at once', () => {
  it('handles different chats together up to the limit; the next chat waits for a free slot', async () => {
    const limiter = chatsAtOnce(2);
    const started: string[] = [];
    const work = new Map<string, ReturnType<typeof deferred>>();
    const handle = (name: string, chatId: number) => {
      const job = deferred();
      work.set(name, job);
      return limiter.middleware(updateOf(chatId), async () => {
        started.push(name);
        await job.done;
      });
    };
    const all = [handle('ana', 1), handle('bea', 2), handle('carl', 3)];
    await settle();
    expect(started).toEqual(['ana', 'bea']);
    expect(limiter.inHand()).toBe(2);
    expect(limiter.waiting()).toBe(1);

    work.get('bea')!.finish();
    await settle();
    expect(started).toEqual(['ana', 'bea', 'carl']);
    expect(limiter.waiting()).toBe(0);

    work.get('ana')!.finish();
    work.get('carl')!.finish();
    await Promise.all(all);
    expect(limiter.inHand()).toBe(0);
  });

  it('lets a chat already in hand in at once, without a slot: a fast tapper does not hold up others', async () => {
    const limiter = chatsAtOnce(2);
    const started: string[] = [];
    const first = deferred();
    const handle = (name: string, chatId: number, done: Promise<void> = Promise.resolve()) =>
      limiter.middleware(updateOf(chatId), async () => {
        started.push(name);
        await done;
      });
    const all = [handle('ana 1', 1, first.done), handle('ana 2', 1, first.done)];
    await settle();
    expect(started).toEqual(['ana 1', 'ana 2']);
    expect(limiter.inHand()).toBe(1);
    // Ana's two updates take one slot: Bea's update is handled meanwhile.
    await handle('bea', 2);
    expect(started).toEqual(['ana 1', 'ana 2', 'bea']);
    first.finish();
    await Promise.all(all);
  });

  it("keeps a waiting chat's updates in their order, and lets them in together", async () => {
    const limiter = chatsAtOnce(1);
    const started: string[] = [];
    const busy = deferred();
    const handle = (name: string, chatId: number, done: Promise<void> = Promise.resolve()) =>
      limiter.middleware(updateOf(chatId), async () => {
        started.push(name);
        await done;
      });
    const held = deferred();
    const all = [
      handle('ana', 1, busy.done),
      handle('bea 1', 2, held.done),
      handle('carl', 3),
      handle('bea 2', 2, held.done),
      handle('bea 3', 2),
    ];
    await settle();
    expect(started).toEqual(['ana']);
    expect(limiter.waiting()).toBe(4);

    // The chat that waited longest goes first, all its updates in order; then the next.
    busy.finish();
    await settle();
    expect(started).toEqual(['ana', 'bea 1', 'bea 2', 'bea 3']);
    held.finish();
    await Promise.all(all);
    expect(started).toEqual(['ana', 'bea 1', 'bea 2', 'bea 3', 'carl']);
  });

  it('never holds an update without a chat (a pre-checkout query), and frees the slot of an update that failed', async () => {
    const limiter = chatsAtOnce(1);
    const started: string[] = [];
    const failing = limiter.middleware(updateOf(1), async () => {
      started.push('fails');
      await settle();
      throw new Error('the turn failed');
    });
    const waiting = limiter.middleware(updateOf(2), async () => void started.push('bea'));
    await limiter.middleware(updateOf(), async () => void started.push('query'));
    expect(started).toEqual(['fails', 'query']);
    await expect(failing).rejects.toThrow('the turn failed');
    await waiting;
    expect(started).toEqual(['fails', 'query', 'bea']);
    expect(limiter.inHand()).toBe(0);
  });

  it('refuses a limit that is not a whole number of at least one', () => {
    expect(() => chatsAtOnce(0)).toThrow(/whole number/);
    expect(() => chatsAtOnce(1.5)).toThrow(/whole number/);
  });
});
