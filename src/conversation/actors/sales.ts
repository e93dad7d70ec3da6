/**
 * The sale actors: Sale (confirm the reservation), and the sale list read to reconcile
 * it, to follow a debit partner's payment and to deliver the tickets.
 *
 * A cart has one Sale and one PartnerSaleId (made by the machine before the first call).
 * Its effect record is written before the call; a Sale whose outcome we never saw is
 * reconciled with GET /Sale?PartnerSaleId: found, it is sold; not found while the
 * reservation holds, the Sale is made again with the SAME PartnerSaleId (the service
 * treats a Sale of a cart as one); not found after the reservation lapsed, the customer
 * is asked to reserve again.
 *
 * Where the spec is silent:
 * - A refusal is read as "the reservation is over" when it says so (code or words) or
 *   when the reservation's time is past by our clock.
 * - A sale found by reconciling for a debit partner, still waiting for its payment, has
 *   lost its PaymentRedirectUrl: the Sale is asked again with the same PartnerSaleId to
 *   get it (the same sale, not a second one).
 * - A debit sale is paid when every activity is Confirmed (2); Cancelled (4) means the
 *   payment failed; anything else is still waiting.
 */
import { fromPromise } from 'xstate';
import { cartSaleOperation, type CartSaleRequest } from '#src/api/cart.js';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import { ActivityStatus, salesOperation, type Sale } from '#src/api/sales.js';
import type { Lang } from '#src/domain/lang.js';
import { detectLanguage, wordsBesideNames } from '#flows/understanding/language.js';
import { catalogMessages, text } from '#src/i18n/catalog.js';
import {
  ReservationExpired,
  type CheckPaymentOutput,
  type LoadTicketsOutput,
  type SaleLookupInput,
  type SellInput,
  type SellOutput,
} from '#flows/booking/actors/cart.js';
import { Refusal } from '#flows/booking/problem.js';
import type { SoldActivity, SoldStay } from '#flows/booking/types.js';
import { productName } from '#flows/booking/choosing/offerable.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import type { CartActorOptions } from './cart.js';
import { cartContextOf, failureReason, type CartCalls, type CartContext } from './cart.js';
import { saleKey } from './cart-ops.js';
import { alertOrderOfSale } from './alert-order.js';
import { fingerprintOf } from './effects.js';
import { aboutTurn } from '../turn-writes.js';
import type { ActorDeps } from './index.js';
import { isExpiryRefusal } from './partner-failures.js';

const messages = catalogMessages(import.meta.url, {
  noTickets: text,
  validOn: (date: string) => ({ date }),
  validFromTo: (from: string, to: string) => ({ from, to }),
});

/** What a Sale leaves in its effect record (replayed to a repeated "confirm and pay"). */
interface SaleResult {
  saleIds: string[];
  paymentUrl?: string;
  nextShoppingCartId: string;
}

const paid = (sale: Sale) =>
  sale.activities.length > 0 &&
  sale.activities.every((activity) => activity.status === ActivityStatus.Confirmed);

/** A sale's accommodations as the sale list has them: rate, dates and conditions. */
export function soldStaysOf(sale: Sale): SoldStay[] {
  return sale.accommodations.map((stay) => ({
    rateId: stay.productId,
    checkIn: stay.accessDateTime,
    ...(stay.accessEndDateTime ? { checkOut: stay.accessEndDateTime } : {}),
    ...(stay.productConditions ? { conditions: stay.productConditions } : {}),
  }));
}

/**
 * A product's name as the customer chose it (the catalog's suggested sales name, as the
 * cart shows it); a package's parts go by the package (flows' steps/packages/sold.ts).
 */
export function catalogName(index: CatalogIndex, productId: string): string | undefined {
  const entry = index.product(productId);
  return entry ? productName(entry.product) : undefined;
}

export function createSaleActors(deps: ActorDeps, options: CartActorOptions = {}) {
  const context = cartContextOf(deps, options);
  return {
    sell: fromPromise<SellOutput, SellInput>(async ({ input, system }) => {
      try {
        return await sell(deps, context, input, context.calls(system));
      } catch (error) {
        deps.events?.emit('sale.failed', {
          partnerSaleId: input.partnerSaleId,
          shoppingCartId: input.shoppingCartId,
          reason: failureReason(error),
          ...(input.client
            ? {
                order: {
                  products: [],
                  customer: {
                    name: `${input.client.fullName} ${input.client.surname}`.trim(),
                    email: input.client.email,
                    phone: input.client.phoneNumber,
                  },
                },
              }
            : {}),
        });
        throw error;
      }
    }),
    checkPayment: fromPromise<CheckPaymentOutput, SaleLookupInput>(({ input }) =>
      checkPayment(deps, context, input),
    ),
    loadTickets: fromPromise<LoadTicketsOutput, SaleLookupInput>(({ input, system }) => {
      // The purchase is confirmed before its tickets are looked up: said at once where the
      // channel can, so the customer does not wait on the look-up to learn it.
      if (input.announce !== undefined) aboutTurn(system)?.early?.(input.announce);
      return loadTickets(context, input);
    }),
  };
}

