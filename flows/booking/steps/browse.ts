/**
 * Browse: providers → categories (product bases) → products, a page at a time, and a
 * search of everything on offer by typed text. Only what can be offered alone now is
 * listed (choosing/offerable.ts). A provider with a single category shows its products
 * directly. Back goes up one level; home and /cancel work as everywhere.
 */
import { assign, enqueueActions } from 'xstate';
import type { Option } from '#flows/view.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { ProductEntry } from '#src/domain/catalog.js';
import { dateOf, providerNow } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import { booking } from '../setup.js';
import type { BookingContext, BookingEvent } from '../types.js';
import type { BookingView, ViewFn } from '../view.js';
import {
  offerable,
  productName,
  queryTerms,
  searchProducts,
  type Offerable,
  type OfferableProvider,
} from '#flows/booking/choosing/offerable.js';
import { PAGE_SIZE, pageOf } from '#flows/booking/choosing/paging.js';
import {
  bookingEvent,
  hoursAsked,
  keptText,
  onlySlots,
  packageAsked,
  pastRefusal,
  readMessage,
  wishOf,
} from '#flows/booking/choosing/wish.js';
import { optionByNumber } from '#flows/booking/choosing/read.js';
import { formatPrice } from '#flows/booking/choosing/format.js';
import { fromPriceSince } from '#flows/booking/choosing/prices.js';
import { ideasAsked, ideasView } from '#flows/booking/choosing/ideas.js';
import { placeGroupText } from '#flows/booking/choosing/explain.js';
import type { Provider } from '#src/domain/catalog-shapes.js';
import {
  combinedOption,
  combinedOptions,
  searchCombined,
  type CombinedEntry,
} from './combined/offer.js';

const messages = defineMessages({
  es: {
    providers:
      '¿Qué te apetece reservar? Elige un lugar, o escribe lo que buscas (por ejemplo «museo»).',
    nothingOnSale: 'Ahora mismo no hay nada a la venta. Vuelve a intentarlo más tarde.',
    bases: (provider: string) => `${provider}: elige una categoría.`,
    products: (where: string) => `${where}: elige un producto.`,
    results: (query: string, count: number) =>
      count === 1
        ? `He encontrado 1 producto para «${query}»:`
        : `He encontrado ${count} productos para «${query}»:`,
    search: '🔎 Buscar',
    searchHint: 'Escribe lo que buscas: un lugar, una actividad o una palabra como «familia».',
    tooShort:
      'Dime qué buscas (un lugar, una actividad, una palabra como «familia») o elige de la lista.',
    noResults: (query: string) =>
      `No he encontrado nada a la venta para «${query}». Prueba con otra palabra o elige de la lista.`,
    pageOf: (page: number, pages: number) => `(página ${page} de ${pages})`,
    priced: (name: string, price: string) => `${name} · desde ${price}`,
  },
  en: {
    providers:
      'What would you like to book? Choose a place, or type what you are looking for (e.g. "museum").',
    nothingOnSale: 'Nothing is on sale right now. Please try again later.',
    bases: (provider: string) => `${provider}: choose a category.`,
    products: (where: string) => `${where}: choose a product.`,
    results: (query: string, count: number) =>
      count === 1
        ? `I found 1 product for "${query}":`
        : `I found ${count} products for "${query}":`,
    search: '🔎 Search',
    searchHint: 'Type what you are looking for: a place, an activity or a word such as "family".',
    tooShort:
      'Tell me what you are looking for (a place, an activity, a word such as "family") or choose from the list.',
    noResults: (query: string) =>
      `I found nothing on sale for "${query}". Try another word or choose from the list.`,
    pageOf: (page: number, pages: number) => `(page ${page} of ${pages})`,
    priced: (name: string, price: string) => `${name} · from ${price}`,
  },
});

type Level =
  | { kind: 'ideas' }
  | { kind: 'providers'; items: OfferableProvider[] }
  | { kind: 'bases'; provider: OfferableProvider }
  | { kind: 'products'; title: string; items: ProductEntry[] }
  | { kind: 'search'; query: string; items: ProductEntry[]; combined: CombinedEntry[] };

