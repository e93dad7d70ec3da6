/**
 * /forget: the customer's personal data is erased, every copy the bot keeps: the details
 * remembered for next time, and everything this conversation holds of them (the details
 * typed, the tickets' answers, the cart and order under way, what was typed or shown; the
 * last messages kept beside the machine for a handoff go with them: the `forgotten` event,
 * conversation/engine.ts). Then home. Said even when nothing was remembered: the customer
 * learns that nothing is kept.
 *
 * What stays is what money needs, none of it personal: a sale's ids, amounts and the
 * payment taken for it (a refund, a payment taken twice), and the conversation's own ids
 * and language. Paid bookings stay at the partner: /mybookings finds them by their ids.
 */
import { assign, emit } from 'xstate';
import { defineMessages } from '#src/i18n/messages.js';
import { partnerCall } from '../partner-call.js';
import type { BookingContext, SaleRecord } from '../types.js';

const messages = defineMessages({
  es: {
    forgetting: 'Borrando tus datos…',
    forgotten:
      'Hecho: he borrado tus datos y todo lo que esta conversación guardaba de ti (también el carrito y el pedido en curso). Tus compras pagadas siguen en /mybookings. La próxima vez te pediré los datos de nuevo.',
  },
  en: {
    forgetting: 'Erasing your details…',
    forgotten:
      'Done: I have erased your details and everything this conversation kept about you (the cart and the order under way too). Your paid bookings are still in /mybookings. Next time I will ask for your details again.',
  },
});

/**
 * A sale's record as money needs it: its ids, amounts and payment; nothing of who bought.
 * A sale still waiting for its payment page keeps the page's link: the return from it is
 * told to this conversation, which then loads the tickets the customer paid for.
 */
function saleForMoney(sale: SaleRecord): SaleRecord {
  const { partnerSaleId, saleIds, shoppingCartId, total, charge, paymentUrl, activities } = sale;
  return {
    partnerSaleId,
    saleIds,
    ...(shoppingCartId !== undefined ? { shoppingCartId } : {}),
    ...(total !== undefined ? { total } : {}),
    ...(charge !== undefined ? { charge } : {}),
    ...(paymentUrl !== undefined && activities === undefined ? { paymentUrl } : {}),
  };
}

/**
 * The conversation once forgotten: a new conversation in the same language, with a new
 * cart, and of the old one only what money needs (a payment taken stays known, so that
 * the same charge is never taken twice and one for an order gone is given back).
 */
export function forgottenContext(
  context: BookingContext,
  nextShoppingCartId: string,
): BookingContext {
  const paid = context.payment?.paid;
  return {
    language: context.language,
    languageOpen: false,
    userKey: context.userKey,
    browse: { page: 0 },
    cart: { shoppingCartId: nextShoppingCartId, lines: [] },
    checkout: { insuranceDeclined: false, profileAnswers: {} },
    customer: { recalled: true, saved: false },
    ...(context.sale ? { sale: saleForMoney(context.sale) } : {}),
    ...(paid ? { payment: { paid } } : {}),
  };
}

export const forgetState = partnerCall({
  waiting: (lang) => messages(lang).forgetting,
  invoke: {
    src: 'forgetCustomer',
    input: ({ context }) => ({ userKey: context.userKey }),
    onDone: {
      target: '#booking.home',
      actions: [
        // assign merges: every key of the old context is named, to be dropped or replaced.
        assign(({ context, event }) => ({
          ...Object.fromEntries(Object.keys(context).map((key) => [key, undefined])),
          ...forgottenContext(context, event.output.nextShoppingCartId),
        })),
        emit({ type: 'forgotten' as const }),
        {
          type: 'notify',
          params: ({ context }) => ({ text: messages(context.language).forgotten }),
        },
      ],
    },
  },
  failed: '#booking.home',
});
