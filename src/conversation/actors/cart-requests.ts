/**
 * What the cart actors send, built from what the conversation holds: the Add activity of
 * a draft, the cart line it becomes, and the insurance quote's sale. Pure functions of
 * the context and the local catalog.
 *
 * Where the spec is silent:
 * - Tickets: one instance per ticket of the product and per unit of the quantity,
 *   attendee by attendee (the k-th occurrence of a TicketId is unit k), each with the
 *   session chosen for its enclosure, its access date (the enclosure's own date for
 *   DatePerTicketEnclosure providers, else the activity's: the structure requires one),
 *   and the answers of its question set (`${setIndex}:${questionId}`).
 * - A line held from before lines kept their Add request is added again from its
 *   product, date, quantity and sessions, without answers (the service says if needed).
 * - The insurance quote's items have no quantity: a line of N units is N items, echo ids
 *   `<cart item id>/<unit>`, so that the quote covers the whole sale.
 */
import type { CartActivity, CartTicket } from '#src/api/cart.js';
import type { Answer } from '#src/api/common.js';
import type { InsuranceSale } from '#src/api/insurance.js';
import type { IsoDate } from '#src/api/schema.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import { worthInsuring } from '#src/domain/insurance.js';
import type { Cart, CartLine, Draft } from '#flows/booking/types.js';
import { nameNow } from '#flows/booking/choosing/offerable.js';
import { insuredItems } from './package-lines.js';

/** The access date of a draft: the chosen one, or the purchase date where none is asked. */
export function draftDate(draft: Draft): IsoDate | undefined {
  return draft.accessDate ?? draft.product.fixedDate;
}

function ticketAnswers(draft: Draft, ticketId: string, attendee: number): Answer[] | undefined {
  const setIndex = draft.questionSets.findIndex(
    (set) => set.ticketId === ticketId && set.attendee === attendee,
  );
  if (setIndex < 0) return undefined;
  const answers = draft.questionSets[setIndex]!.questions.flatMap((question) => {
    const answer = draft.answers[`${setIndex}:${question.id}`];
    return answer === undefined ? [] : [answer];
  });
  return answers.length > 0 ? answers : undefined;
}

/** The Add activity of a complete draft (date and quantity chosen). */
export function activityOf(draft: Draft, catalog: CatalogIndex): CartActivity {
  const date = draftDate(draft);
  if (date === undefined || draft.quantity === undefined) {
    throw new Error(`draft of ${draft.product.productId} is not complete (date, quantity)`);
  }
  const entry = catalog.product(draft.product.productId);
  if (entry === undefined) throw new Error(`product ${draft.product.productId} not in catalog`);
  const perEnclosure = entry.provider.advancedDateSelectorMethodName === 'DatePerTicketEnclosure';
  const tickets: CartTicket[] = [];
  for (let attendee = 1; attendee <= draft.quantity; attendee += 1) {
    for (const ticket of entry.product.tickets) {
      const enclosureId = ticket.ticketEnclosureId;
      const session = draft.sessions.find((choice) => choice.enclosureId === enclosureId);
      const ticketDate =
        perEnclosure && enclosureId !== undefined
          ? (draft.enclosureDates?.[enclosureId] ?? date)
          : date;
      const questions = ticketAnswers(draft, ticket.ticketId, attendee);
      tickets.push({
        ticketId: ticket.ticketId,
        ...(session !== undefined ? { sessionId: session.sessionId } : {}),
        accessDateTime: ticketDate,
        ...(questions !== undefined ? { questions } : {}),
      });
    }
  }
  return {
    productId: draft.product.productId,
    // Redeeming a gift card: its code on the activity (steps/giftcards/redeem.ts).
    ...(draft.giftCard !== undefined ? { giftCardIdentifier: draft.giftCard.code } : {}),
    accessDateTime: date,
    quantity: draft.quantity,
    ...(tickets.length > 0 ? { tickets } : {}),
  };
}

/**
 * Whether refund insurance is worth offering for a product: partner settings and flags,
 * and a cancellation that may cost money (src/domain/insurance.ts).
 */