/**
 * Our sale, and only ours: a sale whose PartnerSaleId is exactly ours. A service that
 * ignored the filter would list other customers' sales; none of those is ever taken.
 */
async function findSale({ client }: CartContext, partnerSaleId: string): Promise<Sale | undefined> {
  const response = await client.call(salesOperation, { partnerSaleId });
  return response.sales.find((sale) => sale.partnerSaleId === partnerSaleId);
}

function requestOf(deps: ActorDeps, input: SellInput): CartSaleRequest {
  return {
    shoppingCartId: input.shoppingCartId,
    partnerSaleId: input.partnerSaleId,
    ...(input.insurancePolicyId !== undefined
      ? { insurancePolicyId: input.insurancePolicyId }
      : {}),
    ...(input.client !== undefined ? { client: input.client } : {}),
    ...(input.paymentMethodType !== undefined
      ? {
          paymentMethod: {
            paymentMethodType: input.paymentMethodType,
            returnUrlOk: deps.returnUrls.of(input.partnerSaleId).ok,
            returnUrlKo: deps.returnUrls.of(input.partnerSaleId).ko,
            sendByEmail: false,
          },
        }
      : {}),
    ...(input.questionsProfiles.length > 0 ? { questionsProfiles: input.questionsProfiles } : {}),
  };
}

const expiredByClock = ({ now }: CartContext, input: SellInput) =>
  input.expiresAt !== undefined && Date.parse(input.expiresAt) <= now().getTime();

/** A refusal of the Sale, as the machine tells it: the lapse apart from the rest. */
function refusalOf(context: CartContext, error: unknown, input: SellInput): unknown {
  if (
    error instanceof PartnerEnvelopeError &&
    (isExpiryRefusal(error) || expiredByClock(context, input))
  )
    return new ReservationExpired(error.message, { cause: error });
  return error;
}

async function sell(
  deps: ActorDeps,
  context: CartContext,
  input: SellInput,
  { effects }: CartCalls,
): Promise<SellOutput> {
  const { client, newCartId } = context;
  const key = saleKey(input.shoppingCartId);
  const fingerprint = fingerprintOf({ partnerSaleId: input.partnerSaleId });
  const request = requestOf(deps, input);
  const call = async (): Promise<SaleResult> => {
    const response = await client.call(cartSaleOperation, request);
    return {
      saleIds: response.serviceSales.map((sale) => sale.id),
      ...(response.paymentRedirectUrl !== undefined
        ? { paymentUrl: response.paymentRedirectUrl }
        : {}),
      nextShoppingCartId: newCartId(),
    };
  };

  /** The sale the service has under our PartnerSaleId, as the outcome of this Sale. */
  const settleFound = async (found: Sale): Promise<SellOutput> => {
    const waitingForPayment = input.paymentMethodType !== undefined && !paid(found);
    if (waitingForPayment) {
      const again = await effects.callAgain(key, fingerprint, call).catch((error: unknown) => {
        throw refusalOf(context, error, input);
      });
      return { ...again, reconciled: true };
    }
    const result: SaleResult = {
      saleIds: found.saleId !== undefined ? [found.saleId] : [],
      nextShoppingCartId: newCartId(),
    };
    await effects.settle(key, fingerprint, result);
    return { ...result, reconciled: true };
  };

  let outcome;
  try {
    // Sold is sold: a recorded Sale of this cart stands, whatever is asked now.
    outcome = await effects.run<SaleResult>(key, fingerprint, call, { decide: () => 'reuse' });
  } catch (error) {
    // A refusal is believed once the sale list agrees: a service that sold and then
    // answered no must not leave the customer thinking nothing was bought (and buying
    // it again). The list unreadable, or not naming our PartnerSaleId, the refusal stands.
    if (error instanceof PartnerEnvelopeError) {
      const found = await findSale(context, input.partnerSaleId).catch(() => undefined);
      if (found?.partnerSaleId === input.partnerSaleId) return settleFound(found);
    }
    throw refusalOf(context, error, input);
  }
  if (outcome.kind === 'done') return { ...outcome.result, reconciled: false };

  // No outcome seen: ask the service what it has under our PartnerSaleId.
  const found = await findSale(context, input.partnerSaleId);
  if (found !== undefined) return settleFound(found);
  if (expiredByClock(context, input)) {
    // Not sold, and it cannot be any more: the attempt is over.
    await effects.forget(key);
    throw new ReservationExpired('the reservation lapsed unsold');
  }
  try {
    return { ...(await effects.callAgain(key, fingerprint, call)), reconciled: true };
  } catch (error) {
    throw refusalOf(context, error, input);
  }
}

