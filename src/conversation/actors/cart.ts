/**
 * The cart actors: Add, Remove, the insurance quote, Confirm and CancelConfirm, over
 * the partner client, the local catalog and the effect records (effects.ts).
 *
 * Where the spec is silent:
 * - An Add or Confirm whose outcome we never saw leaves the cart in doubt (the service
 *   cannot show a cart): the cart is abandoned and rebuilt (cart-ops.ts), then the Add
 *   or Confirm is made on the new cart. Every kind of line is added the same way
 *   (add-line.ts).
 * - Remove and CancelConfirm are in the vendor's documentation only. Not offered,
 *   refused, or unanswered, the cart is rebuilt without the line / without reservation.
 * - The first insurance policy the service offers is the one offered to the customer.
 * - Confirm's Price of a product is the line's total (what the sandbox does); the
 *   reservation's total is the sum of the products reserved.
 * - ExpirationDateTime is read in the zone of the provider of the cart's first line, as
 *   an instant not before the Confirm was asked (it lies ahead: in autumn's repeated
 *   hour, "02:05" made at 02:50 summer time is the 02:05 of winter time).
 * - A done Confirm is reused while it holds (same lines and answers, not expired):
 *   pressing "reserve" again after a lost turn does not reserve twice.
 */
import { fromPromise, type AnyActorRef } from 'xstate';
import {
  cartConfirmOperation,
  cartRemoveOperation,
  type CartActivity,
  type CartConfirmResponse,
} from '#src/api/cart.js';
import type { PartnerClient } from '#src/api/client.js';
import { PartnerEnvelopeError, PartnerError } from '#src/api/errors.js';
import { insurancePolicyCheckOperation } from '#src/api/insurance.js';
import { createFetchAhead, readKey, type FetchAhead } from './fetch-ahead.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import type { Lang } from '#src/domain/lang.js';
import { toCents } from '#src/domain/pricing.js';
import { providerZone, toInstant } from '#src/domain/time.js';
import { catalogMessages, text } from '#src/i18n/catalog.js';
import {
  AddRefused,
  type AddToCartInput,
  type AddToCartOutput,
  type CancelReservationInput,
  type CartChange,
  type MoveLineInput,
  type MoveLineOutput,
  type ReadRoomInput,
  type QuoteInsuranceInput,
  type QuoteInsuranceOutput,
  type RemoveFromCartInput,
  type RemoveFromCartOutput,
  type ReserveInput,
  type ReserveOutput,
} from '#flows/booking/actors/cart.js';
import { failureText, Refusal } from '#flows/booking/problem.js';
import { formatTime } from '#flows/booking/choosing/format.js';
import { insurableCart } from '#flows/booking/guards/checkout.js';
import type { Cart, CartLine, Reservation, RoomAgain } from '#flows/booking/types.js';
import { addLine } from './add-line.js';
import { alertOrderOfCart } from './alert-order.js';
import { newCartId as randomCartId } from './cart-id.js';
import { createCartOps, RefusedCart, unknownOutcome, type CartOps } from './cart-ops.js';
import {
  activityOf,
  activityOfLine,
  cartCurrency,
  insuranceSaleOf,
  lineOf,
} from './cart-requests.js';
import { createEffects, fingerprintOf, type Effects } from './effects.js';
import { aboutTurn, turnOf } from '../turn-writes.js';
import type { ActorDeps } from './index.js';
import { typeDrafts } from '#flows/booking/choosing/types-split.js';
import { removableIds, stayOutcomes } from './package-lines.js';
import { createRoomReader } from './room-again.js';

const messages = catalogMessages(import.meta.url, { noSuchLine: text });

export interface CartActorOptions {
  /** A new ShoppingCartId (tests pass a predictable one). */
  newCartId?: () => string;
}

/** The effect records and the cart operations on them, of one actor's run. */
export interface CartCalls {
  effects: Effects;
  ops: CartOps;
}

