/**
 * The payment return route over real HTTP: a return for a sale waiting for its payment
 * reaches its conversation as `payment.result`, once per burst; a forged, malformed or
 * replayed token reaches nobody.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingContext, BookingEvent } from '#flows/booking/types.js';
import type { Push } from '#src/conversation/outbox.js';
import { silentLogger } from '#src/log.js';
import { paymentReturnRoutes, rememberPaymentReturns } from '#src/payments/return-route.js';
import { doWork } from '#src/conversation/turn-work.js';
import { createReturnUrls, returnSecret } from '#src/payments/return-token.js';
import { startHttpServer, type HttpServer } from '#src/server.js';
import { createMemoryStore } from '#src/store/memory-store.js';

const store = createMemoryStore();
const urls = createReturnUrls('http://127.0.0.1:1/', 'a-test-secret-of-at-least-32-characters');
const sent: [string, BookingEvent][] = [];
/** While set, a push waits for it (a turn checking the sale with the service). */
let held: Promise<void> | undefined;
/** Pushes ended since the test began, and who waits for a count of them. */
let ended = 0;
let waiters: { count: number; resolve: () => void }[] = [];
const pushesEnded = (count: number) =>
  new Promise<void>((resolve) => {
    if (ended >= count) resolve();
    else waiters.push({ count, resolve });
  });
const push: Push = {
  register: () => undefined,
  send: async (conversationId, event) => {
    sent.push([conversationId, event]);
    if (held) await held;
    ended += 1;
    for (const waiter of waiters.filter(({ count }) => ended >= count)) waiter.resolve();
    return true;
  },
  run: async () => undefined,
};
let server: HttpServer;

beforeAll(async () => {
  server = await startHttpServer({
    port: 0,
    host: '127.0.0.1',
    routes: paymentReturnRoutes({ store, push, logger: silentLogger, urls }),
    logger: silentLogger,
  });
});
afterAll(() => server.close());
beforeEach(() => {
  sent.length = 0;
  held = undefined;
  ended = 0;
  waiters = [];
});

const context = (sale?: BookingContext['sale']) => ({ sale }) as BookingContext;
const waiting = (partnerSaleId: string) =>
  context({ partnerSaleId, saleIds: ['s1'], paymentUrl: 'https://pay.example/1' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** The URL the payment page calls, on our server. */
const returnUrl = (partnerSaleId: string, outcome: 'ok' | 'ko') =>
  urls.of(partnerSaleId)[outcome].replace('http://127.0.0.1:1', server.url);

describe('payment return', () => {
  it('sends the outcome to the conversation waiting for that sale', async () => {
    await doWork(store, rememberPaymentReturns(urls)('tg:42', context(), waiting('p1')));
    expect(urls.of('p1').ok).not.toContain('cart');
    const ok = await fetch(returnUrl('p1', 'ok'));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(/Thank you/);
    const ko = await fetch(returnUrl('p1', 'ko'));
    expect(ko.status).toBe(200);
    await settle();
    expect(sent).toEqual([
      ['tg:42', { type: 'payment.result', outcome: 'ok' }],
      ['tg:42', { type: 'payment.result', outcome: 'ko' }],
    ]);
  });

  it('makes one push of 100 notifications during a push, and one more after it', async () => {
    await doWork(store, rememberPaymentReturns(urls)('tg:43', context(), waiting('p2')));
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    const first = await fetch(returnUrl('p2', 'ko'));
    expect(first.status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => fetch(returnUrl('p2', 'ko')).then((r) => r.status)),
    );
    expect(new Set(answers)).toEqual(new Set([200]));
    // The first push is still under way: none of the 100 made another.
    expect(sent).toHaveLength(1);
    held = undefined;
    release();
    await pushesEnded(2);
    // They may have come after its check with the service: one more push, for all of them.
    expect(sent).toEqual([
      ['tg:43', { type: 'payment.result', outcome: 'ko' }],
      ['tg:43', { type: 'payment.result', outcome: 'ko' }],
    ]);
  });

  it('never holds back the return after the payment behind one before it', async () => {
    await doWork(store, rememberPaymentReturns(urls)('tg:47', context(), waiting('p7')));
    // The genuine link opened before paying: pushed, and checked ("not paid yet").
    expect((await fetch(returnUrl('p7', 'ok'))).status).toBe(200);
    await pushesEnded(1);
    // Paid a moment later: the page's return is pushed at once, not after a window.
    expect((await fetch(returnUrl('p7', 'ok'))).status).toBe(200);
    await pushesEnded(2);
    expect(sent).toEqual([
      ['tg:47', { type: 'payment.result', outcome: 'ok' }],
      ['tg:47', { type: 'payment.result', outcome: 'ok' }],
    ]);
  });

  it('reads no body: a post announcing 50 MB is answered unread, and its connection closed', async () => {
    await doWork(store, rememberPaymentReturns(urls)('tg:48', context(), waiting('p8')));
    const { pathname, search } = new URL(returnUrl('p8', 'ok'));
    const answer = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const request = httpRequest(`${server.url}${pathname}${search}`, {
        method: 'POST',
        headers: { 'content-length': 50_000_000 },
      });
      request.on('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
        request.destroy();
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(answer).toEqual({ status: 200, connection: 'close' });
  });

  it('answers 404 to a replayed token once the sale stopped waiting, and tells nobody', async () => {
    const remember = (...args: Parameters<ReturnType<typeof rememberPaymentReturns>>) =>
      doWork(store, rememberPaymentReturns(urls)(...args));
    await remember('tg:44', context(), waiting('p3'));
    // Paid: the tickets were loaded, the sale waits no more.
    await remember('tg:44', waiting('p3'), context({ ...waiting('p3').sale!, activities: [] }));
    const replay = await fetch(returnUrl('p3', 'ok'));
    expect(replay.status).toBe(404);
    // A newer sale of the conversation replaces the older one's token too.
    await remember('tg:45', context(), waiting('p4'));
    await remember('tg:45', waiting('p4'), waiting('p5'));
    expect((await fetch(returnUrl('p4', 'ok'))).status).toBe(404);
    expect((await fetch(returnUrl('p5', 'ok'))).status).toBe(200);
    await settle();
    expect(sent).toEqual([['tg:45', { type: 'payment.result', outcome: 'ok' }]]);
  });

  it('answers 404 to a token signed with another secret', async () => {
    await doWork(store, rememberPaymentReturns(urls)('tg:46', context(), waiting('p6')));
    const forger = createReturnUrls(server.url, 'another-secret-of-at-least-32-characters');
    const forged = await fetch(forger.of('p6').ok);
    expect(forged.status).toBe(404);
    await settle();
    expect(sent).toEqual([]);
  });

  it.each(['unknown', '../../etc', '', 'a'.repeat(100), 'A'.repeat(43)])(
    'answers 404 for sale=%j and tells nobody',
    async (token) => {
      const response = await fetch(
        `${server.url}/payments/return/ok?sale=${encodeURIComponent(token)}`,
      );
      expect(response.status).toBe(404);
      await settle();
      expect(sent).toEqual([]);
    },
  );

  it('keeps one generated secret for every instance sharing the store', async () => {
    const shared = createMemoryStore();
    const [first, second] = await Promise.all([returnSecret(shared), returnSecret(shared)]);
    expect(first).toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await returnSecret(shared, 'configured-secret-of-32-characters!!')).toBe(
      'configured-secret-of-32-characters!!',
    );
  });
});
