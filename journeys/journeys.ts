/**
 * The scripted customers of the journey report, on the demo catalog. Each says what it
 * wants in the order a customer would look for it; the hurried customer does the rest.
 */
import type { OutputLine } from '#src/channels/console/lines.js';
import type { Input } from '#src/conversation/interpret.js';
import { choose, say, tap, type Goal, type Wish } from './journey.js';
import { party, type Party } from './persona.js';

export interface LegPlan {
  /** What the counting measures ("to payment", "second purchase to payment"). */
  label: string;
  goal: Goal;
  party: Party;
  wish: Wish;
  /** Sent before the leg and counted as its first turn: the one message of a request. */
  message?: string;
  /** Sold at the end (the next leg starts after the purchase, from the home menu). */
  buy?: boolean;
  /** Counted and reported (a first purchase that sets up a returning one is not). */
  counted?: boolean;
  /** The most turns before the journey is reported as not reaching its goal. */
  cap?: number;
  /**
   * The leg's first turn, counted, sent before the goal is looked for: a leg that starts
   * at its goal (a reserved order to add to) leaves it first.
   */
  first?: (view: OutputLine) => Input;
  /** The same purchase as the leg before: what that leg asked counts as asked. */
  continues?: boolean;
  /**
   * With `buy`: where the customer is after the purchase: back to the menu (default), or
   * still at the receipt, where the next leg's message is typed.
   */
  afterBuy?: 'menu' | 'receipt';
}

export interface JourneyPlan {
  name: string;
  language: 'es' | 'en';
  /** The sandbox as a debit partner (its payment page), as `npm start` runs it. */
  debit?: boolean;
  target: number | undefined;
  legs: LegPlan[];
}

/**
 * A wish made of taps in order: at each view, the first wanted option still ahead that
 * the view offers (matched on "id label"); a wish met is not wished again.
 */
