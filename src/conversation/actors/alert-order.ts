/**
 * What a failure alert says it was about (AlertOrder, src/events.ts): the products with
 * their day and how many, the amount and, where the call knew it, the customer. Built
 * from what the failing call had in hand, so that staff can act without a look-up first.
 */
import type { Sale } from '#src/api/sales.js';
import { toCents } from '#src/domain/pricing.js';
import type { AlertOrder } from '#src/events.js';
import type { Cart } from '#flows/booking/types.js';
import type { TurnAbout } from '../turn-writes.js';

/** `about`: whose turn it was (a cart has no buyer's details yet: the chat names them). */
export function alertOrderOfCart(cart: Cart, about?: TurnAbout): AlertOrder {
  const currency = cart.lines[0]?.unitPrice.currency ?? 'EUR';
  const cents = cart.lines
    .filter((line) => line.unitPrice.currency === currency)
    .reduce((sum, line) => sum + line.unitPrice.cents * line.quantity, 0);
  return {
    products: cart.lines.map((line) => ({
      name: line.name,
      date: line.accessDate,
      quantity: line.quantity,
    })),
    ...(cart.lines.length > 0 ? { total: { cents, currency } } : {}),
    ...(about
      ? {
          conversationId: about.conversationId,
          customer: {
            chat: about.conversationId,
            ...(about.firstName ? { chatName: about.firstName } : {}),
          },
        }
      : {}),
  };
}

export function alertOrderOfSale(sale: Sale): AlertOrder {
  const client = Array.isArray(sale.client) ? sale.client[0] : sale.client;
  const name = [client?.fullName, client?.surname].filter(Boolean).join(' ');
  return {
    products: sale.activities.map((activity) => ({
      name: activity.productName,
      date: activity.accessDateTime.slice(0, 10),
      quantity: activity.quantity,
    })),
    total: { cents: toCents(sale.totalPrice), currency: 'EUR' },
    ...(client
      ? {
          customer: {
            ...(name ? { name } : {}),
            ...(client.email ? { email: client.email } : {}),
            ...(client.phoneNumber ? { phone: client.phoneNumber } : {}),
          },
        }
      : {}),
  };
}
