/**
 * An open question ("qué tenéis?", "what can we do this weekend with kids?", "we are 2
 * adults and a kid, any ideas for Sunday morning?", "algo para niños el sábado"): a short list of what is on sale, with
 * prices, narrowed by what the message said — the day or days, children in the party, how
 * many people, the place. No product is picked for a message that names none: the
 * customer picks from the list, and what the message said (the day, the part of the day,
 * who comes) goes with the product picked.
 *
 * What fits a party: nothing sold only to groups the party is too small for, no pack for
 * more people than come (a family pack of four for three people), nothing for adults
 * only when children come. Ticket types sold as products of their own (adult, child,
 * senior) are one entry, priced per type.
 */
import type { IsoDate } from '#src/domain/time.js';
import type { ProductEntry } from '#src/domain/catalog.js';
import type { Lang } from '#src/domain/lang.js';
import {
  personDefinitions,
  productPersonKind,
  ticketTypeSiblings,
  type PersonKind,
} from '#src/domain/people.js';
import { sellableDates } from '#src/domain/sale-window.js';
import { providerNow } from '#src/domain/time.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { Option } from '#flows/view.js';
import { words as foldWords } from '#flows/understanding/text.js';
import { ticketType } from '#flows/understanding/quantities.js';
import type { Understanding } from '#flows/understanding/understand.js';
import type { BookingEvent, IdeasAsked, Money, Wish } from '#flows/booking/types.js';
import { formatDate, formatPrice } from './format.js';
import { fromPrice } from './prices.js';
import { productName, type Offerable } from './offerable.js';

/** Entries shown at most: an answer to read in chat, not the catalog. */
const SHOWN = 6;

const messages = defineMessages({
  es: {
    heading: (filters: string) =>
      filters === '' ? 'Esto es lo que tenemos:' : `Esto es lo que hay ${filters}:`,
    forDay: (day: string) => `para el ${day}`,
    forDays: (from: string, to: string) => `del ${from} al ${to}`,
    withKids: 'con niños',
    party: (adults: number, children: number) =>
      [
        adults > 0 ? (adults === 1 ? '1 adulto' : `${adults} adultos`) : '',
        children > 0 ? (children === 1 ? '1 niño' : `${children} niños`) : '',
      ]
        .filter(Boolean)
        .join(' y '),
    forParty: (party: string) => `para ${party}`,
    pick: 'Elige uno para reservarlo.',
    nothing: (filters: string) =>
      `No hay nada a la venta ${filters}. Esto es lo que tenemos otros días:`,
    more: (count: number) => (count === 1 ? 'y 1 más.' : `y ${count} más.`),
    priceOnDay: 'precio según el día',
    kind: (kind: PersonKind) =>
      ({
        adult: 'adulto',
        child: 'niño',
        senior: 'sénior',
        baby: 'bebé',
        generic: 'persona',
      })[kind],
  },
  en: {
    heading: (filters: string) =>
      filters === '' ? 'This is what we have:' : `This is what there is ${filters}:`,
    forDay: (day: string) => `on ${day}`,
    forDays: (from: string, to: string) => `from ${from} to ${to}`,
    withKids: 'with children',
    party: (adults: number, children: number) =>
      [
        adults > 0 ? (adults === 1 ? '1 adult' : `${adults} adults`) : '',
        children > 0 ? (children === 1 ? '1 child' : `${children} children`) : '',
      ]
        .filter(Boolean)
        .join(' and '),
    forParty: (party: string) => `for ${party}`,
    pick: 'Choose one to book it.',
    nothing: (filters: string) =>
      `Nothing is on sale ${filters}. This is what we have on other days:`,
    more: (count: number) => (count === 1 ? 'and 1 more.' : `and ${count} more.`),
    priceOnDay: 'price depends on the day',
    kind: (kind: PersonKind) =>
      ({
        adult: 'adult',
        child: 'child',
        senior: 'senior',
        baby: 'baby',
        generic: 'person',
      })[kind],
  },
});

const CHILD_WORDS =
  /^(nin[oa]s?|hij[oa]s?|peques?|pequenos?|infantil(es)?|kids?|child|children|son|daughter|famil(y|ia|ias|ies|iar))$/;