/** Where the browse context points, falling back upwards when the catalog changed. */
function levelOf(context: BookingContext, offer: Offerable, now: Date): Level {
  const { providerId, productBaseId, query, ideas } = context.browse;
  if (ideas !== undefined) return { kind: 'ideas' };
  if (query !== undefined)
    return {
      kind: 'search',
      query,
      items: searchProducts(offer, query),
      combined: searchCombined(offer, now, query),
    };
  const provider = offer.providers.find((item) => item.provider.providerId === providerId);
  if (!provider) return { kind: 'providers', items: offer.providers };
  const base =
    provider.bases.find((item) => item.base.productBaseId === productBaseId) ??
    (provider.bases.length === 1 ? provider.bases[0] : undefined);
  if (!base) return { kind: 'bases', provider };
  const title =
    provider.bases.length === 1
      ? provider.provider.providerName
      : `${provider.provider.providerName} · ${base.base.productBaseName}`;
  return { kind: 'products', title, items: base.products };
}

/**
 * A product in a list, with its price from its sellable days on: what matters before the
 * customer opens it (a price on request shows none).
 */
const productOption = (entry: ProductEntry, lang: Lang, now: Date): Option<BookingEvent> => {
  const { product, provider } = entry;
  const today = dateOf(providerNow(provider, now));
  const from = product.requiresRealTimePrice ? undefined : fromPriceSince(entry, today);
  const name = productName(product);
  return {
    id: `product:${product.productId}`,
    label: from ? messages(lang).priced(name, formatPrice(from, lang)) : name,
    event: { type: 'browse.product', productId: product.productId },
  };
};

/** The place's group rule against the people a message said, when it refuses them. */
function placeGroupLine(
  context: BookingContext,
  provider: Provider | undefined,
): string | undefined {
  if (provider === undefined) return undefined;
  return placeGroupText(provider, context.wish?.quantity, context.language);
}

export const browseView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const c = common(lang);
  const offer = offerable(deps.catalog, deps.now);
  const level = levelOf(context, offer, deps.now);

  let text: string;
  // A product is drawn (priced) only when its page is shown: a search matching 50,000
  // products must not price them all for the 8 on the page.
  let items: (Option<BookingEvent> | ProductEntry)[];
  // At an open question's answer, one of the products listed named by typed words.
  let named: ((typed: string) => BookingEvent | undefined) | undefined;
  switch (level.kind) {
    case 'ideas': {
      // An open question's answer: its text lists the products with their prices.
      const ideas = ideasView(context.browse.ideas!, offer, deps.now, lang);
      text = ideas.text;
      items = ideas.options;
      named = ideas.named;
      break;
    }
    case 'providers':
      text = level.items.length === 0 ? m.nothingOnSale : m.providers;
      items = level.items.map(({ provider }) => ({
        id: `provider:${provider.providerId}`,
        label: provider.providerName,
        event: { type: 'browse.provider', providerId: provider.providerId },
      }));
      break;
    case 'bases': {
      const { provider, bases } = level.provider;
      text = m.bases(provider.providerName);
      items = bases.map(({ base }) => ({
        id: `base:${base.productBaseId}`,
        label: base.productBaseName,
        event: { type: 'browse.base', productBaseId: base.productBaseId },
      }));
      items.push(...combinedOptions(deps.catalog, deps.now, provider.providerId, lang));
      break;
    }
    case 'products':
      text = m.products(level.title);
      items = [...level.items];
      // A provider shown without categories lists its combined products with its products.
      if (context.browse.productBaseId === undefined && context.browse.providerId !== undefined)
        items.push(...combinedOptions(deps.catalog, deps.now, context.browse.providerId, lang));
      break;
    case 'search': {
      const found = level.items.length + level.combined.length;
      text = found === 0 ? m.noResults(level.query) : m.results(level.query, found);
      // The search's list as it is when no combined product is found (a common word's has
      // 50,000 products: no copy of it at each view of its pages).
      items =
        level.combined.length === 0
          ? level.items
          : [...level.combined.map((entry) => combinedOption(entry, lang)), ...level.items];
      break;
    }
  }

  // A party said for a place that its group rule refuses: said as the place is shown.
  const group =
    level.kind === 'bases' || level.kind === 'products'
      ? placeGroupLine(context, deps.catalog.provider(context.browse.providerId ?? ''))
      : undefined;
  if (group) text = `${group}\n${text}`;

  const page = pageOf(items, context.browse.page);
  const pages = Math.ceil(items.length / PAGE_SIZE);
  if (page.hasMore || page.hasPrevious) text += ` ${m.pageOf(page.page + 1, pages)}`;
  const options: Option<BookingEvent>[] = page.items.map((item) =>
    'event' in item ? item : productOption(item, lang, deps.now),
  );
  if (page.hasPrevious)
    options.push({
      id: 'previous',
      label: c.previous,
      event: { type: 'browse.page', page: page.page - 1 },
    });
  if (page.hasMore)
    options.push({
      id: 'more',
      label: c.more,
      event: { type: 'browse.page', page: page.page + 1 },
    });
  if (level.kind === 'providers' && level.items.length > 0)
    options.push({ id: 'search', label: m.search, event: { type: 'browse.search' } });
  if (level.kind !== 'providers')
    options.push({ id: 'back', label: c.back, event: { type: 'nav.back' } });
  options.push({ id: 'home', label: c.home, event: { type: 'nav.home' } });

  return {
    text,
    options,
    expects: 'choice',
    readText: (typed) => {
      const picked = optionByNumber(options, typed);
      if (picked) return picked;
      // A booking in one message ("2 entradas para el museo el sábado"): the product with
      // what else it says, or the place with it; a bare name is searched as before.
      const reading = readMessage(typed, deps);
      const past = pastRefusal(reading, deps, lang);
      if (past) return past;
      const ideas = ideasAsked(typed, reading);
      if (ideas) return { event: { type: 'browse.ideas', ideas } };
      // "the museum" after the ideas: that idea, with the party and day asked for them.
      const idea = Object.keys(wishOf(reading)).length === 0 ? named?.(typed) : undefined;
      if (idea) return { event: idea };
      const packages = packageAsked(reading);
      if (packages) return packages;
      const hours = hoursAsked(reading, lang);
      if (hours) return hours;
      // Only a date, time or quantity ("el sábado", "para 3"): kept for the product to come.
      const slots = onlySlots(reading);
      if (slots) return slots;
      const wish = wishOf(reading);
      const booked = bookingEvent(reading);
      if (Object.keys(wish).length > 0 && booked?.type === 'wish') return { event: booked };
      if (
        Object.keys(wish).length > 0 &&
        (booked?.type === 'browse.provider' || booked?.type === 'combined.pick')
      )
        return { event: booked };
      if (queryTerms(typed, deps.catalog).length === 0) return { error: m.tooShort };
      if (
        searchProducts(offer, typed).length === 0 &&
        searchCombined(offer, deps.now, typed).length === 0
      )
        return { error: m.noResults(typed.trim()) };
      return { event: { type: 'browse.query', query: typed.trim() } };
    },
  };
};