export function inOrder(...wanted: (RegExp | ((view: OutputLine) => string | undefined))[]): Wish {
  return (view, memory) => {
    const done = (memory.done as number | undefined) ?? 0;
    for (let index = done; index < wanted.length; index += 1) {
      const want = wanted[index]!;
      if (typeof want === 'function') {
        const text = want(view);
        if (text !== undefined) {
          memory.done = index + 1;
          return say(text);
        }
        continue;
      }
      const option = view.options.find((candidate) =>
        want.test(`${candidate.id} ${candidate.label}`),
      );
      if (option) {
        memory.done = index + 1;
        return tap(view, new RegExp(`^${escape(option.label)}$`));
      }
    }
    return undefined;
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const firstDate = /^date:/;
/** One ticket: the quantity step's 1, or the ticket-types step's "continue" (the chosen type starts at 1). */
const one = /^qty:1 |^types:go /;

const museumAdult = inOrder(
  /^book /,
  /Museo del Mar de Valencia/,
  /^base:\S+ Entradas$/,
  /Museo del Mar: adulto/,
  firstDate,
  one,
);

/** A returning customer books again what they booked before, from the home menu. */
const again = inOrder(/^again:/, firstDate, one);

const howMany = (count: number) => (view: OutputLine) =>
  view.expects === 'number' || /cu[aá]nt|how many/i.test(view.text) ? String(count) : undefined;

/**
 * Two adults and a child in the ticket-types step: the adult's ticket chosen starts at 1,
 * one more adult, one child, and on.
 */
const family = inOrder(
  /^book /,
  /Museo del Mar de Valencia/,
  /^base:\S+ Entradas$/,
  /Museo del Mar: adulto/,
  firstDate,
  /^types:more:\S+ ➕ Adulto$/,
  /^types:more:\S+ ➕ Niño$/,
  /^types:go /,
);

const group = inOrder(/^book /, /Sierra Nevada/, /Rutas/, /Ruta guiada/, firstDate, howMany(20));

const packageWithChild = inOrder(/^packages /);

const giftCardBought = inOrder(/^giftcards /, /^gift:buy /, /^gift:/, /continuar|continue/i);

const nothingMore = inOrder();

/** The sandbox's seeded gift card (redeemable once; each journey has its own sandbox). */
const SEEDED_CARD = '3167250411491835499';

const typedCode = (view: OutputLine) =>
  view.expects === 'text' && /c[oó]digo|code/i.test(view.text) ? SEEDED_CARD : undefined;

const giftCardRedeemed = inOrder(/^giftcards /, /canjear|redeem/i, typedCode);

/** A child's ticket too, from the reserved order: back to the cart, another product. */
const oneMore = inOrder(
  /^cart:add-more /,
  /Museo del Mar de Valencia/,
  /^base:\S+ Entradas$/,
  /infantil/i,
  firstDate,
  one,
);

/** Leaves the reserved order for the cart (the leg's first turn). */
const toCart = (view: OutputLine): Input =>
  view.options.some((option) => option.id === 'cart') ? choose('cart') : say('carrito');

/**
 * A split by ticket type typed where a place's categories are shown, then the adults'
 * product picked: the split reaches its ticket types (2 adults and 2 children).
 */
const splitAtPlace = inOrder(
  /^book /,
  /Museo del Mar de Valencia/,
  (view) => (/categor/i.test(view.text) ? '2 adultos y 2 niños el sábado' : undefined),
  /^base:\S+ Entradas$/,
  /Museo del Mar: adulto/,
);

/** At the first visitor's name, a change of mind: another day. */
const changeOfDay: Wish = (view, memory) => {
  if (memory.changed !== undefined || !/Nombre/.test(view.text) || view.expects !== 'text')
    return undefined;
  memory.changed = true;
  return say('mejor el domingo');
};

/** In the cart: the child's ticket taken out, the adults made 3 (then checked out). */
const cartByText = inOrder(
  (view) =>
    /^🛒/.test(view.text) && /infantil/.test(view.text) ? 'quita la entrada del niño' : undefined,
  (view) => (/^🛒/.test(view.text) && /2 × 15/.test(view.text) ? 'cambia a 3 adultos' : undefined),
);

/** A reserved order cancelled in words: "cancelar", then yes (the leg's first turn is the word). */
const cancelled = inOrder(/^cancel /);

/** A bought booking: its policy read, then yes. */
const cancelConfirmed = inOrder(/^yes /);

export const journeys: JourneyPlan[] = [
  {
    name: 'Gift card redeemed, debit partner, to the tickets',
    language: 'es',
    target: undefined,
    debit: true,
    legs: [{ label: 'from /start', goal: 'tickets', party: party(1), wish: giftCardRedeemed }],
  },
  {
    name: 'New request typed at the receipt of a purchase',
    language: 'es',
    target: 6,
    legs: [
      {
        label: 'first purchase',
        goal: 'payment',
        party: party(2),
        wish: nothingMore,
        message: '1 entrada de adulto para el Museo del Mar el sábado',
        buy: true,
        afterBuy: 'receipt',
        counted: false,
      },
      {
        label: 'from the receipt',
        goal: 'payment',
        party: party(2),
        wish: nothingMore,
        message: '2 adultos al museo del mar el domingo',
      },
    ],
  },
  {
    name: 'Reserved order cancelled in words',
    language: 'es',
    target: undefined,
    legs: [
      {
        label: 'reserved',
        goal: 'payment',
        party: party(1),
        wish: nothingMore,
        message: '1 entrada de adulto para el Museo del Mar el sábado',
        counted: false,
      },
      {
        label: '"cancelar" to the reservation released, cart kept',
        goal: 'cart',
        party: party(1),
        wish: cancelled,
        message: 'cancelar',
        continues: true,
      },
    ],
  },
  {
    name: 'Bought booking cancelled in words',
    language: 'es',
    target: 2,
    legs: [
      {
        label: 'first purchase',
        goal: 'payment',
        party: party(1),
        wish: nothingMore,
        message: '1 entrada de adulto para el Museo del Mar el sábado',
        buy: true,
        counted: false,
      },
      {
        label: '"quiero cancelar mi reserva del sábado" to staff told',
        goal: 'cancelRequested',
        party: party(1),
        wish: cancelConfirmed,
        message: 'quiero cancelar mi reserva del sábado',
      },
    ],
  },
  {
    name: 'One adult ticket, buttons only',
    language: 'es',
    target: 12,
    legs: [{ label: 'from /start', goal: 'payment', party: party(1), wish: museumAdult }],
  },
  {
    name: 'Returning customer, one adult ticket',
    language: 'es',
    target: 8,
    legs: [
      {
        label: 'first purchase',
        goal: 'payment',
        party: party(1),
        wish: museumAdult,
        buy: true,
        counted: false,
      },
      {
        label: 'second purchase, from the menu',
        goal: 'payment',
        party: party(1),
        wish: again,
      },
    ],
  },
  {
    name: 'Family: 2 adults + 1 child, same day',
    language: 'es',
    target: 14,
    legs: [
      { label: 'from /start', goal: 'payment', party: party(3, { childFrom: 2 }), wish: family },
    ],
  },
  {
    name: 'Group of 20, 7 questions each',
    language: 'es',
    target: 40,
    legs: [{ label: 'to the cart', goal: 'cart', party: party(20), wish: group, cap: 250 }],
  },
  {
    name: 'Package with a child',
    language: 'es',
    target: undefined,
    legs: [
      {
        label: 'from /start',
        goal: 'payment',
        party: party(2, { childFrom: 1 }),
        wish: packageWithChild,
      },
    ],
  },
  {
    name: 'Gift card bought',
    language: 'es',
    target: undefined,
    legs: [{ label: 'from /start', goal: 'payment', party: party(1), wish: giftCardBought }],
  },
  {
    name: 'Gift card redeemed',
    language: 'es',
    target: undefined,
    legs: [{ label: 'from /start', goal: 'payment', party: party(1), wish: giftCardRedeemed }],
  },
  {
    name: 'One more item added to a reserved order, checked out again',
    language: 'es',
    target: undefined,
    legs: [
      {
        label: 'reserved',
        goal: 'payment',
        party: party(2, { childFrom: 1 }),
        wish: museumAdult,
        counted: false,
      },
      {
        label: 'from the reserved order to the payment step again',
        goal: 'payment',
        party: party(2, { childFrom: 1 }),
        wish: oneMore,
        first: toCart,
        continues: true,
      },
    ],
  },
  {
    name: 'Split by type typed at a place, then the adults product',
    language: 'es',
    target: undefined,
    legs: [
      {
        label: 'from /start',
        goal: 'payment',
        party: party(4, { childFrom: 2 }),
        wish: splitAtPlace,
      },
    ],
  },
  {
    name: 'Change of mind at the first name: "mejor el domingo"',
    language: 'es',
    target: undefined,
    legs: [
      {
        label: 'new customer',
        goal: 'payment',
        party: party(3, { childFrom: 2 }),
        wish: changeOfDay,
        message: '2 adultos y 1 niño al museo del mar el sábado',
      },
    ],
  },
  {
    name: 'Cart by text: the child taken out, the adults made 3',
    language: 'es',
    target: undefined,
    legs: [
      {
        label: 'new customer',
        goal: 'payment',
        party: party(3, { childFrom: 2 }),
        wish: cartByText,
        message: '2 adultos y 1 niño al museo del mar el sábado',
      },
    ],
  },
  ...[
    ['es', '2 entradas de adulto para el Museo del Mar el sábado'],
    ['en', 'two adult tickets for the maritime museum next saturday'],
    ['es', '2 adultos y 1 niño al acuario mañana a las 11'],
  ].flatMap(([language, message]) => [
    {
      name: `One message (${language}): "${message}"`,
      language: language as 'es' | 'en',
      target: 10,
      legs: [
        {
          label: 'new customer',
          goal: 'payment' as const,
          party: party(3, { childFrom: 2 }),
          wish: nothingMore,
          message,
        },
      ],
    },
    {
      name: `One message (${language}), returning: "${message}"`,
      language: language as 'es' | 'en',
      target: 6,
      legs: [
        {
          label: 'first purchase',
          goal: 'payment' as const,
          party: party(3, { childFrom: 2 }),
          wish: nothingMore,
          message,
          buy: true,
          counted: false,
        },
        {
          label: 'returning',
          goal: 'payment' as const,
          party: party(3, { childFrom: 2 }),
          wish: nothingMore,
          message,
        },
      ],
    },
  ]),
];
