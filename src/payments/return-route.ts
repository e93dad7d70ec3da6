/**
 * The payment page's way back (debit partners): the Sale request names
 * `/payments/return/ok|ko?sale=<token>` as ReturnUrlOk/Ko, the token signed per sale
 * (return-token.ts). The route finds the conversation waiting for that sale's payment and
 * sends it `payment.result`; the conversation then checks the sale with GET /Sale (a
 * return call alone proves nothing) and sends the tickets.
 * - A forged token, or one of a sale no longer waiting (paid, given up, replaced by a
 *   newer sale): 404, and nobody is told.
 * - The page may call again and again: one push per sale and outcome at a time, held in
 *   the store so that it holds across instances; the page still answers. A call that
 *   comes while a push is under way is not dropped: the push is made once more after it,
 *   since its check with the service may have been made before the payment; calls
 *   within a second after a push are gathered into one more. A call before the payment
 *   (the link opened early) never holds back the one after it beyond that second.
 * - Nothing of the request's body is read: the token in the query is all there is.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { BookingContext } from '#flows/booking/types.js';
import type { TurnWork } from '#src/conversation/turn-work.js';
import type { Push } from '#src/conversation/outbox.js';
import type { Logger } from '#src/log.js';
import type { Route } from '#src/server.js';
import {
  paymentReturnAgainKey,
  paymentReturnKey,
  paymentReturnPushingKey,
} from '#src/store/keys.js';
import { LockTimeoutError, type Store } from '#src/store/store.js';
import { TOKEN, type ReturnUrls } from './return-token.js';

interface Waiting {
  conversationId: string;
  partnerSaleId: string;
}

/** Long enough for a customer to finish paying; short, since it names a conversation. */
const TTL_SECONDS = 2 * 24 * 60 * 60;
/** A push under way holds its sale and outcome at most this long (its instance may die). */
const PUSHING_TTL_MS = 30_000;
/** After a push, calls are gathered this long into the next one. */
const SETTLE_MS = 1_000;
/** A call that came during a push is remembered this long for the push after it. */
const AGAIN_TTL_SECONDS = 60;

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

interface ReturnDeps {
  store: Store;
  push: Push;
  logger: Logger;
  urls: ReturnUrls;
}

/** The lock that says a push of this sale and outcome is under way; undefined when it is. */
async function startPushing(store: Store, token: string, outcome: string) {
  try {
    return await store.lock(paymentReturnPushingKey(token, outcome), {
      ttlMs: PUSHING_TTL_MS,
      waitMs: 0,
    });
  } catch (error) {
    if (error instanceof LockTimeoutError) return undefined;
    throw error;
  }
}

/**
 * Sends `payment.result` to the conversation, one push at a time per sale and outcome.
 * A call that finds a push under way leaves a mark, and the pusher pushes once more; the
 * pusher looks for a mark again after letting go, and a caller that left one tries to take
 * over, so that a mark is never left behind with nobody to push for it.
 */
async function pushOutcome(
  deps: ReturnDeps,
  token: string,
  outcome: 'ok' | 'ko',
  conversationId: string,
): Promise<void> {
  const again = paymentReturnAgainKey(token, outcome);
  let pushing = await startPushing(deps.store, token, outcome);
  if (!pushing) {
    await deps.store.set(again, true, AGAIN_TTL_SECONDS);
    pushing = await startPushing(deps.store, token, outcome);
  }
  while (pushing) {
    try {
      do {
        await deps.store.delete(again);
        await deps.push.send(conversationId, { type: 'payment.result', outcome });
        // A burst of calls (the page retrying) makes one push after this one, not one each.
        await sleep(SETTLE_MS);
      } while (await deps.store.get(again));
    } finally {
      await pushing.release();
    }
    pushing = (await deps.store.get(again))
      ? await startPushing(deps.store, token, outcome)
      : undefined;
  }
}

export function paymentReturnRoutes(deps: ReturnDeps): Route[] {
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
      // After answering: the conversation checks the sale and replies in its channel.
      void pushOutcome(deps, token, outcome, waiting.conversationId).catch((error: unknown) => {
        deps.logger.error({ err: error }, 'payment return could not be delivered');
      });
    };
  // Anyone with a link may call them: every call counts against its address's limit.
  return (['GET', 'POST'] as const).flatMap((method) =>
    (['ok', 'ko'] as const).map((outcome): Route => ({
      method,
      path: `/payments/return/${outcome}`,
      limitedPerAddress: true,
      maxBodyBytes: 0,
      handle: handle(outcome),
    })),
  );
}
