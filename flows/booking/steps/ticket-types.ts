/**
 * Ticket types in one step: when the product has ticket types (products of its base that
 * differ only by whom the ticket is for: src/domain/people.ts), the quantity step asks how
 * many of each at once, for the day and session chosen: each type with its price, ➖/➕
 * per type, and "continue" with the running total. The chosen product starts at its
 * minimum, so one ticket of it is one tap. Typed answers are read too ("2 adultos y 1
 * niño", "2 y 1" in the order shown). The limits are checked over the whole choice
 * (choosing/bounds.ts, choiceProblem), and refused with the reason. The types' ticket
 * questions are then asked in one pass, and each type becomes its own cart line.
 */
import { and, assign } from 'xstate';
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import { kindBound, personLabel, type PersonKind } from '#src/domain/people.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { readTypeCounts } from '#flows/understanding/understand.js';
import { partnerCall } from '../partner-call.js';
import { counted } from '../guards/selection.js';
import { booking } from '../setup.js';
import type { BookingContext, Draft, TicketTypeOffer } from '../types.js';
import type { BookingView, ViewDeps, ViewFn } from '../view.js';
import { heldOnDay, placesLeft } from '#src/domain/capacity.js';
import { choiceProblem } from '#flows/booking/choosing/bounds.js';
import { choiceProblemText } from '#flows/booking/choosing/explain.js';
import { formatDate, formatPrice } from '#flows/booking/choosing/format.js';
import { countOf, countsText, summaryText, totalText, typesTotal } from './summary.js';
import { changeable } from '#flows/booking/choosing/change.js';

const messages = defineMessages({
  es: {
    ask: (what: string, date: string) => `${what}, ${date}. ¿Cuántas entradas de cada tipo?`,
    choice: (counts: string, total: string) => `Llevas: ${counts} — ${total}`,
    go: (total: string) => `✅ Continuar · ${total}`,
    goEmpty: '✅ Continuar',
    hint: 'Usa ➖ y ➕, o escribe por ejemplo «2 adultos y 1 niño».',
    unread: 'Escribe cuántas de cada tipo, por ejemplo «2 adultos y 1 niño», o usa ➖ y ➕.',
    notSold: (types: string) => `Ese día no hay entradas de ${types}.`,
    noBabyTicket: 'No hay entrada de bebé.',
    babyAsChild: (bound: string, price: string) =>
      `No hay entrada de bebé: aquí los niños ${bound} llevan la entrada de niño (${price}). Para el bebé, súmala con ➕ Niño.`,
    babyChildPrice: (price: string) =>
      `No hay entrada de bebé; la de niño cuesta ${price}. Si el bebé la necesita, súmala con ➕ Niño.`,
  },
  en: {
    ask: (what: string, date: string) => `${what}, ${date}. How many tickets of each type?`,
    choice: (counts: string, total: string) => `So far: ${counts} — ${total}`,
    go: (total: string) => `✅ Continue · ${total}`,
    goEmpty: '✅ Continue',
    hint: 'Use ➖ and ➕, or type for example "2 adults and 1 child".',
    unread: 'Type how many of each type, for example "2 adults and 1 child", or use ➖ and ➕.',
    notSold: (types: string) => `There are no ${types} tickets that day.`,
    noBabyTicket: 'There is no baby ticket.',
    babyAsChild: (bound: string, price: string) =>
      `There is no baby ticket: here children ${bound} take the child ticket (${price}). For the baby, add one with ➕ Child.`,
    babyChildPrice: (price: string) =>
      `There is no baby ticket; the child ticket costs ${price}. If the baby needs one, add it with ➕ Child.`,
  },
});

/** The enclosure that says who a type is ("Niño (hasta 12 años)"), when one does. */
function enclosureFor(deps: ViewDeps, productId: string) {
  const entry = deps.catalog.product(productId);
  const ids = [...new Set(entry?.product.tickets.map((ticket) => ticket.ticketEnclosureId) ?? [])];
  return ids
    .map((id) => (id ? deps.catalog.enclosure(entry!.provider.providerId, id) : undefined))
    .find((enclosure) => enclosure?.typeOfPersonDefinitionTypeChild !== undefined);
}

/**
 * Typed counts as counts by product: per type said; one number, that many of the ticket
 * chosen ("3"); several, in the order the types are shown ("2 y 1").
 */
