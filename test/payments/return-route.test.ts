/**
 * The payment return route over real HTTP: a return for a cart being sold reaches its
 * conversation as `payment.result`; an unknown or malformed cart reaches nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingContext, BookingEvent } from '../../flows/booking/types.js';
import type { Push } from '../../src/conversation/outbox.js';
import { silentLogger } from '../../src/log.js';
import { paymentReturnRoutes, rememberPaymentReturns } from '../../src/payments/return-route.js';
import { startHttpServer, type HttpServer } from '../../src/server.js';
import { createMemoryStore } from '../../src/store/memory-store.js';

const store = createMemoryStore();
const sent: [string, BookingEvent][] = [];
const push: Push = {
  register: () => undefined,
  send: async (conversationId, event) => {
    sent.push([conversationId, event]);
    return true;
  },
};
let server: HttpServer;

beforeAll(async () => {
  server = await startHttpServer({
    port: 0,
    host: '127.0.0.1',
    routes: paymentReturnRoutes({ store, push, logger: silentLogger }),
    logger: silentLogger,
  });
});
afterAll(() => server.close());

const context = (sale?: BookingContext['sale']) => ({ sale }) as BookingContext;

describe('payment return', () => {
  it('sends the outcome to the conversation that is selling the cart', async () => {
    await rememberPaymentReturns(store)(
      'tg:42',
      context(),
      context({ partnerSaleId: 'p1', saleIds: ['s1'], shoppingCartId: 'cartabc123456' }),
    );
    const ok = await fetch(
      `${server.url}/payments/return/ok?cart=cartabc123456&PartnerSaleId=p1&SaleId=s1`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(/Thank you/);
    const ko = await fetch(`${server.url}/payments/return/ko?cart=cartabc123456`);
    expect(ko.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([
      ['tg:42', { type: 'payment.result', outcome: 'ok' }],
      ['tg:42', { type: 'payment.result', outcome: 'ko' }],
    ]);
  });

  it.each(['unknowncart00', '../../etc', '', 'a'.repeat(100)])(
    'answers 404 for cart %j and tells nobody',
    async (cart) => {
      sent.length = 0;
      const response = await fetch(
        `${server.url}/payments/return/ok?cart=${encodeURIComponent(cart)}`,
      );
      expect(response.status).toBe(404);
      expect(sent).toEqual([]);
    },
  );
});
