import { describe, expect, it } from 'vitest';
import { deliveryKey } from '#src/channels/slack/middleware/dedupe.js';
import { isStaff, requester } from '#src/channels/slack/middleware/staff-only.js';
import { createInFlight } from '#src/channels/slack/middleware/in-flight.js';
import { encodeMetadata, decodeMetadata } from '#src/channels/slack/metadata.js';
import {
  loadSearch,
  pageValue,
  readPageValue,
  saveSearch,
} from '#src/channels/slack/search-state.js';
import { createMemoryStore } from '#src/store/memory-store.js';

const staff = { staffUsers: ['U1'], staffChannels: ['C1'] };

describe('who is asking', () => {
  it('reads a slash command', () => {
    expect(requester({ command: '/sales', user_id: 'U9', channel_id: 'C1' })).toEqual({
      kind: 'command',
      what: '/sales',
      userId: 'U9',
      channelId: 'C1',
    });
  });

  it('reads a button in a message and in a modal (channel from the view metadata)', () => {
    expect(
      requester({
        type: 'block_actions',
        user: { id: 'U9' },
        container: { type: 'message', channel_id: 'C2' },
        actions: [{ action_id: 'sales_page_next' }],
      }),
    ).toMatchObject({ kind: 'action', what: 'sales_page_next', userId: 'U9', channelId: 'C2' });
    expect(
      requester({
        type: 'block_actions',
        user: { id: 'U9' },
        container: { type: 'view' },
        view: { private_metadata: encodeMetadata({ channelId: 'C1' }) },
        actions: [{ action_id: 'x' }],
      }),
    ).toMatchObject({ channelId: 'C1' });
  });

  it('reads a view submission', () => {
    expect(
      requester({
        type: 'view_submission',
        user: { id: 'U9' },
        view: { callback_id: 'sales_search', private_metadata: 'not json' },
      }),
    ).toEqual({ kind: 'view', what: 'sales_search', userId: 'U9', channelId: undefined });
  });

  it('admits staff users anywhere and anyone in a staff channel', () => {
    expect(isStaff(staff, { kind: 'command', what: '', userId: 'U1', channelId: 'D1' })).toBe(true);
    expect(isStaff(staff, { kind: 'command', what: '', userId: 'U2', channelId: 'C1' })).toBe(true);
    expect(isStaff(staff, { kind: 'command', what: '', userId: 'U2', channelId: 'C2' })).toBe(
      false,
    );
    expect(isStaff({ staffUsers: [], staffChannels: [] }, { kind: 'other', what: '' })).toBe(false);
  });

  it('decodes only well-formed metadata', () => {
    expect(decodeMetadata('{"channelId":5}')).toEqual({});
    expect(decodeMetadata(undefined)).toEqual({});
    expect(decodeMetadata(encodeMetadata({ channelId: 'C7' }))).toEqual({ channelId: 'C7' });
  });
});

describe('delivery keys', () => {
  it('identify an event by event_id and an interaction by trigger_id', () => {
    expect(deliveryKey({ event_id: 'Ev1', trigger_id: 'x' })).toBe('event:Ev1');
    expect(deliveryKey({ trigger_id: '123.456' })).toBe('trigger:123.456');
  });

  it('fall back to a hash of the body, equal for equal bodies', () => {
    const key = deliveryKey({ type: 'view_closed', view: { id: 'V1' } });
    expect(key).toMatch(/^body:/);
    expect(deliveryKey({ type: 'view_closed', view: { id: 'V1' } })).toBe(key);
    expect(deliveryKey({ type: 'view_closed', view: { id: 'V2' } })).not.toBe(key);
  });
});

describe('paging state', () => {
  it('round-trips button values and rejects malformed ones', () => {
    expect(readPageValue(pageValue('abc_DEF-1', 3))).toEqual({ token: 'abc_DEF-1', page: 3 });
    for (const bad of [undefined, '', 'abc', 'abc:0', 'a b:1', 'abc:-1', `${'x'.repeat(40)}:1`])
      expect(readPageValue(bad)).toBeUndefined();
  });

  it('saves a search under a fresh token and loads it back', async () => {
    const store = createMemoryStore();
    const token = await saveSearch(store, {
      kind: 'sales',
      filters: { clientName: 'Ana' },
      userId: 'U1',
    });
    expect(await loadSearch(store, token)).toEqual({
      kind: 'sales',
      filters: { clientName: 'Ana' },
      userId: 'U1',
    });
    expect(await loadSearch(store, 'missing')).toBeUndefined();
    expect(await loadSearch(store, '../../etc')).toBeUndefined();
  });
});

describe('work in flight', () => {
  it('drains only when everything started has settled, failures included', async () => {
    const inFlight = createInFlight();
    const order: string[] = [];
    let finish!: () => void;
    void inFlight.track(
      new Promise<void>((resolve) => (finish = resolve)).then(() => order.push('work')),
    );
    void inFlight.track(Promise.reject(new Error('boom'))).catch(() => undefined);
    const drained = inFlight.drain().then(() => order.push('drained'));
    finish();
    await drained;
    expect(order).toEqual(['work', 'drained']);
  });
});