/** What the cart and sale actors share. */
export interface CartContext {
  client: PartnerClient;
  catalog: (language: Lang) => Promise<CatalogIndex>;
  now: () => Date;
  newCartId: () => string;
  /**
   * The calls of an actor started by `system`'s actors: within the turn it runs in, whose
   * writes are taken as it starts (turn-writes.ts).
   */
  calls(system: AnyActorRef['system']): CartCalls;
}

export function cartContextOf(deps: ActorDeps, options: CartActorOptions = {}): CartContext {
  const catalog = (language: Lang) => deps.catalog.get(language);
  const newCartId = options.newCartId ?? randomCartId;
  return {
    client: deps.client,
    catalog,
    now: deps.now,
    newCartId,
    calls(system) {
      const effects = createEffects(deps.store, deps.now, turnOf(system));
      return { effects, ops: createCartOps({ client: deps.client, effects, catalog, newCartId }) };
    },
  };
}

/** The reservation a Confirm answer makes of a cart. */
function reservationOf(
  response: CartConfirmResponse,
  cart: Cart,
  catalog: CatalogIndex,
  asked: Date,
): Reservation {
  const products = response.activities.products;
  const provider = catalog.provider(cart.lines[0]?.providerId ?? '');
  const zone = provider ? providerZone(provider) : 'Europe/Madrid';
  const total = products
    .filter((product) => product.success)
    .reduce((sum, product) => {
      if (product.price !== undefined) return sum + toCents(product.price);
      // No price given: the line's own price, as shown in the cart.
      const line = cart.lines.find(
        (candidate) =>
          candidate.productId === product.productId &&
          candidate.accessDate === product.accessDateTime.slice(0, 10),
      );
      return sum + (line ? line.unitPrice.cents * line.quantity : 0);
    }, 0);
  // Packages: their accommodations, with what they cost and which lines they fail.
  const stays = stayOutcomes(response.accommodations, cart, cartCurrency(cart));
  return {
    expiresAtLocal: response.expirationDateTime,
    expiresAt: toInstant(response.expirationDateTime, zone, asked).toISOString(),
    total: { cents: total + stays.cents, currency: cartCurrency(cart) },
    failedProductIds: [
      ...new Set([
        ...products.filter((product) => !product.success).map((p) => p.productId),
        ...stays.failedProductIds,
      ]),
    ],
    ...(stays.stays.length > 0 ? { stays: stays.stays } : {}),
    // Nothing to collect (a gift card redeemed, price 0): no payment step of ours, but a
    // debit partner still applies its payment method to the Sale (docs/decisions/payments.md): the method is kept whenever the contract is debit.
    paymentRequired: !response.paymentMethodsNotApplicable && total + stays.cents > 0,
    ...(!response.paymentMethodsNotApplicable && response.paymentMethods[0] !== undefined
      ? { paymentMethodType: response.paymentMethods[0].type }
      : {}),
    zone,
  };
}

/** A failure in words for staff: the service's own messages, or what went wrong. */
export function failureReason(error: unknown): string {
  if (error instanceof PartnerError) {
    return error instanceof PartnerEnvelopeError && error.messages.length > 0
      ? error.messages.join('; ')
      : `${error.operation}: ${error.kind}`;
  }
  return error instanceof Error ? error.message : 'unknown failure';
}

/** What the cart actors work with: the cart's context, the deps, the rooms and the reads ahead. */
interface CartActorsContext extends CartContext {
  deps: ActorDeps;
  readRoom: ReturnType<typeof createRoomReader>;
  ahead: FetchAhead;
  /** Whether the cart's changes ask ahead for what the checkout will read. */
  asksAhead: boolean;
}

