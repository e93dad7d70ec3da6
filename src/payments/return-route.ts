/**
 * The payment page's way back (debit partners): the Sale request names
 * `/payments/return/ok|ko?cart=<ShoppingCartId>` as ReturnUrlOk/Ko. The route finds the
 * conversation that sold that cart and sends it `payment.result`; the conversation then
 * checks the sale with GET /Sale (a return call alone proves nothing) and sends the
 * tickets. The cart id is random and short-lived, so it reveals nothing of the customer.
 */
import type { BookingContext } from '../../flows/booking/types.js';
import type { Push } from '../conversation/outbox.js';
import type { Logger } from '../log.js';
import type { Route } from '../server.js';
import type { Store } from '../store/store.js';

const KEY = (shoppingCartId: string) => `payment-return:${shoppingCartId}`;
/** Long enough for a customer to finish paying; short, since it names a conversation. */
const TTL_SECONDS = 2 * 24 * 60 * 60;

/** After a turn: remember which conversation is selling which cart. */
export function rememberPaymentReturns(store: Store) {
  return async (
    conversationId: string,
    before: BookingContext,
    after: BookingContext,
  ): Promise<void> => {
    const cart = after.sale?.shoppingCartId;
    if (!cart || cart === before.sale?.shoppingCartId) return;
    const existing = await store.get<string>(KEY(cart));
    if (existing?.value === conversationId) return;
    await store.put(KEY(cart), conversationId, existing?.version ?? 0, TTL_SECONDS);
  };
}

function page(title: string, text: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:4rem auto"><h1>${title}</h1><p>${text}</p></body></html>`;
}

export function paymentReturnRoutes(deps: { store: Store; push: Push; logger: Logger }): Route[] {
  const handle =
    (outcome: 'ok' | 'ko'): Route['handle'] =>
    async (request, response) => {
      const cart = request.url.searchParams.get('cart') ?? '';
      const owner = /^[a-z0-9]{1,40}$/i.test(cart)
        ? await deps.store.get<string>(KEY(cart))
        : undefined;
      response.writeHead(owner ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      if (!owner) {
        response.end(page('Unknown payment', 'This payment link is not known (or has expired).'));
        return;
      }
      response.end(
        outcome === 'ok'
          ? page(
              'Thank you',
              'Payment received. You can go back to the chat: your tickets are on their way.',
            )
          : page(
              'Payment not completed',
              'The payment did not go through. You can go back to the chat and try again.',
            ),
      );
      // After answering: the conversation checks the sale and replies in its channel.
      void deps.push
        .send(owner.value, { type: 'payment.result', outcome })
        .catch((error: unknown) => {
          deps.logger.error({ err: error }, 'payment return could not be delivered');
        });
    };
  return [
    { method: 'GET', path: '/payments/return/ok', handle: handle('ok') },
    { method: 'GET', path: '/payments/return/ko', handle: handle('ko') },
    { method: 'POST', path: '/payments/return/ok', handle: handle('ok') },
    { method: 'POST', path: '/payments/return/ko', handle: handle('ko') },
  ];
}
