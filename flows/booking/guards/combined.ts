/**
 * The combined products' guards (steps/combined/index.ts), with the rules they read: the
 * days the product is sold, a day's price read with the card, and the quantities allowed.
 */
import type { IsoDate } from '#src/domain/time.js';
import { quantityBounds, type QuantityBounds } from '#src/domain/quantity.js';
import { QUANTITY_CAP } from '#flows/booking/choosing/bounds.js';
import type { BookingContext, BookingEvent, CombinedDraft } from '../types.js';
import type { GuardArgs } from './guard.js';

/** The combined product being chosen. */
export const product = (context: BookingContext) => context.combined?.product;

/** The quantities that may be bought: the products' strictest bounds, capped for a chat. */
export function combinedBounds(draft: CombinedDraft): QuantityBounds {
  const min = draft.product?.minimumQuantity ?? 1;
  return quantityBounds({
    min,
    group: draft.product?.maximumQuantity,
    sessions: [],
    cap: Math.max(QUANTITY_CAP, min),
  });
}

/**
 * A booking message that named the combined product ("museo y barco el sábado para 2"):
 * its day and how many are taken as if chosen, or refused with the reason and asked.
 */
export function wishedDay(context: BookingContext): IsoDate | undefined {
  const wish = context.wish?.date;
  const dates = product(context)?.dates ?? [];
  if (!wish) return undefined;
  if (wish.kind === 'date') return dates.includes(wish.date) ? wish.date : undefined;
  return dates.find((date) => date >= wish.from && date <= wish.to);
}

export const wishedQuantityFits = (context: BookingContext) => {
  const quantity = context.wish?.quantity;
  if (quantity === undefined || context.combined === undefined) return false;
  const { min, max } = combinedBounds(context.combined);
  return quantity >= min && quantity <= max;
};

/** A day or a quantity the product allows (the views only offer what passes these). */
export const combinedDateAccepted = ({
  context,
  event,
}: {
  context: BookingContext;
  event: BookingEvent;
}) => event.type === 'date.pick' && (product(context)?.dates.includes(event.date) ?? false);

export const combinedQuantityAccepted = ({
  context,
  event,
}: {
  context: BookingContext;
  event: BookingEvent;
}) => {
  if (event.type !== 'quantity.pick' || context.combined === undefined) return false;
  const { min, max } = combinedBounds(context.combined);
  return Number.isInteger(event.quantity) && event.quantity >= min && event.quantity <= max;
};

/** The day's combined price, when read with the card. */
export const cardPrice = (context: BookingContext, date: IsoDate) =>
  product(context)?.prices?.[date];

/** The day an event names (a date.pick; the guards check the type). */
export const dayOf = (event: BookingEvent): IsoDate =>
  event.type === 'date.pick' ? event.date : ('' as IsoDate);

export const combinedGuards = {
  noCombined: ({ context }: GuardArgs) => context.combined === undefined,
  wishedDate: ({ context }: GuardArgs) => context.wish?.date !== undefined,
  wishedDaySold: ({ context }: GuardArgs) => wishedDay(context) !== undefined,
  wishedQuantityFits: ({ context }: GuardArgs) => wishedQuantityFits(context),
  wished: ({ context }: GuardArgs) => context.wish !== undefined,
  combinedQuantityChosen: ({ context }: GuardArgs) => context.combined?.quantity !== undefined,
  combinedPriced: ({ context }: GuardArgs) =>
    context.combined?.unitPrice !== undefined && context.combined.quantity !== undefined,
  combinedDateAccepted,
  combinedQuantityAccepted,
  /** A day the product is sold, whose price was read with the card. */
  dayPricedWithCard: (args: GuardArgs) =>
    combinedDateAccepted(args) && cardPrice(args.context, dayOf(args.event)) !== undefined,
};
