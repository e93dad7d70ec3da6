/**
 * Reports a confirmed sale once, when a turn first shows its tickets (for a debit
 * partner, after the payment went through). Ids, product names and the amount only.
 */
import type { BookingContext } from '#flows/booking/types.js';
import type { BotEventBus } from '#src/events.js';

export function reportConfirmedSales(events: BotEventBus) {
  return async (
    _conversationId: string,
    before: BookingContext,
    after: BookingContext,
  ): Promise<void> => {
    const sale = after.sale;
    if (!sale?.activities) return;
    if (before.sale?.partnerSaleId === sale.partnerSaleId && before.sale.activities) return;
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
      products: sale.activities.map((activity) => activity.name),
    });
  };
}
