/**
 * One accommodation chosen: its package priced (POST /Package/PricesAndCancellationConditions
 * with every pax grouping on the activity day), shown whole (stay, people, activity,
 * price), then added to the cart (POST /ShoppingCart/Add with Packages). From the cart
 * on, a package pays like anything else: insurance where applicable, questions, client
 * details (the service requires the Client whenever there is accommodation; the client
 * step always asks for it), reservation and sale.
 *
 * The price answer carries no conditions (the spec's response has none): the view shows
 * what is known before (terms.ts: the activity's policy, a filtered rate class); the
 * stay's conditions and cancellation policy are shown when the reservation gives them.
 */
import { assign } from 'xstate';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { partnerCall } from '#flows/booking/partner-call.js';
import { booking } from '#flows/booking/setup.js';
import type { BookingView, ViewFn } from '#flows/booking/view.js';
import { changeNotes, changedContext } from '../cart.js';
import { formatDate, formatPrice } from '#flows/booking/choosing/format.js';
import { offerText } from './accommodations.js';
import { flowOf, peopleText, searchOf, stayText } from './shared.js';
import { activityTermLines, rateTermLines } from './terms.js';

const messages = defineMessages({
  es: {
    pricing: 'Consultando el precio del paquete…',
    adding: 'Añadiendo el paquete al carrito…',
    package: (name: string, what: string) => `📦 ${name}: ${what}`,
    people: (people: string) => `👥 ${people}`,
    stay: (stay: string) => `🛏️ ${stay}`,
    activity: (date: string) => `🎟️ Actividad: ${date}`,
    price: (price: string) => `💶 Precio del paquete completo: ${price}`,
    conditions:
      'Las condiciones del alojamiento (régimen, cancelación) se confirman con la reserva, antes de pagar.',
    add: '🛒 Añadir al carrito',
    others: '⬅️ Otros alojamientos',
    added: (name: string) => `✅ ${name} está en tu carrito.`,
  },
  en: {
    pricing: 'Checking the price of the package…',
    adding: 'Adding the package to your cart…',
    package: (name: string, what: string) => `📦 ${name}: ${what}`,
    people: (people: string) => `👥 ${people}`,
    stay: (stay: string) => `🛏️ ${stay}`,
    activity: (date: string) => `🎟️ Activity: ${date}`,
    price: (price: string) => `💶 Price of the whole package: ${price}`,
    conditions:
      'The conditions of the stay (board, cancellation) are confirmed with the reservation, before you pay.',
    add: '🛒 Add to cart',
    others: '⬅️ Other accommodations',
    added: (name: string) => `✅ ${name} is in your cart.`,
  },
});

const offerView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const flow = flowOf(context);
  const quote = flow.quote!;
  const search = searchOf(flow)!;
  return {
    text: [
      `🏨 ${offerText(quote.offer, flow, lang, false)}`,
      m.package(
        search.prepackage.name,
        search.prepackage.groupings.map((grouping) => grouping.name).join(' + '),
      ),
      m.people(peopleText(search.rooms, lang)),
      m.stay(stayText(search.checkIn, search.checkOut, lang)),
      m.activity(formatDate(search.activityDate, lang, 'long')),
      m.price(formatPrice(quote.price, lang)),
      ...activityTermLines(search.prepackage, deps.catalog, lang),
      ...rateTermLines(flow, lang),
      m.conditions,
    ].join('\n'),
    expects: 'choice',
    options: [
      { id: 'package:add', label: m.add, event: { type: 'package.add' } },
      { id: 'back', label: m.others, event: { type: 'nav.back' } },
      { id: 'home', label: common(lang).home, event: { type: 'nav.home' } },
    ],
  };
};

export const pricingState = partnerCall({
  waiting: (lang) => messages(lang).pricing,
  entry: assign({
    packages: ({ context, event }) => {
      const flow = flowOf(context);
      const chosen =
        event.type === 'package.stay'
          ? flow.results?.offers.find((offer) => offer.packageId === event.packageId)
          : flow.chosen;
      return { ...flow, chosen, quote: undefined };
    },
  }),
  invoke: {
    src: 'pricePackage',
    input: ({ context }) => {
      const flow = flowOf(context);
      return {
        echoToken: flow.echoToken ?? '',
        search: searchOf(flow)!,
        offer: flow.chosen!,
        language: context.language,
      };
    },
    onDone: {
      target: 'offer',
      actions: assign({
        packages: ({ context, event }) => ({ ...flowOf(context), quote: event.output }),
      }),
    },
  },
  failed: 'accommodations',
});

export const offerState = booking.createStateConfig({
  always: {
    guard: 'noQuoteOrSearch',
    target: '#booking.packages.ready',
  },
  meta: { view: offerView },
  on: {
    'package.add': { target: 'adding' },
    'nav.back': { target: 'accommodations' },
  },
});

export const addingPackageState = partnerCall({
  waiting: (lang) => messages(lang).adding,
  invoke: {
    src: 'addPackageToCart',
    input: ({ context }) => {
      const flow = flowOf(context);
      return {
        cart: context.cart,
        // `offer` let us in only with a quote and a complete search.
        search: searchOf(flow)!,
        quote: flow.quote!,
        language: context.language,
        reserved: context.reservation !== undefined,
      };
    },
    onDone: {
      target: '#booking.cart',
      actions: [
        assign(({ context, event }) => ({
          ...changedContext(context, event.output),
          packages: { ...flowOf(context), quote: undefined, chosen: undefined },
        })),
        {
          type: 'notify',
          params: ({ context, event }) => ({
            text: [
              messages(context.language).added(event.output.line.name),
              ...changeNotes(event.output, context.language),
            ].join('\n'),
          }),
        },
      ],
    },
  },
  failed: 'offer',
});