function typedCounts(text: string, offers: readonly TicketTypeOffer[], chosen: string) {
  const read = readTypeCounts(text);
  if (read === undefined) return undefined;
  if (read.kind === 'ordered') {
    if (read.counts.length === 1)
      return Object.fromEntries(
        offers.map((offer) => [offer.productId, offer.productId === chosen ? read.counts[0]! : 0]),
      );
    if (read.counts.length > offers.length) return undefined;
    return Object.fromEntries(offers.map((offer, i) => [offer.productId, read.counts[i] ?? 0]));
  }
  const tickets: Partial<Record<PersonKind, number>> = read.tickets;
  const said = Object.keys(tickets) as PersonKind[];
  if (said.some((kind) => !offers.some((offer) => offer.kind === kind))) return undefined;
  return Object.fromEntries(offers.map((offer) => [offer.productId, tickets[offer.kind] ?? 0]));
}

export const ticketTypesView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const c = common(lang);
  const draft = context.draft!;
  const types = draft.types!;
  const entry = deps.catalog.product(draft.product.productId);
  const what = entry
    ? `${entry.provider.providerName} · ${entry.base.productBaseName}`
    : draft.product.name;
  const date = draft.accessDate ? formatDate(draft.accessDate, lang, 'long') : '';
  const total = typesTotal(types);
  const lines = [
    m.ask(what, date),
    ...types.offers.map(
      (offer) =>
        `• ${personLabel(offer.kind, enclosureFor(deps, offer.productId), lang)}: ${formatPrice(offer.unitPrice, lang)}`,
    ),
    m.choice(countsText(types, lang), total ? formatPrice(total, lang) : ''),
    m.hint,
  ];
  const chosen = types.offers.reduce((sum, offer) => sum + countOf(types, offer), 0);
  const options = [
    ...types.offers.flatMap((offer) => {
      const name = personLabel(offer.kind, undefined, lang);
      // ➖ only where there is one to take away: fewer buttons, none that does nothing.
      const less = countOf(types, offer) > 0;
      return [
        ...(less
          ? [
              {
                id: `types:less:${offer.productId}`,
                label: `➖ ${name}`,
                event: { type: 'types.less' as const, productId: offer.productId },
              },
            ]
          : []),
        {
          id: `types:more:${offer.productId}`,
          label: `➕ ${name}`,
          event: { type: 'types.more' as const, productId: offer.productId },
        },
      ];
    }),
    {
      id: 'types:go',
      label: chosen > 0 && total ? m.go(formatPrice(total, lang)) : m.goEmpty,
      event: { type: 'types.go' as const },
    },
    { id: 'back', label: c.back, event: { type: 'nav.back' as const } },
    { id: 'home', label: c.home, event: { type: 'nav.home' as const } },
  ];
  return {
    text: lines.join('\n'),
    options,
    // How many, as the quantity step it stands for: numbers may be typed.
    expects: 'number',
    readText: (text) => {
      const counts = typedCounts(text, types.offers, draft.product.productId);
      return counts ? { event: { type: 'types.set', counts } } : { error: m.unread };
    },
  };
};

/** The offers as loaded, with the places the cart's lines already take of each type's day. */
function offersAfterCart(context: BookingContext, offers: TicketTypeOffer[]): TicketTypeOffer[] {
  const date = context.draft?.accessDate;
  return offers.map((offer) =>
    offer.capacity === undefined
      ? offer
      : {
          ...offer,
          capacity: placesLeft(
            offer.capacity,
            heldOnDay(context.cart.lines, offer.productId, date),
          ),
        },
  );
}

/**
 * The counts to start from: the choice made before (back from the questions), what a
 * message said ("2 adultos y 1 niño"), or the chosen product at its minimum.
 */
function startingCounts(context: BookingContext, offers: TicketTypeOffer[]) {
  const draft = context.draft!;
  const before = draft.types?.counts;
  const wish = context.wish;
  const counts: Record<string, number> = {};
  for (const offer of offers) {
    // Types said: those counts alone (the total is theirs, never the chosen type's).
    const said =
      wish?.types !== undefined
        ? wish.types[offer.kind]
        : wish?.quantity !== undefined && offer.productId === draft.product.productId
          ? wish.quantity
          : undefined;
    const wished = wish?.types !== undefined || wish?.quantity !== undefined;
    counts[offer.productId] = wished
      ? (said ?? 0)
      : (before?.[offer.productId] ??
        (offer.productId === draft.product.productId ? offer.minimum : 0));
  }
  return counts;
}