const ADULT_WORDS = /^(adult(o|a|os|as|s)?|grown|mayores)$/;
const NUMBER_WORDS: Record<string, number> = {
  un: 1,
  una: 1,
  uno: 1,
  a: 1,
  an: 1,
  one: 1,
  dos: 2,
  two: 2,
  tres: 3,
  three: 3,
  cuatro: 4,
  four: 4,
  cinco: 5,
  five: 5,
};

const countOf = (word: string | undefined): number | undefined =>
  word === undefined ? undefined : /^\d{1,2}$/.test(word) ? Number(word) : NUMBER_WORDS[word];

/**
 * Who comes, as said: "2 adults and a kid (7)", "dos adultos y dos niños". Read here from
 * the words (a number before a person's word), not from the booking slots: the party of
 * an open question is a filter of the list, not a quantity to book yet.
 */
export function partyOf(text: string): { adults?: number; children?: number; kids: boolean } {
  const list = foldWords(text);
  let adults: number | undefined;
  let children: number | undefined;
  let kids = false;
  list.forEach((word, at) => {
    const count = countOf(list[at - 1]);
    if (CHILD_WORDS.test(word)) {
      kids = true;
      if (count !== undefined) children = (children ?? 0) + count;
    } else if (ADULT_WORDS.test(word) && count !== undefined) adults = (adults ?? 0) + count;
  });
  return {
    ...(adults !== undefined ? { adults } : {}),
    ...(children !== undefined ? { children } : {}),
    kids,
  };
}

/** Words that ask for no product in particular: "algo para niños", "anything for kids". */
const VAGUE = /^(algo|alguna?|cosa|cosas|planes?|anything|something|stuff)$/;

/**
 * A request for something unnamed ("algo para niños el sábado", "do you have anything for
 * kids on Saturday?"): an open question too, when it says for whom or when (children, a
 * day, a place). A product the finder took from its vague words ("algo para niños" read
 * as the family pack) is no product named.
 */
function vagueRequest(text: string, reading: Understanding, kids: boolean): boolean {
  const list = foldWords(text);
  const vague = list.filter((word) => VAGUE.test(word));
  if (vague.length === 0) return false;
  const { date, daypart, place, product, perType } = reading.slots;
  if (perType) return false;
  if (product && !vague.some((word) => foldWords(product.matched).includes(word))) return false;
  return kids || date !== undefined || daypart !== undefined || place !== undefined;
}

/** The filters of an open question read as `reading`, or undefined when it is not one. */
export function ideasAsked(text: string, reading: Understanding): IdeasAsked | undefined {
  const party = partyOf(text);
  if (reading.intent !== 'ideas' && !vagueRequest(text, reading, party.kids)) return undefined;
  const { date, daypart, place, tickets } = reading.slots;
  const children = party.children ?? tickets?.value.child;
  const adults = party.adults ?? tickets?.value.adult;
  return {
    ...(date
      ? {
          date:
            date.value.kind === 'date'
              ? { from: date.value.date, to: date.value.date }
              : { from: date.value.from, to: date.value.to },
        }
      : {}),
    ...(party.kids || (children ?? 0) > 0 ? { kids: true } : {}),
    ...(adults !== undefined ? { adults } : {}),
    ...(children !== undefined ? { children } : {}),
    ...(daypart ? { daypart: daypart.value } : {}),
    ...(place ? { providerId: place.value.providerId } : {}),
  };
}

/** How many come, when said. */
const partySize = (asked: IdeasAsked) =>
  asked.adults !== undefined || asked.children !== undefined
    ? (asked.adults ?? 0) + (asked.children ?? 0)
    : undefined;

const isGiftCard = (entry: ProductEntry) => entry.product.tags.includes('giftcard');

/** For adults only: an enclosure of its tickets defines adults and no children. */
function adultsOnly(entry: ProductEntry): boolean {
  const enclosures = new Set(entry.product.tickets.map((ticket) => ticket.ticketEnclosureId));
  return entry.provider.ticketEnclosures.some((enclosure) => {
    if (!enclosures.has(enclosure.ticketEnclosureId)) return false;
    const kinds = personDefinitions(enclosure).map((definition) => definition.kind);
    return kinds.includes('adult') && !kinds.includes('child');
  });
}