async function checkPayment(
  deps: ActorDeps,
  context: CartContext,
  input: SaleLookupInput,
): Promise<CheckPaymentOutput> {
  const sale = await findSale(context, input.partnerSaleId);
  if (sale === undefined) return { status: 'pending' };
  if (paid(sale)) return { status: 'confirmed' };
  if (sale.activities.some((activity) => activity.status === ActivityStatus.Cancelled)) {
    // Asked again while the customer looks: the alert consumer says it once per sale.
    deps.events?.emit('payment.failed', {
      partnerSaleId: input.partnerSaleId,
      order: alertOrderOfSale(sale),
    });
    return { status: 'failed' };
  }
  return { status: 'pending' };
}

/**
 * A ticket's validity line in the customer's language. GET /Sale takes no LanguageCode
 * and answers in the service's own language: its SuggestedAccessDateMessage is kept
 * when its words are of the customer's language, else the line is ours, from the
 * ticket's dates (an English ticket must not say "Válida el 28/11/2026"; a line too
 * short to place, such as that one, is said again in the customer's language).
 */
function validity(
  ticket: Sale['activities'][number]['tickets'][number],
  language: Lang,
): { suggestedAccessDateMessage?: string } {
  const service = ticket.suggestedAccessDateMessage;
  if (service === undefined) return {};
  const spoken = detectLanguage(wordsBesideNames(service));
  if (spoken === language) return { suggestedAccessDateMessage: service };
  const m = messages(language);
  const day = (date: string) => date.slice(0, 10).split('-').reverse().join('/');
  const from = ticket.accessDateTime;
  const to = ticket.accessEndDateTime;
  return {
    suggestedAccessDateMessage:
      to !== undefined && to.slice(0, 10) !== from.slice(0, 10)
        ? m.validFromTo(day(from), day(to))
        : m.validOn(day(from)),
  };
}

async function loadTickets(
  context: CartContext,
  input: SaleLookupInput,
): Promise<LoadTicketsOutput> {
  const sale = await findSale(context, input.partnerSaleId);
  if (sale === undefined) throw new Refusal(messages(input.language).noTickets);
  const index = await context.catalog(input.language as Lang).catch(() => undefined);
  // The enclosure's name in the customer's language where the catalog has it.
  const enclosureName = (
    productId: string,
    ticket: Sale['activities'][number]['tickets'][number],
  ) => {
    const entry = index?.product(productId);
    const enclosureId =
      ticket.ticketEnclosureId ?? index?.ticket(productId, ticket.ticketId)?.ticketEnclosureId;
    const name =
      (entry && enclosureId !== undefined
        ? index?.enclosure(entry.provider.providerId, enclosureId)?.ticketEnclosureName
        : undefined) || ticket.ticketEnclosureName;
    return name ? { enclosureName: name } : {};
  };
  const activities: SoldActivity[] = sale.activities.map((activity) => ({
    productId: activity.productId,
    // The sale list speaks the partner's default language; the catalog the customer's,
    // by the name the cart showed.
    name:
      (index && catalogName(index, activity.productId)) ||
      activity.productName ||
      activity.productId,
    ...(activity.providerId !== undefined ? { providerId: activity.providerId } : {}),
    // People, not tickets: an included item (an audio guide) is a ticket of its own.
    people: activity.quantity * (index?.product(activity.productId)?.product.numberOfPeople ?? 1),
    accessDate: activity.accessDateTime,
    ...(activity.accessCode !== undefined ? { accessCode: activity.accessCode } : {}),
    status: activity.status,
    tickets: activity.tickets.map((ticket) => ({
      ticketId: ticket.ticketId,
      name:
        index?.ticket(activity.productId, ticket.ticketId)?.ticketName || ticket.ticketName || '',
      accessDate: ticket.accessDateTime,
      ...(ticket.accessCode !== undefined ? { accessCode: ticket.accessCode } : {}),
      ...(ticket.sessionTime !== undefined ? { sessionTime: ticket.sessionTime } : {}),
      ...enclosureName(activity.productId, ticket),
      ...validity(ticket, input.language as Lang),
    })),
  }));
  return { activities, stays: soldStaysOf(sale) };
}