/**
 * Types a message asked for that are not sold on the day. A baby where the product has no
 * baby ticket on any day is no ticket missing that day: what the catalog says instead is
 * told (babyNote).
 */
function wishedNotSold(context: BookingContext, offers: TicketTypeOffer[], lang: Lang) {
  const missing = (Object.keys(context.wish?.types ?? {}) as PersonKind[]).filter(
    (kind) => !offers.some((offer) => offer.kind === kind),
  );
  const noBabyType =
    missing.includes('baby') &&
    !(context.draft?.product.types ?? []).some((type) => type.kind === 'baby');
  const notThatDay = noBabyType ? missing.filter((kind) => kind !== 'baby') : missing;
  const lines = [
    ...(notThatDay.length === 0
      ? []
      : [
          messages(lang).notSold(
            notThatDay
              // "entradas de niños", "child tickets".
              .map((kind) =>
                lang === 'es'
                  ? personLabel(kind, undefined, lang, 2).replace(/^2 /, '')
                  : personLabel(kind, undefined, lang).toLowerCase(),
              )
              .join(', '),
          ),
        ]),
    ...(noBabyType ? [babyNote(offers, lang)] : []),
  ];
  return lines.length === 0 ? undefined : lines.join('\n');
}

/**
 * What a baby takes where there is no baby ticket: the catalog defines children by an
 * upper bound alone (TypeOfPersonDefinition: "hasta 12 años", "menos de 120 cm"), so a
 * baby is a child by it, and the child ticket's price is said with the one tap that adds
 * it. Nothing said is not in the catalog: not that babies go free, nor that they need no
 * ticket.
 */
function babyNote(offers: readonly TicketTypeOffer[], lang: Lang): string {
  const m = messages(lang);
  const child = offers.find((offer) => offer.kind === 'child');
  if (child === undefined) return m.noBabyTicket;
  const price = formatPrice(child.unitPrice, lang);
  const bound = kindBound('child', child.definitions ?? [], lang);
  return bound === undefined ? m.babyChildPrice(price) : m.babyAsChild(bound, price);
}

/** The draft with its choice made: every type's tickets together, the chosen product's price. */
function chosenDraft(draft: Draft, counts: Record<string, number>): Draft {
  const types = { ...draft.types!, counts };
  const quantity = types.offers.reduce((sum, offer) => sum + countOf(types, offer), 0);
  const own = types.offers.find((offer) => offer.productId === draft.product.productId);
  const first = types.offers.find((offer) => countOf(types, offer) > 0);
  return { ...draft, types, quantity, unitPrice: (own ?? first ?? types.offers[0]!).unitPrice };
}

type Args = { context: BookingContext };

const problemNotice = (
  context: BookingContext,
  counts: Record<string, number>,
  only: 'all' | 'over',
) => {
  const draft = context.draft!;
  const problem = choiceProblem(draft, counts, only);
  return problem ? choiceProblemText(draft, problem, context.language) : '';
};

const withWishUsed = ({ context }: Args) => {
  const { types: _types, quantity: _quantity, ...rest } = context.wish ?? {};
  return Object.keys(rest).length > 0 ? rest : undefined;
};

/** The draft with the types offered on the day, to choose from. */
const chooseFrom = ({ context, event }: Args & { event: { output: TicketTypeOffer[] } }) => {
  const offers = offersAfterCart(context, event.output);
  return { ...context.draft!, types: { offers, counts: startingCounts(context, offers) } };
};

/** The total of the choice just made, said on the way to the questions. */
const sayTotal = {
  type: 'notify' as const,
  params: ({ context }: Args) => ({ text: totalText(context.draft!, context.language) }),
};

/** …or, when a message said it, the summary of all it said (steps/summary.ts). */
const saySummary = {
  type: 'notify' as const,
  params: ({ context }: Args) => ({ text: summaryText(context.draft!, context.language) }),
};

/**
 * The ticket-types states of the quantity step: the types priced on the day, then the
 * choice. `back` is where back leads; `failed` the state of a failed look-up.
 */