export function insurableProduct(catalog: CatalogIndex, productId: string): boolean {
  const entry = catalog.product(productId);
  if (entry === undefined) return false;
  return worthInsuring(catalog.catalog.partnerSettings, entry.provider, entry.base, entry.product);
}

/** The cart line a draft becomes once the service added it as `cartItemId`. */
export function lineOf(
  draft: Draft,
  activity: CartActivity,
  cartItemId: string,
  catalog: CatalogIndex,
): CartLine {
  if (draft.unitPrice === undefined) {
    throw new Error(`draft of ${draft.product.productId} has no price`);
  }
  return {
    cartItemId,
    productId: draft.product.productId,
    providerId: draft.product.providerId,
    // In the language of the Add (the draft's name may be of the language it was chosen in).
    name: nameNow(catalog, draft.product.productId, draft.product.name),
    accessDate: activity.accessDateTime,
    quantity: activity.quantity,
    sessions: draft.sessions,
    unitPrice: draft.unitPrice,
    activity,
    // A gift card redeemed costs nothing: there is nothing to insure.
    insurable: draft.giftCard === undefined && insurableProduct(catalog, draft.product.productId),
  };
}

/** The activity to add a held line again (a rebuilt cart). */
export function activityOfLine(line: CartLine, catalog: CatalogIndex): CartActivity {
  if (line.activity !== undefined) return line.activity;
  const tickets: CartTicket[] = [];
  const product = catalog.product(line.productId)?.product;
  for (let unit = 0; unit < line.quantity; unit += 1) {
    for (const ticket of product?.tickets ?? []) {
      const session = line.sessions.find((s) => s.enclosureId === ticket.ticketEnclosureId);
      tickets.push({
        ticketId: ticket.ticketId,
        ...(session !== undefined ? { sessionId: session.sessionId } : {}),
        accessDateTime: line.accessDate,
      });
    }
  }
  return {
    productId: line.productId,
    accessDateTime: line.accessDate,
    quantity: line.quantity,
    ...(tickets.length > 0 ? { tickets } : {}),
  };
}

/**
 * The whole sale for an insurance quote: every unit of every line; lines of a combined
 * product go together under CombinedProducts.
 */
export function insuranceSaleOf(cart: Cart): InsuranceSale {
  const products: NonNullable<InsuranceSale['products']> = [];
  const combined = new Map<string, NonNullable<InsuranceSale['products']>>();
  const combinedProducts: NonNullable<InsuranceSale['combinedProducts']> = [];
  const packages: NonNullable<InsuranceSale['packages']> = [];
  for (const line of cart.lines) {
    // Gift cards bought (not activities) and redeemed (price 0) are left out of the quote.
    if (line.giftCard !== undefined || line.activity?.giftCardIdentifier !== undefined) continue;
    // Combined products (one line, every product) and packages: see package-lines.ts.
    const whole = insuredItems(line);
    if (whole !== undefined) {
      combinedProducts.push(...(whole.combinedProducts ?? []));
      packages.push(...(whole.packages ?? []));
      continue;
    }
    const items = Array.from({ length: line.quantity }, (_, unit) => ({
      id: `${line.cartItemId}/${unit + 1}`,
      productId: line.productId,
      accessDate: line.accessDate,
    }));
    const combinedProductId = line.activity?.combinedProductId;
    if (combinedProductId === undefined) products.push(...items);
    else combined.set(combinedProductId, [...(combined.get(combinedProductId) ?? []), ...items]);
  }
  return {
    ...(products.length > 0 ? { products } : {}),
    ...(combined.size > 0 || combinedProducts.length > 0
      ? {
          combinedProducts: [
            ...[...combined].map(([combinedProductId, items]) => ({
              id: items[0]!.id,
              combinedProductId,
              products: items,
            })),
            ...combinedProducts,
          ],
        }
      : {}),
    ...(packages.length > 0 ? { packages } : {}),
  };
}

/** The currency of a cart (its lines share one; EUR for an empty cart). */
export function cartCurrency(cart: Cart): string {
  return cart.lines[0]?.unitPrice.currency ?? 'EUR';
}
