/**
 * The rules one activity of an Add must pass, turned into a cart item: the product is
 * sold alone (or in its combined product) on that date at that moment, the quantity
 * reaches the minimum, the tickets are the product's, sessions belong to the ticket's
 * enclosure, and every ticket with a question profile is answered.
 *
 * Tickets: an item of quantity N holds N units of every ticket of the product. The
 * request's Tickets list describes ticket instances: the k-th occurrence of a TicketId is
 * that ticket in unit k (so a ticket may appear at most N times); instances not listed
 * have no session and no answers. Answers given at activity level (a vendor example
 * sends them there) count for every ticket whose profile has that question and that did
 * not answer it itself. Ticket AccessDateTime is honoured only for providers whose
 * AdvancedDateSelectorMethodName is DatePerTicketEnclosure, and the tickets of one
 * enclosure in an item share one date.
 */
import type { Provider, Ticket } from '#src/api/catalog.js';
import { AutoAssignSessionType } from '#src/domain/partner-codes.js';
import type { CartActivity, CartAddedActivity } from '#src/api/cart.js';
import type { ProductEntry } from '#src/domain/catalog.js';
import type { Answer, TicketAnswer } from '#src/api/common.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import { checkSale, dateOf, providerNow, type SaleCheck } from '#src/domain/index.js';
import { SandboxCode, refuse } from '../codes.js';
import type { SandboxContext } from '../context.js';
import { checkAnswers, ticketQuestions } from './answers.js';
import type { ActivityItem, TicketInstance } from './carts.js';
import { checkRedemption } from './gift-cards.js';

const entity = (id: string, name: string) => [{ id, name }];

/** Refuses a date the product is not sold for at `now`, saying why. */
export function assertSellable(check: SaleCheck, productId: string, date: IsoDate): void {
  if (check.ok) return;
  const where = entity(productId, 'ProductId');
  if (check.reason === 'outside-sale-window')
    refuse(SandboxCode.NotOnSale, `product ${productId} is outside its sale window`, where);
  const why =
    check.reason === 'no-price-for-date'
      ? 'not on sale for that date'
      : check.reason === 'too-late'
        ? `sale closed at ${check.cutoff}`
        : `sale opens at ${check.opensAt}`;
  refuse(SandboxCode.DateNotSellable, `product ${productId} on ${date}: ${why}`, where);
}

export const toTicketAnswer = (answer: Answer): TicketAnswer => {
  const { questionId, ...rest } = answer;
  return { ticketQuestionId: questionId, ...rest };
};

/** Whether an enclosure has sessions (its own list, or a session group). */
function enclosureSessions(provider: Provider, ticket: Ticket) {
  const enclosure = provider.ticketEnclosures.find(
    (candidate) => candidate.ticketEnclosureId === ticket.ticketEnclosureId,
  );
  const sessions = enclosure?.sessions;
  const has =
    sessions !== undefined &&
    (sessions.sessionSessionContents.length > 0 ||
      sessions.sessionsGroupSessionContents !== undefined);
  return has ? sessions : undefined;
}

function checkSession(
  context: SandboxContext,
  provider: Provider,
  ticket: Ticket,
  sessionId: string | undefined,
  date: IsoDate,
  now: IsoDateTime,
): string | undefined {
  const sessions = enclosureSessions(provider, ticket);
  const where = entity(ticket.ticketId, 'TicketId');
  if (sessions === undefined) {
    if (sessionId !== undefined)
      refuse(
        SandboxCode.InvalidSession,
        `ticket ${ticket.ticketId}: its enclosure has no sessions, SessionId ${sessionId} cannot apply`,
        where,
      );
    return undefined;
  }
  const type = sessions.ticketEnclosureAutoAssignSessionType;
  if (type === AutoAssignSessionType.ForceSet) return undefined;
  if (sessionId === undefined) {
    if (type === AutoAssignSessionType.No)
      refuse(
        SandboxCode.InvalidSession,
        `ticket ${ticket.ticketId}: its enclosure does not assign sessions: a SessionId is required`,
        where,
      );
    return undefined;
  }
  const session = context.data.session(sessionId);
  if (
    session === undefined ||
    session.providerId !== provider.providerId ||
    session.ticketEnclosureId !== ticket.ticketEnclosureId
  )
    refuse(
      SandboxCode.InvalidSession,
      `ticket ${ticket.ticketId}: session ${sessionId} is not a session of its enclosure`,
      entity(sessionId, 'SessionId'),
    );
  if (dateOf(session.sessionTime) !== date)
    refuse(
      SandboxCode.InvalidSession,
      `ticket ${ticket.ticketId}: session ${sessionId} is on ${dateOf(session.sessionTime)}, not on the access date ${date}`,
      entity(sessionId, 'SessionId'),
    );
  if (session.sessionTime <= now)
    refuse(
      SandboxCode.InvalidSession,
      `ticket ${ticket.ticketId}: session ${sessionId} (${session.sessionTime}) has already started`,
      entity(sessionId, 'SessionId'),
    );
  return sessionId;
}

