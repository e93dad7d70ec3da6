/**
 * The guards of choosing what to buy, from the places to the quantity (steps/home.ts,
 * browse.ts, product.ts, quantity.ts, ticket-types.ts, adding.ts, questions.ts,
 * bookings.ts), with the rules they read about a product's card, its places and its
 * ticket types.
 */
import type { Lang } from '#src/domain/lang.js';
import { AddRefused, type AddFix } from '../actors/cart.js';
import { choiceProblem, quantityAllowed } from '#flows/booking/choosing/bounds.js';
import { blockedText } from '#flows/booking/choosing/explain.js';
import type { BookingContext, Draft, DraftProduct, SessionOffer } from '../types.js';
import { errorOf, eventOf, outputOf, type GuardArgs } from './guard.js';

/** A product just opened, nothing of it chosen yet. */
export const newDraft = (product: DraftProduct): Draft => ({
  product,
  sessions: [],
  questionSets: [],
  answers: {},
  questionCursor: 0,
});

/** Whether the group rules leave nothing to buy, before any date or session is chosen. */
export const blockedAtCard = (draft: Draft, lang: Lang) =>
  blockedText({ ...draft, accessDate: undefined, sessions: [] }, lang);

/** A limited day whose places are not known yet (the product's capacity call failed). */
export const capacityUnknown = (context: BookingContext) => {
  const draft = context.draft;
  const date = draft?.accessDate;
  const rules = draft?.product.rules;
  return (
    date !== undefined &&
    rules !== undefined &&
    rules.limitedDates.includes(date) &&
    rules.capacityByDate[date] === undefined
  );
};

/** Whether the quantity step is the ticket-types step for this draft. */
export const hasTicketTypes = (context: BookingContext): boolean =>
  context.draft?.giftCard === undefined && (context.draft?.product.types?.length ?? 0) >= 2;

/** The offers the customer answers (ForceSet ones are only previewed). */
export const choosable = (draft: Draft | undefined): SessionOffer[] =>
  (draft?.sessionStep?.offers ?? []).filter((offer) => offer.mode !== 'forced');

/** The types' counts with one more (or less) of a type, never below none. */
export const counted = (draft: Draft | undefined, productId: string, step: number) => {
  const counts = { ...(draft?.types?.counts ?? {}) };
  counts[productId] = Math.max(0, (counts[productId] ?? 0) + step);
  return counts;
};

/** A type offered on the day (the ticket-types step). */
export const offered = (draft: Draft | undefined, productId: string) =>
  draft?.types?.offers.some((offer) => offer.productId === productId) === true;

/** The ticket type a `types.more` or `types.less` names. */
const typeOf = (event: GuardArgs['event']) =>
  (eventOf(event, 'types.more') ?? eventOf(event, 'types.less'))?.productId ?? '';