export function ticketTypesStates(back: readonly unknown[], failed: string) {
  return {
    types: partnerCall({
      invoke: {
        src: 'quoteTicketTypes',
        input: ({ context }) => ({
          productIds: context.draft!.product.types!.map((type) => type.productId),
          date: context.draft!.accessDate! as IsoDate,
          language: context.language,
          cart: context.cart.lines,
        }),
        onDone: [
          {
            // One type sold on the day, a message's counts: that type's, and why not the others.
            guard: and(['fewerThanTwoTypes', 'wishedTypes']),
            target: 'pricing',
            actions: [
              {
                type: 'notify',
                params: ({ context, event }) => ({
                  text: wishedNotSold(context, event.output, context.language) ?? '',
                }),
              },
              assign({
                draft: ({ context }) => ({ ...context.draft!, types: undefined }),
                wish: ({ context, event }) => {
                  const { types: said, ...rest } = context.wish!;
                  const sold = event.output[0] ? said?.[event.output[0].kind] : undefined;
                  if (sold !== undefined) return { ...rest, quantity: sold };
                  return Object.keys(rest).length > 0 ? rest : undefined;
                },
              }),
            ],
          },
          {
            // Not two types on the day after all: the plain quantity step.
            guard: 'fewerThanTwoTypes',
            target: 'pricing',
            actions: assign({
              draft: ({ context }) => ({ ...context.draft!, types: undefined }),
            }),
          },
          {
            // A booking in one message: its counts, when the rules allow them.
            guard: ({ context, event }) => {
              const offers = offersAfterCart(context, event.output);
              const draft = { ...context.draft!, types: { offers, counts: {} } };
              return (
                (context.wish?.types !== undefined || context.wish?.quantity !== undefined) &&
                wishedNotSold(context, offers, context.language) === undefined &&
                choiceProblem(draft, startingCounts(context, offers)) === undefined
              );
            },
            target: '#booking.questions',
            actions: [
              assign({
                draft: ({ context, event }) => {
                  const offers = offersAfterCart(context, event.output);
                  return chosenDraft(
                    { ...context.draft!, types: { offers, counts: {} } },
                    startingCounts(context, offers),
                  );
                },
                wish: withWishUsed,
              }),
              saySummary,
            ],
          },
          {
            // …and when they do not, the reason, and the counts said to change.
            guard: 'wishedTypesOrQuantity',
            target: 'typesChoosing',
            actions: [
              {
                type: 'notify',
                params: ({ context, event }) => {
                  const offers = offersAfterCart(context, event.output);
                  const draft = { ...context.draft!, types: { offers, counts: {} } };
                  return {
                    text:
                      wishedNotSold(context, offers, context.language) ??
                      problemNotice({ ...context, draft }, startingCounts(context, offers), 'all'),
                  };
                },
              },
              assign({ draft: chooseFrom, wish: withWishUsed }),
            ],
          },
          { target: 'typesChoosing', actions: assign({ draft: chooseFrom }) },
        ],
      },
      failed: failed,
    }),
    typesChoosing: booking.createStateConfig({
      meta: { view: changeable(ticketTypesView, 'quantity') },
      on: {
        'types.more': [
          {
            guard: 'oneMoreOfTypeFits',
            actions: assign({
              draft: ({ context, event }) => ({
                ...context.draft!,
                types: {
                  ...context.draft!.types!,
                  counts: counted(context.draft, event.productId, 1),
                },
              }),
            }),
          },
          {
            guard: 'typeOffered',
            actions: {
              type: 'notify',
              params: ({ context, event }) => ({
                text: problemNotice(context, counted(context.draft, event.productId, 1), 'over'),
              }),
            },
          },
        ],
        'types.less': {
          guard: 'typeOffered',
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft!,
              types: {
                ...context.draft!.types!,
                counts: counted(context.draft, event.productId, -1),
              },
            }),
          }),
        },
        'types.set': [
          {
            guard: 'countsFit',
            target: '#booking.questions',
            actions: [
              assign({
                draft: ({ context, event }) => chosenDraft(context.draft!, event.counts),
                wish: withWishUsed,
              }),
              sayTotal,
            ],
          },
          {
            actions: {
              type: 'notify',
              params: ({ context, event }) => ({
                text: problemNotice(context, event.counts, 'all'),
              }),
            },
          },
        ],
        'types.go': [
          {
            guard: 'chosenCountsFit',
            target: '#booking.questions',
            actions: [
              assign({
                draft: ({ context }) => chosenDraft(context.draft!, context.draft!.types!.counts),
                wish: withWishUsed,
              }),
              sayTotal,
            ],
          },
          {
            actions: {
              type: 'notify',
              params: ({ context }) => ({
                text: problemNotice(context, context.draft!.types!.counts, 'all'),
              }),
            },
          },
        ],
        // The quantity step's own way back (to the sessions or the date).
        'nav.back': back as never,
      },
    }),
  };
}
