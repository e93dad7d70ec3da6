/**
 * The conversation's lease taken with a Telegram update (turn-ahead.ts), on the memory
 * store: which updates take it, only one of a chat in hand at a time, handed to the turn
 * once, and freed at once for an update of the chat that gets to the chat's order first.
 */
import { describe, expect, it } from 'vitest';
import type { TgContext } from '#src/channels/telegram/deps.js';
import { encodeCallback } from '#src/channels/telegram/callback-data.js';
import { createTurnsAhead } from '#src/channels/telegram/turn-ahead.js';
import { newStamp } from '#src/channels/telegram/view-table.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import { LockTimeoutError, type EndOfRun } from '#src/store/store.js';

const engine = {
  turnBegins: (conversationId: string) => ({
    key: `conv:${conversationId}`,
    read: `conv:${conversationId}`,
  }),
};

const update = (chatId: number | undefined, rest: object) =>
  ({
    ...(chatId !== undefined ? { chat: { id: chatId, type: 'private' } } : {}),
    ...rest,
  }) as unknown as TgContext;
const typed = (chatId: number) => update(chatId, { message: { text: 'hola' } });
const tapped = (chatId: number, action: Parameters<typeof encodeCallback>[1]) =>
  update(chatId, { callbackQuery: { data: encodeCallback(newStamp(), action) } });

describe('the conversation lease taken with an update', () => {
  it('is taken for an update that comes to a turn, never for one that must not wait or comes to none', () => {
    const ahead = createTurnsAhead(engine);
    const takes = (ctx: TgContext) => {
      const taken = ahead.begin(ctx);
      ahead.done(ctx);
      return taken?.take.key;
    };
    expect(takes(typed(1))).toBe('conv:tg:1');
    expect(takes(update(1, { message: { contact: { phone_number: '34600' } } }))).toBe('conv:tg:1');
    expect(takes(update(1, { message: { successful_payment: { total_amount: 1 } } }))).toBe(
      'conv:tg:1',
    );
    expect(takes(tapped(1, { kind: 'option', index: 0 }))).toBe('conv:tg:1');
    expect(takes(tapped(1, { kind: 'day', date: '2026-06-12' }))).toBe('conv:tg:1');
    // A pre-checkout query (no chat; answered at once), a file (downloaded first), a page
    // of a keyboard, a member change, a sticker: none.
    expect(takes(update(undefined, { preCheckoutQuery: { id: 'q' } }))).toBeUndefined();
    expect(takes(update(1, { message: { document: { file_id: 'f' } } }))).toBeUndefined();
    expect(takes(tapped(1, { kind: 'page', page: 1 }))).toBeUndefined();
    expect(takes(update(1, { myChatMember: {} }))).toBeUndefined();
    expect(takes(update(1, { message: { sticker: {} } }))).toBeUndefined();
  });

  it('is taken only when no other update of the chat is in hand here', () => {
    const ahead = createTurnsAhead(engine);
    const [first, second, elsewhere] = [typed(1), typed(1), typed(2)];
    expect(ahead.begin(first)).toBeDefined();
    expect(ahead.begin(second)).toBeUndefined();
    expect(ahead.begin(elsewhere)).toBeDefined();
    ahead.done(first);
    // The second is still in hand.
    expect(ahead.begin(typed(1))).toBeUndefined();
    ahead.done(second);
    ahead.done(elsewhere);
  });

  it('is handed to the turn once, and no longer freed with the update', async () => {
    const store = createMemoryStore();
    const ahead = createTurnsAhead(engine);
    const ctx = typed(1);
    const begin = ahead.begin(ctx)!;
    await store.put('conv:tg:1', { step: 'home' }, 0, 60);
    const lock = await store.lock('update:1', { ttlMs: 60_000, waitMs: 0, take: [begin.take] });
    const lease = lock.taken![0]!;
    const end: EndOfRun = { writes: [], release: [lease] };
    ahead.taken(
      ctx,
      lease,
      ['tickets', 'pointer'].map(() => undefined),
      end,
    );
    await ahead.inOrder(ctx, async () => {});
    const handed = ahead.handOver(ctx)!;
    expect(handed.lock).toBe(lease);
    expect(handed.lock.read).toEqual({ value: { step: 'home' }, version: 1 });
    expect(end.release).toEqual([]);
    expect(ahead.handOver(ctx)).toBeUndefined();
    ahead.done(ctx);
    await lock.release(end);
    // Still the turn's: held until the turn frees it.
    await expect(store.lock('conv:tg:1', { ttlMs: 1_000, waitMs: 0 })).rejects.toBeInstanceOf(
      LockTimeoutError,
    );
    await handed.lock.release();
  });

  it('is freed at once for an update of the chat that gets to its order first', async () => {
    const store = createMemoryStore();
    const ahead = createTurnsAhead(engine);
    const [tap, message] = [tapped(1, { kind: 'option', index: 0 }), typed(1)];
    const begin = ahead.begin(tap)!;
    const lock = await store.lock('update:1', { ttlMs: 60_000, waitMs: 0, take: [begin.take] });
    const end: EndOfRun = { writes: [], release: [lock.taken![0]!] };
    ahead.taken(tap, lock.taken![0], [], end);
    // The message, begun while the tap is in hand, gets to the chat's order first.
    expect(ahead.begin(message)).toBeUndefined();
    let freed = false;
    await ahead.inOrder(message, async () => {
      const turn = await store.lock('conv:tg:1', { ttlMs: 1_000, waitMs: 0 });
      await turn.release();
      freed = true;
    });
    expect(freed).toBe(true);
    // The tap's turn takes the lease itself; the update's end has nothing left to free.
    await ahead.inOrder(tap, async () => {});
    expect(ahead.handOver(tap)).toBeUndefined();
    expect(end.release).toEqual([]);
    ahead.done(message);
    ahead.done(tap);
  });

  it('is kept by an update that gets to the order first, and freed with its end if no turn takes it', async () => {
    const store = createMemoryStore();
    const ahead = createTurnsAhead(engine);
    const [first, second] = [typed(1), typed(1)];
    const begin = ahead.begin(first)!;
    ahead.begin(second);
    const lock = await store.lock('update:1', { ttlMs: 60_000, waitMs: 0, take: [begin.take] });
    const lease = lock.taken![0]!;
    const end: EndOfRun = { writes: [], release: [lease] };
    ahead.taken(first, lease, [], end);
    await ahead.inOrder(first, async () => {});
    await ahead.inOrder(second, async () => {});
    // Not handed on (the update came to no turn after all): the update's end frees it.
    expect(end.release).toEqual([lease]);
    ahead.done(first);
    await lock.release(end);
    await (await store.lock('conv:tg:1', { ttlMs: 1_000, waitMs: 0 })).release();
    ahead.done(second);
  });
});