export function createCartActors(deps: ActorDeps, options: CartActorOptions = {}) {
  const context = cartContextOf(deps, options);
  const readRoom = createRoomReader(deps);
  // Given a store of reads fetched ahead (the app's), the cart's changes ask ahead for
  // what its checkout will read; without one, each read is asked when it is needed.
  const ahead = deps.ahead ?? createFetchAhead();
  const asksAhead = deps.ahead !== undefined;
  const cc: CartActorsContext = { ...context, deps, readRoom, ahead, asksAhead };
  return {
    addToCart: fromPromise<AddToCartOutput, AddToCartInput>(async ({ input, system }) => {
      const output = await addToCart(cc, input, cc.calls(system));
      cartChanged(cc, output, input.language);
      return output;
    }),
    removeFromCart: fromPromise<RemoveFromCartOutput, RemoveFromCartInput>(
      async ({ input, system }) => {
        const output = await removeFromCart(cc, input, cc.calls(system));
        cartChanged(cc, output, input.language);
        return output;
      },
    ),
    quoteInsurance: fromPromise<QuoteInsuranceOutput, QuoteInsuranceInput>(({ input }) =>
      quoteInsurance(cc, input),
    ),
    reserve: fromPromise<ReserveOutput, ReserveInput>(async ({ input, system }) => {
      // Taken as it starts: a later turn of the conversation may point the system elsewhere.
      const about = aboutTurn(system);
      try {
        const output = await reserve(cc, input, cc.calls(system));
        if (output.reservation.failedProductIds.length > 0) {
          deps.events?.emit('reservation.failed', {
            shoppingCartId: output.cart.shoppingCartId,
            reason: `items not reserved: ${output.reservation.failedProductIds.join(', ')}`,
            order: alertOrderOfCart(input.cart, about),
          });
        }
        return output;
      } catch (error) {
        deps.events?.emit('reservation.failed', {
          shoppingCartId: input.cart.shoppingCartId,
          reason: failureReason(error),
          order: alertOrderOfCart(input.cart, about),
        });
        throw error;
      }
    }),
    readRoom: fromPromise<RoomAgain[], ReadRoomInput>(({ input }) => readRoom(input)),
    moveLine: fromPromise<MoveLineOutput, MoveLineInput>(({ input, system }) =>
      moveLine(cc, input, cc.calls(system)),
    ),
    cancelReservation: fromPromise<CartChange, CancelReservationInput>(({ input, system }) =>
      cancelReservation(input, cc.calls(system)),
    ),
  };
}

async function addToCart(
  cc: CartActorsContext,
  input: AddToCartInput,
  { ops }: CartCalls,
): Promise<AddToCartOutput> {
  const index = await cc.catalog(input.language);
  // Ticket types chosen together: one activity (one cart line) per type, in one Add.
  const drafts = typeDrafts(input.draft);
  const activities = drafts.map((draft) => activityOf(draft, index));
  return addLine(ops, input, { activities }, (ids) => {
    const [first, ...rest] = drafts.map((draft, at) =>
      lineOf(draft, activities[at]!, ids[at]!, index),
    );
    return [first!, ...rest];
  });
}

async function removeFromCart(
  cc: CartActorsContext,
  input: RemoveFromCartInput,
  { ops }: CartCalls,
): Promise<RemoveFromCartOutput> {
  const removed = input.cart.lines.find((line) => line.cartItemId === input.cartItemId);
  if (removed === undefined) throw new Refusal(messages(input.language).noSuchLine);
  await ops.assertNotSelling(input.cart, input.language);
  const cart = input.cart;
  let released = false;
  if (input.reserved) {
    // A reserved cart takes no Remove: reopen it, or start a new one without the line.
    if (!(await ops.cancelConfirm(cart))) {
      return { ...(await ops.rebuild(cart, input.language, input.cartItemId)), removed };
    }
    released = true;
  }
  try {
    await cc.client.call(cartRemoveOperation, {
      shoppingCartId: cart.shoppingCartId,
      shoppingCartItemIdsToRemove: removableIds(removed),
    });
  } catch {
    // Not offered, refused (our cart and theirs differ) or no answer: a new cart
    // without the line is right in every case.
    return { ...(await ops.rebuild(cart, input.language, input.cartItemId)), removed };
  }
  const lines = cart.lines.filter((line) => line.cartItemId !== input.cartItemId);
  return { cart: { ...cart, lines }, rebuilt: false, released, removed };
}