type Browse = BookingContext['browse'];
const at = (browse: Partial<Browse>): Browse => ({ page: 0, ...browse });

export const browseState = booking.createStateConfig({
  meta: { view: browseView },
  on: {
    'browse.provider': {
      actions: [
        assign({
          browse: ({ event }) => at({ providerId: event.providerId }),
          wish: ({ context, event }) => event.wish ?? context.wish,
        }),
        enqueueActions(({ context, event, enqueue }) => {
          if (event.wish)
            enqueue.emit({ type: 'notice', text: keptText(context.wish!, context.language) });
        }),
      ],
    },
    wish: [
      {
        // Slots alone: added to what is kept, said, and the list stays.
        guard: 'wishNamesNoProduct',
        actions: [
          assign({ wish: ({ context, event }) => ({ ...context.wish, ...event.wish }) }),
          {
            type: 'notify',
            params: ({ context }) => ({ text: keptText(context.wish!, context.language) }),
          },
        ],
      },
      { target: '#booking.product', actions: 'keepWish' },
    ],
    'browse.base': {
      actions: assign({
        browse: ({ context, event }) =>
          at({ providerId: context.browse.providerId, productBaseId: event.productBaseId }),
      }),
    },
    'browse.page': {
      actions: assign({
        browse: ({ context, event }) => ({ ...context.browse, page: Math.max(0, event.page) }),
      }),
    },
    'browse.query': {
      actions: assign({
        browse: ({ context, event }) => ({
          ...context.browse,
          ideas: undefined,
          query: event.query,
          page: 0,
        }),
      }),
    },
    'browse.ideas': {
      actions: assign({ browse: ({ event }) => at({ ideas: event.ideas }) }),
    },
    'browse.search': {
      actions: {
        type: 'notify',
        params: ({ context }) => ({ text: messages(context.language).searchHint }),
      },
    },
    'browse.product': { target: '#booking.product' },
    'nav.back': [
      {
        guard: ({ context }) => context.browse.ideas !== undefined,
        actions: assign({ browse: () => at({}) }),
      },
      {
        guard: 'searching',
        actions: assign({
          browse: ({ context }) => ({ ...context.browse, query: undefined, page: 0 }),
        }),
      },
      {
        guard: 'inProductBase',
        actions: assign({ browse: ({ context }) => at({ providerId: context.browse.providerId }) }),
      },
      {
        guard: 'inProvider',
        actions: assign({ browse: () => at({}) }),
      },
      { target: '#booking.home' },
    ],
  },
});