/** Checks one activity of an Add and makes its cart item (not yet in any cart). */
export function activityItem(
  context: SandboxContext,
  activity: CartActivity,
  itemId: string,
  position: string,
): ActivityItem {
  const index = context.data.index();
  const { productId, accessDateTime: date, quantity } = activity;
  const entry = index.product(productId);
  if (entry === undefined)
    refuse(
      SandboxCode.NotFound,
      `${position}: there is no product ${productId}`,
      entity(productId, 'ProductId'),
    );
  const { provider } = entry;
  const now = providerNow(provider, context.clock.now());
  checkActivity(context, activity, entry, now, position);
  const { tickets, added } = ticketInstances(context, activity, entry, now, position);
  return {
    kind: 'activity',
    id: itemId,
    productId,
    providerId: provider.providerId,
    combinedProductId: activity.combinedProductId,
    giftCardIdentifier: activity.giftCardIdentifier,
    accessDate: date,
    quantity,
    tickets,
    added: {
      productId,
      combinedProductId: activity.combinedProductId,
      quantity,
      accessDateTime: `${date}T00:00:00` as IsoDateTime,
      forceNotAutoAssignSeating: false,
      tickets: added,
    },
  };
}

/**
 * The activity as a whole: a gift card's redemption, how the product is sold (alone, in
 * a package, in a combined product), the quantity, and the access date.
 */
function checkActivity(
  context: SandboxContext,
  activity: CartActivity,
  { provider, product }: ProductEntry,
  now: IsoDateTime,
  position: string,
): void {
  const { productId, accessDateTime: date, quantity } = activity;
  // A redemption is checked first: a spent card or a closed window is the answer then.
  if (activity.giftCardIdentifier !== undefined) {
    checkRedemption(
      context.state.cart.giftCards,
      activity.giftCardIdentifier,
      productId,
      date,
      now,
    );
    if (quantity !== 1)
      refuse(
        SandboxCode.InvalidQuantity,
        `${position}: a gift card gives each of its products once: Quantity must be 1`,
        entity(productId, 'ProductId'),
      );
  }

  if (product.isForPackaging)
    refuse(
      SandboxCode.NotOnSale,
      `${position}: product ${productId} is sold only in a package (IsForPackaging)`,
      entity(productId, 'ProductId'),
    );
  const combined =
    activity.combinedProductId === undefined
      ? undefined
      : context.data
          .catalog(context.data.defaultLanguage)
          .combinedProducts.find((c) => c.combinedProductId === activity.combinedProductId);
  if (activity.combinedProductId !== undefined && !combined?.productIds.includes(productId))
    refuse(
      SandboxCode.NotOnSale,
      `${position}: product ${productId} is not part of combined product ${activity.combinedProductId}`,
      entity(activity.combinedProductId, 'CombinedProductId'),
    );
  if (product.canOnlyBeSoldAsPartOfCombinedProduct && combined === undefined)
    refuse(
      SandboxCode.NotOnSale,
      `${position}: product ${productId} is sold only as part of a combined product: give its CombinedProductId`,
      entity(productId, 'ProductId'),
    );

  if (!Number.isInteger(quantity) || quantity < 1)
    refuse(
      SandboxCode.InvalidQuantity,
      `${position}: Quantity must be 1 or more`,
      entity(productId, 'ProductId'),
    );
  if (quantity < product.minimumNumberByTransaction)
    refuse(
      SandboxCode.InvalidQuantity,
      `${position}: product ${productId} is sold ${product.minimumNumberByTransaction} or more at a time (MinimumNumberByTransaction)`,
      entity(productId, 'ProductId'),
    );

  if (!provider.demandAccessDate && date !== dateOf(now))
    refuse(
      SandboxCode.DateNotSellable,
      `${position}: provider ${provider.providerId} does not take access dates (DemandAccessDate false): the purchase date ${dateOf(now)} must be used`,
      entity(productId, 'ProductId'),
    );
  assertSellable(checkSale(product, date, now), productId, date);
}