/**
 * The line at its new place, and its Add activity: the same request, tickets and
 * answers, only that enclosure's session (a session move) or every date (a day move)
 * changed. Undefined: the place is not one the catalog knows.
 */
async function movedLine(
  cc: CartActorsContext,
  line: CartLine,
  input: MoveLineInput,
): Promise<{ activity: CartActivity; line: Omit<CartLine, 'cartItemId'> } | undefined> {
  const index = await cc.catalog(input.language);
  const before = activityOfLine(line, index);
  if ('date' in input) {
    const activity = {
      ...before,
      accessDateTime: input.date,
      tickets: before.tickets?.map((ticket) => ({ ...ticket, accessDateTime: input.date })),
    };
    return { activity, line: { ...line, accessDate: input.date, activity } };
  }
  const session = index.session(input.sessionId)?.session;
  if (session === undefined) return undefined;
  const inEnclosure = new Set(
    (index.product(line.productId)?.product.tickets ?? [])
      .filter((ticket) => ticket.ticketEnclosureId === input.enclosureId)
      .map((ticket) => ticket.ticketId),
  );
  const activity = {
    ...before,
    tickets: before.tickets?.map((ticket) =>
      inEnclosure.has(ticket.ticketId) ? { ...ticket, sessionId: input.sessionId } : ticket,
    ),
  };
  const sessions = line.sessions.map((choice) =>
    choice.enclosureId === input.enclosureId
      ? { ...choice, sessionId: input.sessionId, label: formatTime(session.sessionTime) }
      : choice,
  );
  return { activity, line: { ...line, activity, sessions } };
}

/**
 * A refused line moved where there is room, another session of its day or another
 * day: removed (reopening the reservation), then added through the one Add path.
 */
async function moveLine(
  cc: CartActorsContext,
  input: MoveLineInput,
  calls: CartCalls,
): Promise<MoveLineOutput> {
  const line = input.cart.lines.find((candidate) => candidate.cartItemId === input.cartItemId);
  const moved = line && (await movedLine(cc, line, input));
  if (moved === undefined) throw new Refusal(messages(input.language).noSuchLine);
  const { activity } = moved;
  const removed = await removeFromCart(cc, input, calls);
  let added: AddToCartOutput;
  try {
    added = await addLine(
      calls.ops,
      { cart: removed.cart, language: input.language, reserved: false },
      { activities: [activity] },
      (ids) => ({ ...moved.line, cartItemId: ids[0]! }),
    );
  } catch (error) {
    // The line is out of the partner's cart: the conversation must hear so, whatever
    // the Add did. Refused, the cart is as it was without the line. Unanswered, the
    // carts it went to may hold the line: the lines kept go to a new cart, so that
    // nothing in doubt is ever reserved or sold.
    const refused = failureText(input.language, error);
    if (error instanceof AddRefused) return { ...removed, refused };
    const fresh = await calls.ops.rebuild(removed.cart, input.language);
    return { ...fresh, rebuilt: true, removed: removed.removed, refused };
  }
  return {
    ...added,
    removed: removed.removed,
    rebuilt: removed.rebuilt || added.rebuilt,
    released: removed.released || added.released,
    dropped: [...(removed.dropped ?? []), ...(added.dropped ?? [])],
  };
}

/** The quote's request for a cart: the key it is kept under when asked cc.ahead. */
const insuranceRequest = (cart: Cart, language: Lang) => ({
  languageCode: language,
  sale: insuranceSaleOf(cart),
});
const quoteOf = (cc: CartActorsContext, cart: Cart, language: Lang) => {
  const request = insuranceRequest(cart, language);
  return [
    readKey(insurancePolicyCheckOperation.name, request),
    () => cc.client.call(insurancePolicyCheckOperation, request),
  ] as const;
};

/**
 * The cart changed: what its checkout will read is asked for now, while the customer
 * reads the cart (the quote only where the checkout will ask for it: insurableCart).
 * Never the Confirm or the Sale, nor anything else that decides the money.
 */