/** Whether a product suits the party said: its size, its children. */
function fitsParty(entry: ProductEntry, asked: IdeasAsked): boolean {
  const { product, provider } = entry;
  const size = partySize(asked);
  const people = Math.max(product.numberOfPeople, 1);
  if (size !== undefined && people > size) return false;
  if (size !== undefined && people * Math.max(product.minimumNumberByTransaction, 1) > size)
    return false;
  // Sold only to groups: a party of a few is not one.
  if (
    provider.isForGroups &&
    (size === undefined || size <= (provider.limitOfNumberOfPeopleToBeGroup ?? 0))
  )
    return false;
  if (asked.kids && adultsOnly(entry)) return false;
  if (
    asked.kids &&
    productPersonKind(product) === 'adult' &&
    ticketTypeSiblings(entry.base, product).length === 0
  )
    return false;
  return true;
}

/** The days it is on sale among those asked (or all its days), as the customer can book them. */
function daysOf(entry: ProductEntry, asked: IdeasAsked, now: Date): IsoDate[] {
  return sellableDates(
    entry.product,
    providerNow(entry.provider, now),
    asked.date ? { from: asked.date.from, to: asked.date.to } : {},
  );
}

export interface Idea {
  entry: ProductEntry;
  /** Its ticket types' products, each with its price on the days asked (one: itself). */
  prices: { kind: PersonKind | undefined; price: Money | undefined }[];
}

/**
 * The products that fit what was asked, in catalog order: one entry per set of ticket
 * types (its first type's product), none whose type is a sibling of an entry already in.
 */
export function ideasFor(
  asked: IdeasAsked,
  offer: Offerable,
  now: Date,
  ignoreDate = false,
): Idea[] {
  const filters = ignoreDate ? { ...asked, date: undefined } : asked;
  const taken = new Set<string>();
  const ideas: Idea[] = [];
  for (const entry of offer.products) {
    const { product } = entry;
    if (taken.has(product.productId) || isGiftCard(entry)) continue;
    if (filters.providerId !== undefined && entry.provider.providerId !== filters.providerId)
      continue;
    const types = ticketTypeSiblings(entry.base, product);
    for (const type of types) taken.add(type.productId);
    if (!fitsParty(entry, filters)) continue;
    const days = daysOf(entry, filters, now);
    if (days.length === 0) continue;
    const priced = (one: typeof product) => {
      const sibling = { ...entry, product: one };
      return {
        kind: productPersonKind(one),
        // Without a day asked, priced over the first week on sale: a "from" true of now.
        price: one.requiresRealTimePrice
          ? undefined
          : fromPrice(sibling, filters.date ? days : days.slice(0, 7)),
      };
    };
    ideas.push({
      entry,
      prices: (types.length > 0 ? types : [product])
        .filter((type) => filters.kids || productPersonKind(type) !== 'child' || types.length === 0)
        .map(priced),
    });
  }
  return ideas;
}

/** "adulto 12,00 € · niño 6,00 €", or "12,00 €". */
function pricesText(idea: Idea, lang: Lang): string {
  const m = messages(lang);
  if (idea.prices.every((price) => price.price === undefined)) return m.priceOnDay;
  if (idea.prices.length === 1) {
    const only = idea.prices[0]!.price;
    return only ? formatPrice(only, lang) : m.priceOnDay;
  }
  return idea.prices
    .map(
      (price) =>
        `${m.kind(price.kind ?? 'generic')} ${price.price ? formatPrice(price.price, lang) : m.priceOnDay}`,
    )
    .join(' · ');
}

/** What the filters say in words: "para el domingo, 14 de junio, con niños". */
function filtersText(asked: IdeasAsked, lang: Lang): string {
  const m = messages(lang);
  const parts: string[] = [];
  if (asked.date) {
    parts.push(
      asked.date.from === asked.date.to
        ? m.forDay(formatDate(asked.date.from, lang, 'long'))
        : m.forDays(
            formatDate(asked.date.from, lang, 'long'),
            formatDate(asked.date.to, lang, 'long'),
          ),
    );
  }
  const size = partySize(asked);
  if (size !== undefined) parts.push(m.forParty(m.party(asked.adults ?? 0, asked.children ?? 0)));
  else if (asked.kids) parts.push(m.withKids);
  return parts.join(', ');
}