/** The tickets the Add gives, by ticket id in order of appearance. */
function givenTickets(
  { product }: ProductEntry,
  activity: CartActivity,
  position: string,
): Map<string, NonNullable<CartActivity['tickets']>> {
  const { productId, quantity } = activity;
  const givenByTicket = new Map<string, NonNullable<CartActivity['tickets']>>();
  for (const given of activity.tickets ?? []) {
    const ticket = product.tickets.find((t) => t.ticketId === given.ticketId);
    if (ticket === undefined)
      refuse(
        SandboxCode.InvalidTicket,
        `${position}: ticket ${given.ticketId} is not a ticket of product ${productId}`,
        entity(given.ticketId, 'TicketId'),
      );
    const list = givenByTicket.get(given.ticketId) ?? [];
    list.push(given);
    if (list.length > quantity)
      refuse(
        SandboxCode.InvalidTicket,
        `${position}: ticket ${given.ticketId} is given ${list.length} times for a quantity of ${quantity}`,
        entity(given.ticketId, 'TicketId'),
      );
    givenByTicket.set(given.ticketId, list);
  }
  return givenByTicket;
}

/**
 * Each unit of each ticket of the product: its access date (one per enclosure when the
 * provider dates tickets apart), its session, and its answers (the activity's answers
 * standing in for a ticket's own); an activity answer no ticket asks for is refused.
 */
function ticketInstances(
  context: SandboxContext,
  activity: CartActivity,
  entry: ProductEntry,
  now: IsoDateTime,
  position: string,
): { tickets: TicketInstance[]; added: CartAddedActivity['tickets'] } {
  const { provider, product } = entry;
  const { productId, accessDateTime: date, quantity } = activity;
  const givenByTicket = givenTickets(entry, activity, position);
  const perTicketDates = provider.advancedDateSelectorMethodName === 'DatePerTicketEnclosure';
  const enclosureDates = new Map<string, IsoDate>();
  const activityAnswers = activity.questions ?? [];
  const askedAnywhere = new Set<string>();
  const tickets: TicketInstance[] = [];
  const added: CartAddedActivity['tickets'] = [];
  for (const ticket of product.tickets) {
    const givenList = givenByTicket.get(ticket.ticketId) ?? [];
    for (let unit = 0; unit < quantity; unit += 1) {
      const given = givenList[unit];
      const where = `${position}, ticket ${ticket.ticketId} (unit ${unit + 1})`;
      const ticketDate =
        perTicketDates && given?.accessDateTime !== undefined ? given.accessDateTime : date;
      if (ticketDate !== date) {
        assertSellable(checkSale(product, ticketDate, now), productId, ticketDate);
        const enclosureId = ticket.ticketEnclosureId ?? '';
        const shared = enclosureDates.get(enclosureId);
        if (shared !== undefined && shared !== ticketDate)
          refuse(
            SandboxCode.InvalidTicket,
            `${where}: the tickets of one enclosure share one access date (${shared})`,
            entity(ticket.ticketId, 'TicketId'),
          );
        enclosureDates.set(enclosureId, ticketDate);
      }
      const sessionId = checkSession(context, provider, ticket, given?.sessionId, ticketDate, now);
      let questions: Answer[] = [];
      const own = given?.questions ?? [];
      if (ticket.ticketsQuestionsProfileId !== undefined) {
        const asked = ticketQuestions(
          context,
          ticket.ticketsQuestionsProfileId,
          productId,
          ticketDate,
          sessionId,
        );
        const askedIds = new Set(asked.map((q) => q.id));
        for (const id of askedIds) askedAnywhere.add(id);
        const ownIds = new Set(own.map((a) => a.questionId));
        const defaults = activityAnswers.filter(
          (a) => askedIds.has(a.questionId) && !ownIds.has(a.questionId),
        );
        questions = checkAnswers(asked, [...own, ...defaults], where);
      } else if (own.length > 0) {
        checkAnswers([], own, where);
      }
      tickets.push({
        ticketId: ticket.ticketId,
        unit,
        accessDate: ticketDate,
        sessionId,
        questions,
      });
      if (given !== undefined)
        added.push({
          ticketId: ticket.ticketId,
          sessionId,
          accessDateTime: perTicketDates ? (`${ticketDate}T00:00:00` as IsoDateTime) : undefined,
          questions: questions.map(toTicketAnswer),
        });
    }
  }
  const stray = activityAnswers.find((answer) => !askedAnywhere.has(answer.questionId));
  if (stray !== undefined)
    refuse(
      SandboxCode.QuestionAnswerInvalid,
      `${position}: question ${stray.questionId} is not a question of any ticket of product ${productId}`,
      entity(stray.questionId, 'QuestionId'),
    );
  return { tickets, added };
}