export const selectionGuards = {
  /** A message's wish that named no product (home, browse): the places it may lead to. */
  wishNamesNoProduct: ({ event }: GuardArgs) => eventOf(event, 'wish')?.productId === undefined,
  searching: ({ context }: GuardArgs) => context.browse.query !== undefined,
  inProductBase: ({ context }: GuardArgs) => context.browse.productBaseId !== undefined,
  inProvider: ({ context }: GuardArgs) => context.browse.providerId !== undefined,
  /** A booking of the list shown (this conversation's own). */
  bookingListed: ({ context, event }: GuardArgs) =>
    (context.myBookings ?? []).some(
      (sale) => sale.partnerSaleId === eventOf(event, 'bookings.tickets')?.partnerSaleId,
    ),
  hasDraft: ({ context }: GuardArgs) => context.draft !== undefined,
  noDraft: ({ context }: GuardArgs) => !context.draft,
  /** The card stops here: the group rules leave nothing to buy. */
  blockedAtCard: ({ context }: GuardArgs) =>
    blockedAtCard(context.draft!, context.language) !== undefined,
  /** A booking in one message, and the opened product's card has no reason to stop. */
  wishGoesOnFromCard: ({ context, event }: GuardArgs) =>
    context.wish !== undefined &&
    blockedAtCard(newDraft(outputOf('openProduct', event)), context.language) === undefined,
  /**
   * A booking in one message whose quantity the opened product never allows (below its
   * minimum, above its group limit or the chat's cap): stopped at the card, which says
   * the limits, before any day is asked.
   */
  wishedQuantityOutOfBounds: ({ context, event }: GuardArgs) =>
    context.wish?.quantity !== undefined &&
    !quantityAllowed(newDraft(outputOf('openProduct', event)), context.wish.quantity),
  hasSessionsToChoose: ({ context }: GuardArgs) => choosable(context.draft).length > 0,
  noDateChosen: ({ context }: GuardArgs) => !context.draft?.accessDate,
  capacityUnknown: ({ context }: GuardArgs) => capacityUnknown(context),
  redeemingGiftCard: ({ context }: GuardArgs) => context.draft?.giftCard !== undefined,
  hasTicketTypes: ({ context }: GuardArgs) => hasTicketTypes(context),
  /** Fewer places left that day than the product's minimum. */
  soldOutForMinimum: ({ context, event }: GuardArgs) => {
    const { products } = outputOf('checkCapacity', event);
    return products !== undefined && products < context.draft!.product.minimumQuantity;
  },
  wishedQuantity: ({ context }: GuardArgs) => context.wish?.quantity !== undefined,
  /** A message's quantity that this product allows (a gift card is redeemed one at a time). */
  wishedQuantityAllowed: ({ context }: GuardArgs) =>
    context.wish?.quantity !== undefined &&
    context.draft?.giftCard === undefined &&
    quantityAllowed(context.draft!, context.wish.quantity),
  /** The draft has no day yet (neither chosen nor fixed). */
  noDay: ({ context }: GuardArgs) =>
    (context.draft?.accessDate ?? context.draft?.product.fixedDate) === undefined,
  noQuantity: ({ context }: GuardArgs) => context.draft?.quantity === undefined,
  notPriced: ({ context }: GuardArgs) =>
    context.draft?.quantity === undefined || context.draft.unitPrice === undefined,
  /** The product's questions loaded: none to ask. */
  noQuestions: ({ event }: GuardArgs) =>
    !outputOf('loadTicketQuestions', event).some((set) => set.questions.length > 0),
  /** The Add was refused, and says which step to go back to. */
  addRefusedFor: ({ event }: GuardArgs, { fix }: { fix: AddFix }) => {
    const error = errorOf(event);
    return error instanceof AddRefused && error.fix === fix;
  },
  /** The day's quote offers fewer than two ticket types: none to choose between. */
  fewerThanTwoTypes: ({ event }: GuardArgs) => outputOf('quoteTicketTypes', event).length < 2,
  wishedTypes: ({ context }: GuardArgs) => context.wish?.types !== undefined,
  wishedTypesOrQuantity: ({ context }: GuardArgs) =>
    context.wish?.types !== undefined || context.wish?.quantity !== undefined,
  typeOffered: ({ context, event }: GuardArgs) => offered(context.draft, typeOf(event)),
  /** One more of the type keeps within the product's group rules. */
  oneMoreOfTypeFits: ({ context, event }: GuardArgs) =>
    offered(context.draft, typeOf(event)) &&
    choiceProblem(context.draft!, counted(context.draft, typeOf(event), 1), 'over') === undefined,
  /** The counts typed in one message keep within the group rules. */
  countsFit: ({ context, event }: GuardArgs) =>
    choiceProblem(context.draft!, eventOf(event, 'types.set')?.counts ?? {}) === undefined,
  chosenCountsFit: ({ context }: GuardArgs) =>
    choiceProblem(context.draft!, context.draft!.types!.counts) === undefined,
  quantityAllowed: ({ context, event }: GuardArgs) => {
    const quantity = eventOf(event, 'quantity.pick')?.quantity;
    return (
      context.draft !== undefined &&
      quantity !== undefined &&
      quantityAllowed(context.draft, quantity) &&
      (context.draft.giftCard === undefined || quantity === 1)
    );
  },
};
