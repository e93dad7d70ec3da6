/**
 * Reports a confirmed sale once, when a turn first shows its tickets (for a debit
 * partner, after the payment went through). Ids, product names, the amount and the codes
 * of the gift cards it redeemed.
 */
import type { BookingContext } from '#flows/booking/types.js';
import type { BotEventBus } from '#src/events.js';
import type { TurnWork } from './turn-work.js';

export function reportConfirmedSales(events: BotEventBus) {
  return (
    _conversationId: string,
    before: BookingContext,
    after: BookingContext,
  ): TurnWork | undefined => {
    const sale = after.sale;
    const activities = sale?.activities;
    if (!sale || !activities) return undefined;
    if (before.sale?.partnerSaleId === sale.partnerSaleId && before.sale.activities)
      return undefined;
    return {
      saved: () => {
        const totals = sale.total ?? [];
        const currency = totals[0]?.currency ?? 'EUR';
        events.emit('sale.confirmed', {
          partnerSaleId: sale.partnerSaleId,
          saleIds: sale.saleIds,
          total: {
            cents: totals
              .filter((money) => money.currency === currency)
              .reduce((sum, money) => sum + money.cents, 0),
            currency,
          },
          products: activities.map((activity) => activity.name),
          ...(sale.giftCards?.length ? { giftCards: sale.giftCards } : {}),
        });
      },
    };
  };
}
