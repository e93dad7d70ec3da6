/** The server side of the buttons: stored views, the chat's current view, and what a tap means. */
import { beforeEach, describe, expect, it } from 'vitest';
import { encodeCallback } from '#src/channels/telegram/callback-data.js';
import {
  HANDLING_LEASE_MS,
  newStamp,
  resolveTap,
  saveView,
  setPointer,
  withChoice,
  type ViewRecord,
} from '#src/channels/telegram/view-table.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import type { Store } from '#src/store/store.js';

const CHAT = 42;
let store: Store;
let stamp: string;

const view: ViewRecord = {
  conversationId: `tg:${CHAT}`,
  chatId: CHAT,
  expects: 'date',
  calendar: ['2026-12-01', '2026-12-15', '2027-01-05'],
  options: [
    // The day an option picks is its `day`, whatever its id says.
    { id: 'first-day', label: 'Tue 1 Dec', day: '2026-12-01' },
    { id: 'back', label: '⬅️ Back' },
  ],
};

beforeEach(async () => {
  store = createMemoryStore();
  stamp = await saveView(store, view);
  await setPointer(store, CHAT, { stamp, messageId: 7, inline: true, replyKeyboard: false });
});

const tap = (data: string, chatId = CHAT) => resolveTap(store, chatId, data);

describe('resolving taps', () => {
  it('gives the stored view, with a random stamp short enough for button data', async () => {
    expect(stamp).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await saveView(store, view)).not.toBe(stamp);
  });

  it('draws every stamp anew, across the random bytes drawn for many at once', () => {
    const stamps = Array.from({ length: 1_000 }, () => newStamp());
    for (const each of stamps) expect(each).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it('turns an option into the choice of its id', async () => {
    const result = await tap(encodeCallback(stamp, { kind: 'option', index: 1 }));
    expect(result).toMatchObject({ kind: 'input', stamp, input: { kind: 'choose', id: 'back' } });
  });

  it('turns a calendar day into its date option, or the typed date when the view has no button for it', async () => {
    expect(await tap(encodeCallback(stamp, { kind: 'day', date: '2026-12-01' }))).toMatchObject({
      kind: 'input',
      input: { kind: 'choose', id: 'first-day' },
    });
    expect(await tap(encodeCallback(stamp, { kind: 'day', date: '2027-01-05' }))).toMatchObject({
      kind: 'input',
      input: { kind: 'text', text: '2027-01-05' },
    });
  });

  it('pages and months within the view', async () => {
    expect(await tap(encodeCallback(stamp, { kind: 'month', month: '2027-01' }))).toMatchObject({
      kind: 'month',
      month: '2027-01',
    });
    expect(await tap(encodeCallback(stamp, { kind: 'page', page: 0 }))).toMatchObject({
      kind: 'page',
      page: 0,
    });
    expect(await tap(encodeCallback(stamp, { kind: 'noop' }))).toEqual({ kind: 'noop' });
  });

  it('refuses what the view never offered, unknown stamps and other chats as forged', async () => {
    const forged = [
      'garbage',
      encodeCallback('ZZZZZZZZZZZZZZZZ', { kind: 'option', index: 0 }),
      encodeCallback(stamp, { kind: 'option', index: 2 }),
      encodeCallback(stamp, { kind: 'day', date: '2026-12-02' }),
      encodeCallback(stamp, { kind: 'month', month: '2027-02' }),
      encodeCallback(stamp, { kind: 'page', page: 1 }),
    ];
    for (const data of forged) expect(await tap(data)).toEqual({ kind: 'forged' });
    expect(await tap(encodeCallback(stamp, { kind: 'option', index: 0 }), CHAT + 1)).toEqual({
      kind: 'forged',
    });
  });

  it("calls a tap on a view that is no longer the chat's current one stale", async () => {
    const next = await saveView(store, { ...view, options: [{ id: 'home', label: 'Home' }] });
    await setPointer(store, CHAT, {
      stamp: next,
      messageId: 8,
      inline: true,
      replyKeyboard: false,
    });
    expect(await tap(encodeCallback(stamp, { kind: 'option', index: 0 }))).toEqual({
      kind: 'stale',
    });
    expect(await tap(encodeCallback(stamp, { kind: 'month', month: '2027-01' }))).toEqual({
      kind: 'stale',
    });
    expect(await tap(encodeCallback(next, { kind: 'option', index: 0 }))).toMatchObject({
      kind: 'input',
    });
  });
});

describe('choices being handled', () => {
  it('lets one choice of a view be handled at a time, and frees the view after', async () => {
    const other = await saveView(store, view);
    const handled: string[] = [];
    let inner: boolean[] = [];
    const first = await withChoice(store, stamp, CHAT, async () => {
      handled.push('first');
      inner = [
        await withChoice(store, stamp, CHAT, async () => void handled.push('second')),
        await withChoice(store, other, CHAT, async () => void handled.push('other view')),
      ];
    });
    expect([first, ...inner]).toEqual([true, false, true]);
    expect(await withChoice(store, stamp, CHAT, async () => void handled.push('later'))).toBe(true);
    expect(handled).toEqual(['first', 'other view', 'later']);
  });

  it("gives the choice the chat's current view, read as the view is taken", async () => {
    const seen: (string | undefined)[] = [];
    await withChoice(store, stamp, CHAT, async (pointer) => void seen.push(pointer?.stamp));
    const next = await saveView(store, view);
    await setPointer(store, CHAT, { stamp: next, inline: true, replyKeyboard: false });
    await withChoice(store, stamp, CHAT, async (pointer) => void seen.push(pointer?.stamp));
    expect(seen).toEqual([stamp, next]);
  });

  it('frees the view of a choice whose instance died, after the lease', async () => {
    let now = 1_000_000;
    const clocked = createMemoryStore(() => now);
    // A holder that does not get to extend its lease (its process died): the view is
    // taken, then free again once the lease has run out.
    let die = () => undefined as void;
    const dead = withChoice(clocked, stamp, CHAT, () => new Promise<void>((done) => (die = done)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await withChoice(clocked, stamp, CHAT, async () => undefined)).toBe(false);
    now += HANDLING_LEASE_MS + 1;
    expect(await withChoice(clocked, stamp, CHAT, async () => undefined)).toBe(true);
    die();
    await dead;
  });
});
