/**
 * Rotating the return tokens' key: new tokens are signed with the current key, those
 * signed with the previous one still verify, so the links of payments in flight keep
 * working; the route finds and forgets a sale's record whichever key made it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingContext, BookingEvent } from '#flows/booking/types.js';
import type { Push } from '#src/conversation/outbox.js';
import { doWork } from '#src/conversation/turn-work.js';
import { silentLogger } from '#src/log.js';
import { paymentReturnRoutes, rememberPaymentReturns } from '#src/payments/return-route.js';
import { createReturnUrls, returnKeys, returnSecret } from '#src/payments/return-token.js';
import { startHttpServer, type HttpServer } from '#src/server.js';
import { createMemoryStore } from '#src/store/memory-store.js';

const OLD = 'the-old-key-of-at-least-32-characters!';
const NEW = 'the-new-key-of-at-least-32-characters!';
const OTHER = 'someone-elses-key-of-32-characters!!!';

describe('return tokens under a rotated key', () => {
  const before = createReturnUrls('https://bot.example', OLD);
  const after = createReturnUrls('https://bot.example', { current: NEW, previous: [OLD] });

  it('signs new tokens with the current key', () => {
    expect(after.tokenOf('p1')).toBe(createReturnUrls('https://bot.example', NEW).tokenOf('p1'));
    expect(after.tokenOf('p1')).not.toBe(before.tokenOf('p1'));
    expect(after.of('p1').ok).toContain(after.tokenOf('p1'));
  });

  it('still verifies tokens of the previous key, and no other', () => {
    expect(after.matches(before.tokenOf('p1'), 'p1')).toBe(true);
    expect(after.matches(after.tokenOf('p1'), 'p1')).toBe(true);
    expect(after.matches(before.tokenOf('p1'), 'p2')).toBe(false);
    expect(after.matches(createReturnUrls('https://bot.example', OTHER).tokenOf('p1'), 'p1')).toBe(
      false,
    );
    // Once the previous key is dropped, its tokens stop verifying.
    expect(createReturnUrls('https://bot.example', NEW).matches(before.tokenOf('p1'), 'p1')).toBe(
      false,
    );
  });
});

describe('the keys a process signs and verifies with', () => {
  it('signs with the configured key and verifies the configured previous one', async () => {
    const keys = await returnKeys(createMemoryStore(), { current: NEW, previous: OLD });
    expect(keys).toEqual({ current: NEW, previous: [OLD] });
  });

  it('keeps verifying the generated key once a configured one replaces it', async () => {
    const store = createMemoryStore();
    const generated = await returnSecret(store);
    expect(await returnKeys(store, { current: NEW })).toEqual({
      current: NEW,
      previous: [generated],
    });
  });

  it('signs with the generated key when none is configured', async () => {
    const store = createMemoryStore();
    const keys = await returnKeys(store, { previous: OLD });
    expect(keys.current).toBe(await returnSecret(store));
    expect(keys.previous).toEqual([OLD]);
    expect(await returnKeys(store)).toEqual({ current: keys.current, previous: [] });
  });
});

describe('a payment in flight across a rotation', () => {
  const store = createMemoryStore();
  const before = createReturnUrls('http://127.0.0.1:1', OLD);
  const after = createReturnUrls('http://127.0.0.1:1', { current: NEW, previous: [OLD] });
  const pushed: [string, BookingEvent][] = [];
  let delivered: () => void = () => undefined;
  const push: Push = {
    register: () => undefined,
    send: async (conversationId, event) => {
      pushed.push([conversationId, event]);
      delivered();
      return true;
    },
    run: async () => undefined,
  };
  let server: HttpServer;
  beforeAll(async () => {
    server = await startHttpServer({
      port: 0,
      host: '127.0.0.1',
      routes: paymentReturnRoutes({ store, push, logger: silentLogger, urls: after }),
      logger: silentLogger,
    });
  });
  afterAll(() => server.close());

  const context = (sale?: BookingContext['sale']) => ({ sale }) as BookingContext;
  const waiting = context({
    partnerSaleId: 'p1',
    saleIds: ['s1'],
    paymentUrl: 'https://pay.example/1',
  });
  const onServer = (url: string) => url.replace('http://127.0.0.1:1', server.url);

  it('reaches its conversation with the link made before, then forgets it', async () => {
    // The link was made, and its record written, by a process on the old key.
    await doWork(store, rememberPaymentReturns(before)('tg:42', context(), waiting));
    const arrived = new Promise<void>((resolve) => (delivered = resolve));
    const response = await fetch(onServer(before.of('p1').ok));
    expect(response.status).toBe(200);
    await arrived;
    expect(pushed).toEqual([['tg:42', { type: 'payment.result', outcome: 'ok' }]]);
    // Paid: a process on the new key forgets the sale, the old key's record included.
    await doWork(store, rememberPaymentReturns(after)('tg:42', waiting, context()));
    expect((await fetch(onServer(before.of('p1').ko))).status).toBe(404);
  });
});
