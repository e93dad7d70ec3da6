/**
 * The real implementations of the booking machine's named actors, over the partner
 * client, the local catalog and the store. `bookingMachine.provide({ actors })` binds
 * them; tests provide their own where they need to.
 */
import type { ReturnUrls } from '#src/payments/return-token.js';
import type { PartnerClient } from '#src/api/client.js';
import type { CatalogService } from '#src/catalog/catalog-service.js';
import type { BotEventBus } from '#src/events.js';
import type { Logger } from '#src/log.js';
import type { Store } from '#src/store/store.js';
import { createBookingsActors } from './bookings.js';
import { createCancelBookingActors } from './cancel-booking.js';
import { createCustomerActors } from './customers.js';
import { createQuestionReads } from './questions.js';
import { checkoutQuestionsInput } from '#flows/booking/steps/checkout-questions.js';
import type { Cart } from '#flows/booking/types.js';
import type { Lang } from '#src/domain/lang.js';
import { createFetchAhead, type FetchAhead } from './fetch-ahead.js';
import { createSelectionActors } from './selection.js';
import { createCartActors } from './cart.js';
import { createSaleActors } from './sales.js';
import { createGiftCardActors } from './giftcards.js';
import { createPackageActors } from './packages.js';
import { createPaymentActors, type PaymentSettings } from './payments.js';
import type { Refunds } from '../refunds.js';

export interface ActorDeps {
  client: PartnerClient;
  catalog: CatalogService;
  store: Store;
  now: () => Date;
  /** The payment page's return URLs, one signed token per sale (PUBLIC_URL based). */
  returnUrls: ReturnUrls;
  logger: Logger;
  /** Where failed reservations and sales are reported (staff alerts). */
  events?: BotEventBus;
  /** How payments are taken (configuration); absent: nothing is sold without a debit contract. */
  payments?: PaymentSettings;
  /** The channels' refunders (Telegram Stars). */
  refunds?: Refunds;
  /** How long a customer's details are remembered, with consent (CUSTOMER_TTL_DAYS). */
  customerTtlSeconds?: number;
  /**
   * Partner reads asked for ahead of the step that needs them (fetch-ahead.ts): given, the
   * cart's changes ask for the checkout's reads at once; absent, reads are asked when needed.
   */
  ahead?: FetchAhead;
  /** Told each change of a cart by Add or Remove: what its checkout will read is asked ahead. */
  cartChanged?: (cart: Cart, language: Lang) => void;
}

/** No payment configured: only a debit partner's payment page takes money. */
const NO_PAYMENTS: PaymentSettings = { onAccount: false, channels: [], currency: 'EUR' };

export function createBookingActors(given: ActorDeps) {
  // One store of reads fetched ahead for every actor of the process: the cart's actors ask
  // for what the question actors will read.
  const ahead = given.ahead ?? createFetchAhead();
  const questions = createQuestionReads({ ...given, ahead });
  const deps: ActorDeps = {
    ...given,
    ahead,
    cartChanged: (cart, language) => {
      questions.warmCheckout(checkoutQuestionsInput(cart, language));
      given.cartChanged?.(cart, language);
    },
  };
  return {
    ...createBookingsActors(deps),
    ...createCancelBookingActors(deps),
    ...createCustomerActors(deps),
    ...questions.actors,
    ...createSelectionActors(deps),
    ...createCartActors(deps),
    ...createSaleActors(deps),
    ...createGiftCardActors(deps),
    ...createPackageActors(deps),
    ...createPaymentActors({
      payments: deps.payments ?? NO_PAYMENTS,
      logger: deps.logger,
      ...(deps.events !== undefined ? { events: deps.events } : {}),
      ...(deps.refunds !== undefined ? { refunds: deps.refunds } : {}),
    }),
  };
}
