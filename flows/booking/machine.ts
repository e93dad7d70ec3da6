/**
 * The booking conversation: from "hello" to paid tickets. Each step lives in its own
 * module under steps/ and names the next by id (`#booking.<step>`); the commands that work
 * from every step (commands.ts: /cancel, /cart, /help, /language, /book…) are handled here.
 */
import { assign } from 'xstate';
import { common } from '#src/i18n/common.js';
import { helpText } from './commands.js';
import { booking } from './setup.js';
import { bookingsState } from './steps/bookings.js';
import { forgetState } from './steps/forget.js';
import { homeState, languageState } from './steps/home.js';
import { changeLanguage, inStep, languageNoticed, switchLanguage } from './steps/language.js';
import { browseState } from './steps/browse.js';
import { dateState } from './steps/date.js';
import { productState } from './steps/product.js';
import { quantityState } from './steps/quantity.js';
import { sessionState } from './steps/session.js';
import { checkoutQuestionsState } from './steps/checkout-questions.js';
import { clientState } from './steps/client.js';
import { questionsState } from './steps/questions.js';
import { addingState } from './steps/adding.js';
import { cartState } from './steps/cart.js';
import { insuranceState } from './steps/insurance.js';
import { reviewState } from './steps/review.js';
import { reservedState } from './steps/reserved.js';
import { paymentState } from './steps/payment.js';
import { collectState, paidContext, strayPaymentContext } from './steps/collect.js';
import { doneState } from './steps/done.js';
import { giftCardsState } from './steps/giftcards/index.js';
import { packagesState } from './steps/packages/index.js';
import { combinedState } from './steps/combined/index.js';
import { changeTransitions } from './steps/change.js';
import { cartWordTransitions } from './steps/cart-words.js';

export const bookingMachine = booking.createMachine({
  id: 'booking',
  context: ({ input }) => ({
    language: input.language,
    languageOpen: true,
    userKey: input.userKey,
    browse: { page: 0 },
    cart: { shoppingCartId: input.shoppingCartId, lines: [] },
    checkout: { insuranceDeclined: false, profileAnswers: {} },
  }),
  initial: 'home',
  on: {
    // The commands (commands.ts), one event each.
    'command.cancel': {
      target: '.home',
      actions: [
        'cancelChoices',
        {
          type: 'notify',
          params: ({ context }) => ({ text: common(context.language).cancelled }),
        },
      ],
    },
    'command.start': { target: '.home' },
    'command.mybookings': { target: '.bookings' },
    // A bought booking to cancel, from any step (steps/cancel-booking.ts).
    'bookings.cancel': { target: '.bookings.cancelLoading' },
    // Booking starts from the places, wherever an earlier browse or message had led.
    'command.book': { target: '.browse', actions: assign({ browse: { page: 0 } }) },
    'command.cart': { target: '.cart' },
    'command.giftcard': { target: '.giftcards.redeem' },
    'command.language': {
      target: '.language',
      // Where the customer was: the language chosen, they go on from there.
      actions: assign({
        languageFrom: ({ self }) => {
          const value: unknown = self.getSnapshot().value;
          return typeof value === 'string' ? value : Object.keys(value as object)[0];
        },
      }),
    },
    'command.forget': { target: '.forget' },
    'command.greeting': {
      actions: {
        type: 'notify',
        params: ({ context }) => ({ text: common(context.language).greeting }),
      },
    },
    // Taken by the handoff beside the machine when staff can be reached.
    'command.human': {
      actions: {
        type: 'notify',
        params: ({ context }) => ({ text: common(context.language).noPerson }),
      },
    },
    'command.bot': {
      actions: {
        type: 'notify',
        params: ({ context }) => ({ text: common(context.language).alreadyBot }),
      },
    },
    'command.help': {
      actions: {
        type: 'notify',
        params: ({ context }) => ({ text: helpText(context.language) }),
      },
    },
    // The channel took a payment (steps/collect.ts): from any step, since a customer may
    // pay an invoice after moving on. Taken once; a payment that is not for the order held
    // now is given back, never lost.
    'payment.paid': [
      { guard: 'chargeTaken' },
      {
        guard: 'paysCurrentInvoice',
        target: '.collect',
        actions: assign(({ context, event }) => paidContext(context, event)),
      },
      {
        target: '.collect',
        actions: assign(({ context, event }) => strayPaymentContext(context, event)),
      },
    ],
    'nav.home': { target: '.home', actions: assign({ wish: undefined }) },
    'cart.open': { target: '.cart' },
    'package.open': { target: '.packages' },
    'combined.pick': {
      target: '.combined',
      actions: assign({ wish: ({ context, event }) => event.wish ?? context.wish }),
    },
    'word.ask': {
      actions: [
        assign({ askedWord: ({ event }) => event.word }),
        {
          type: 'notify',
          params: ({ context, event }) => ({
            text: event.label
              ? common(context.language).whichCancel(event.word, event.label)
              : common(context.language).whichMeant(event.word),
          }),
        },
      ],
    },
    // A change of mind typed at a question (steps/change.ts).
    ...changeTransitions,
    // The cart changed by text from the review (steps/cart-words.ts).
    ...cartWordTransitions,
    // A message written in a language (steps/language.ts: started in, offered, followed).
    'language.noticed': languageNoticed,
    // The home menu's button, the word, or messages in the other language: the step the
    // customer is at entered again in that language; elsewhere the views just follow.
    'language.set': [...switchLanguage(inStep), { actions: changeLanguage }],
  },
  states: {
    home: homeState,
    bookings: bookingsState,
    language: languageState,
    forget: forgetState,
    browse: browseState,
    product: productState,
    date: dateState,
    session: sessionState,
    quantity: quantityState,
    questions: questionsState,
    adding: addingState,
    cart: cartState,
    insurance: insuranceState,
    checkoutQuestions: checkoutQuestionsState,
    client: clientState,
    review: reviewState,
    reserved: reservedState,
    collect: collectState,
    payment: paymentState,
    done: doneState,
    giftcards: giftCardsState,
    packages: packagesState,
    combined: combinedState,
  },
});

export type BookingMachine = typeof bookingMachine;

/**
 * The machine's version, stored with every conversation's snapshot. A release that
 * changes what a stored snapshot means (a state renamed, moved or removed, a context field
 * changed) bumps it and adds a migration from the previous version (migrations.ts), or
 * leaves none: older snapshots are then reset, keeping the order.
 */
export const BOOKING_MACHINE_VERSION = 1;
