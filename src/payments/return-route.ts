/**
 * The payment page's way back (debit partners): the Sale request names
 * `/payments/return/ok|ko?sale=<token>` as ReturnUrlOk/Ko, the token signed per sale
 * (return-token.ts). The route finds the conversation waiting for that sale's payment and
 * sends it `payment.result`; the conversation then checks the sale with GET /Sale (a
 * return call alone proves nothing) and sends the tickets.
 * - A forged token, or one of a sale no longer waiting (paid, given up, replaced by a
 *   newer sale): 404, and nobody is told.
 * - The page may call again and again: one push per sale and outcome in a short window,
 *   held in the store so that it holds across instances. The page still answers.
 */
import type { BookingContext } from '#flows/booking/types.js';
import type { TurnWork } from '#src/conversation/turn-work.js';
import type { Push } from '#src/conversation/outbox.js';
import type { Logger } from '#src/log.js';
import type { Route } from '#src/server.js';
import { paymentReturnKey, paymentReturnPushedKey } from '#src/store/keys.js';
import type { Store } from '#src/store/store.js';
import { TOKEN, type ReturnUrls } from './return-token.js';

interface Waiting {
  conversationId: string;
  partnerSaleId: string;
}

/** Long enough for a customer to finish paying; short, since it names a conversation. */
const TTL_SECONDS = 2 * 24 * 60 * 60;
/** Repeated notifications of one sale within this window make one push. */
const PUSH_WINDOW_SECONDS = 30;

/** A sale waiting for its payment page: sold with a payment URL, tickets not loaded yet. */
const waitingSale = (context: BookingContext) =>
  context.sale?.paymentUrl !== undefined && context.sale.activities === undefined
    ? context.sale.partnerSaleId
    : undefined;

/**
 * After a turn: remember which conversation waits for which sale's payment, and forget
 * a sale that stopped waiting (its token then answers 404: a replay tells nobody).
 */
export function rememberPaymentReturns(urls: ReturnUrls) {
  return (
    conversationId: string,
    before: BookingContext,
    after: BookingContext,
  ): TurnWork | undefined => {
    const was = waitingSale(before);
    const now = waitingSale(after);
    if (was === now) return undefined;
    // Written with the turn's save: last writer wins (only this conversation's turns, under
    // its lease, write its sales' records).
    return {
      writes: () => [
        // Under every key: a record written before the key's rotation goes too.
        ...(was !== undefined
          ? urls
              .tokensOf(was)
              .map((token) => ({ key: paymentReturnKey(token), delete: true as const }))
          : []),
        ...(now !== undefined
          ? [
              {
                key: paymentReturnKey(urls.tokenOf(now)),
                value: { conversationId, partnerSaleId: now } satisfies Waiting,
                ttlSeconds: TTL_SECONDS,
              },
            ]
          : []),
      ],
    };
  };
}

function page(title: string, text: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:4rem auto"><h1>${title}</h1><p>${text}</p></body></html>`;
}

export function paymentReturnRoutes(deps: {
  store: Store;
  push: Push;
  logger: Logger;
  urls: ReturnUrls;
}): Route[] {
  const handle =
    (outcome: 'ok' | 'ko'): Route['handle'] =>
    async (request, response) => {
      const token = request.url.searchParams.get('sale') ?? '';
      const found = TOKEN.test(token)
        ? await deps.store.get<Waiting>(paymentReturnKey(token))
        : undefined;
      // The record is ours, but the signature is checked too: a key is never trusted alone.
      const waiting =
        found && deps.urls.matches(token, found.value.partnerSaleId) ? found.value : undefined;
      response.writeHead(waiting ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      if (!waiting) {
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
      if (!(await deps.store.claim(paymentReturnPushedKey(token, outcome), PUSH_WINDOW_SECONDS)))
        return;
      // After answering: the conversation checks the sale and replies in its channel.
      void deps.push
        .send(waiting.conversationId, { type: 'payment.result', outcome })
        .catch((error: unknown) => {
          deps.logger.error({ err: error }, 'payment return could not be delivered');
        });
    };
  // Anyone with a link may call them: every call counts against its address's limit.
  return (['GET', 'POST'] as const).flatMap((method) =>
    (['ok', 'ko'] as const).map((outcome): Route => ({
      method,
      path: `/payments/return/${outcome}`,
      limitedPerAddress: true,
      handle: handle(outcome),
    })),
  );
}