/** What a product picked from the list carries on: the days, part of the day and party. */
export function ideaWish(asked: IdeasAsked, idea: Idea): Wish {
  const types = idea.prices.length > 1;
  const size = partySize(asked);
  const counts: Wish['types'] = {};
  if (asked.adults) counts.adult = asked.adults;
  if (asked.children) counts.child = asked.children;
  return {
    ...(asked.date
      ? {
          date:
            asked.date.from === asked.date.to
              ? { kind: 'date' as const, date: asked.date.from }
              : { kind: 'range' as const, from: asked.date.from, to: asked.date.to },
        }
      : {}),
    ...(asked.daypart ? { daypart: asked.daypart } : {}),
    ...(types && Object.keys(counts).length > 0
      ? { types: counts }
      : size !== undefined && !types && idea.entry.product.numberOfPeople <= 1
        ? { quantity: size }
        : {}),
  };
}

/** The answer to an open question: its text and a button per product. */
export function ideasView(
  asked: IdeasAsked,
  offer: Offerable,
  now: Date,
  lang: Lang,
): {
  text: string;
  options: Option<BookingEvent>[];
  named: (typed: string) => BookingEvent | undefined;
} {
  const m = messages(lang);
  const filters = filtersText(asked, lang);
  let found = ideasFor(asked, offer, now);
  let heading = m.heading(filters);
  if (found.length === 0 && asked.date) {
    found = ideasFor(asked, offer, now, true);
    heading = m.nothing(filters);
  }
  const shown = found.slice(0, SHOWN);
  const lines = shown.map(
    (idea, index) =>
      `${index + 1}. ${idea.entry.provider.providerName} — ${productName(idea.entry.product)}: ${pricesText(idea, lang)}`,
  );
  if (found.length > shown.length) lines.push(m.more(found.length - shown.length));
  const options = shown.map((idea, index) => {
    const wish = ideaWish(asked, idea);
    return {
      id: `idea:${idea.entry.product.productId}`,
      label: `${index + 1}. ${productName(idea.entry.product)}`,
      event: { type: 'wish' as const, productId: idea.entry.product.productId, wish },
    };
  });
  return {
    text: [heading, ...lines, m.pick].join('\n'),
    options,
    named: (typed) => ideaNamed(typed, asked, shown),
  };
}

/** Words too common to name one idea ("the", "entrada", "ticket"). */
const UNNAMING = new Set(
  'entrada entradas ticket tickets admission general para with from desde'.split(' '),
);

/** A name's words that can name it: not short, not common, not whom it is for ("niños"). */
const nameWords = (name: string) =>
  new Set(
    foldWords(name).filter(
      (word) => word.length >= 4 && !UNNAMING.has(word) && ticketType(word) === undefined,
    ),
  );

/**
 * An idea named by typed words ("the museum"): the one whose product's name has them, or
 * the place of them all when only their place's name has them; it is booked, or browsed,
 * with the party and day of the open question. Undefined when the words name none or
 * several places.
 */
function ideaNamed(
  typed: string,
  asked: IdeasAsked,
  shown: readonly Idea[],
): BookingEvent | undefined {
  const said = [...nameWords(typed)];
  if (said.length === 0) return undefined;
  const has = (name: string) => {
    const words = nameWords(name);
    return said.some((word) => words.has(word));
  };
  const byProduct = shown.filter((idea) => has(productName(idea.entry.product)));
  if (byProduct.length === 1) {
    const idea = byProduct[0]!;
    const wish = ideaWish(asked, idea);
    return { type: 'wish', productId: idea.entry.product.productId, wish };
  }
  const byPlace = shown.filter((idea) => has(idea.entry.provider.providerName));
  const places = new Set(byPlace.map((idea) => idea.entry.provider.providerId));
  if (places.size !== 1) return undefined;
  const { types: _types, quantity: _quantity, ...day } = ideaWish(asked, byPlace[0]!);
  const counts: Wish['types'] = {};
  if (asked.adults) counts.adult = asked.adults;
  if (asked.children) counts.child = asked.children;
  const size = partySize(asked);
  return {
    type: 'browse.provider',
    providerId: byPlace[0]!.entry.provider.providerId,
    wish: {
      ...day,
      ...(Object.keys(counts).length > 0 ? { types: counts } : {}),
      ...(size !== undefined ? { quantity: size } : {}),
    },
  };
}