function cartChanged(cc: CartActorsContext, change: CartChange, language: Lang): void {
  if (!cc.asksAhead || change.cart.lines.length === 0) return;
  if (insurableCart(change.cart)) cc.ahead.warm(...quoteOf(cc, change.cart, language));
  cc.deps.cartChanged?.(change.cart, language);
}

async function quoteInsurance(
  cc: CartActorsContext,
  input: QuoteInsuranceInput,
): Promise<QuoteInsuranceOutput> {
  const response = await cc.ahead.take(...quoteOf(cc, input.cart, input.language));
  const policy = response.insurancePolicies[0];
  if (policy === undefined) return {};
  const currency = cartCurrency(input.cart);
  const coverage =
    policy.coverageAmount ??
    policy.sale.products
      .filter((product) => product.isCovered)
      .reduce((sum, product) => sum + (product.coverageAmount ?? 0), 0);
  return {
    quote: {
      policyId: policy.id,
      name: policy.name,
      quote: { cents: toCents(policy.quote), currency },
      coverage: { cents: toCents(coverage), currency },
    },
  };
}

async function reserve(
  cc: CartActorsContext,
  input: ReserveInput,
  { effects, ops }: CartCalls,
): Promise<ReserveOutput> {
  const index = await cc.catalog(input.language);
  // A cart sold in a sale whose payment failed is never touched again: its lines go to
  // a new cart (below). Any other cart a Sale may have sold is left alone: checked with
  // the Confirm's own "started" (`checked`), as is a refused Add (below).
  const confirm = async (cart: Cart, checked = false) => {
    const fingerprint = fingerprintOf({
      items: cart.lines.map((line) => line.cartItemId),
      profiles: input.questionsProfiles,
    });
    return effects.run<Reservation>(
      { shoppingCartId: cart.shoppingCartId, operation: 'confirm', attempt: 'reserve' },
      fingerprint,
      async () => {
        const asked = cc.now();
        return reservationOf(
          await cc.client.call(cartConfirmOperation, {
            shoppingCartId: cart.shoppingCartId,
            languageCode: input.language,
            questionsProfiles: input.questionsProfiles,
          }),
          cart,
          index,
          asked,
        );
      },
      {
        // Renewing means the last reservation is over, whatever our clock says.
        decide: (record) =>
          !input.renew &&
          record.fingerprint === fingerprint &&
          record.result.failedProductIds.length === 0 &&
          Date.parse(record.result.expiresAt) > cc.now().getTime()
            ? 'reuse'
            : 'again',
        ...(checked ? { before: ops.changeable(cart, input.language) } : {}),
      },
    );
  };

  let change: CartChange = { cart: input.cart, rebuilt: false, released: false };
  // A cart an Add was refused by may hold that item all the same (a service that took it
  // and answered no): it is never reserved, and so never sold; its lines go to a new cart.
  const rebuilt = async () => {
    change = await ops.rebuild(input.cart, input.language);
    if (change.cart.lines.length === 0) throw unknownOutcome(input.language);
  };
  if (input.rebuild) await rebuilt();
  const first = async () => {
    try {
      return await confirm(change.cart, !input.rebuild);
    } catch (error) {
      if (!(error instanceof RefusedCart)) throw error;
    }
    await rebuilt();
    return confirm(change.cart);
  };
  let outcome;
  try {
    outcome = await first();
  } catch (error) {
    // Reserving again after a lapse, the service may refuse that cart: a new one.
    if (!(input.renew && error instanceof PartnerEnvelopeError)) throw error;
    outcome = { kind: 'unknown' as const };
  }
  if (outcome.kind === 'unknown') {
    change = await ops.rebuild(change.cart, input.language);
    if (change.cart.lines.length === 0) throw unknownOutcome(input.language);
    outcome = await confirm(change.cart);
    if (outcome.kind === 'unknown') throw unknownOutcome(input.language);
  }
  return { ...change, released: false, reservation: outcome.result };
}

async function cancelReservation(
  input: CancelReservationInput,
  { ops }: CartCalls,
): Promise<CartChange> {
  return ops.release(input.cart, input.language);
}
