/**
 * The accommodations of a package (POST /Package/BasicCatalog, Destination = the
 * prepackage's SuggestedLocation): a page at a time with price-from, stars, type, town
 * and distance to the activity; filters offered as buttons with the counts of
 * AvailableFilters (board, category, rate class, type, town) and our own bands of price
 * and distance; sorting (cheapest, most expensive, closest); paging. A filter that
 * leaves no accommodation says so and offers to clear the filters.
 *
 * The basic catalog does not say which board a package's price-from is for: the board is
 * shown when a board filter chooses it.
 */
import { assign } from 'xstate';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { Option } from '#flows/view.js';
import { partnerCall } from '#flows/booking/partner-call.js';
import { booking } from '#flows/booking/setup.js';
import type {
  AccommodationOffer,
  BookingContext,
  BookingEvent,
  PackageFilterKind,
  PackageFlow,
  PackageSort,
} from '#flows/booking/types.js';
import type { BookingView, ViewFn } from '#flows/booking/view.js';
import { formatDate, formatPrice } from '#flows/booking/choosing/format.js';
import {
  DISTANCE_BANDS,
  FILTER_KINDS,
  PRICE_BANDS,
  distanceText,
  filterValueLabel,
  flowOf,
  navigation,
  packageMessages,
  peopleText,
  searchOf,
  stayText,
} from './shared.js';

const messages = defineMessages({
  es: {
    searching: 'Buscando alojamiento…',
    title: (name: string) => `🏨 ${name}`,
    summary: (people: string, stay: string, activity: string) =>
      `${people} · ${stay} · ${activity}`,
    filtersOn: (list: string) => `Filtros: ${list}.`,
    none: 'No he encontrado alojamiento para esas fechas y personas. Prueba con otras fechas.',
    noneFiltered:
      'Ningún alojamiento cumple esos filtros. Quita los filtros o cambia alguno para ver más.',
    page: (page: number, pages: number) => `(página ${page} de ${pages})`,
    filter: '🔎 Filtrar',
    sort: (how: string) => `↕️ Ordenar (${how})`,
    clear: '✖️ Quitar filtros',
    dates: '📅 Cambiar fechas',
    kinds: '¿Por qué quieres filtrar?',
    values: (kind: string) => `${kind}: elige una opción.`,
    any: 'Cualquiera',
    sortBy: '¿Cómo los ordeno?',
    sorts: (criteria: PackageSort) =>
      ({ 1: 'más baratos primero', 2: 'más caros primero', 3: 'más cercanos primero' })[criteria],
    hint: 'Elige un alojamiento (puedes escribir su número), o usa los filtros.',
    unavailable: (names: string) => `(Sin ${names}: no se ha podido reservar.)`,
  },
  en: {
    searching: 'Looking for accommodation…',
    title: (name: string) => `🏨 ${name}`,
    summary: (people: string, stay: string, activity: string) =>
      `${people} · ${stay} · ${activity}`,
    filtersOn: (list: string) => `Filters: ${list}.`,
    none: 'I found no accommodation for those dates and people. Try other dates.',
    noneFiltered:
      'No accommodation matches those filters. Clear the filters or change one to see more.',
    page: (page: number, pages: number) => `(page ${page} of ${pages})`,
    filter: '🔎 Filter',
    sort: (how: string) => `↕️ Sort (${how})`,
    clear: '✖️ Clear filters',
    dates: '📅 Change dates',
    kinds: 'What would you like to filter by?',
    values: (kind: string) => `${kind}: choose an option.`,
    any: 'Any',
    sortBy: 'How shall I sort them?',
    sorts: (criteria: PackageSort) =>
      ({ 1: 'cheapest first', 2: 'most expensive first', 3: 'closest first' })[criteria],
    hint: 'Choose an accommodation (you can type its number), or use the filters.',
    unavailable: (names: string) => `(Without ${names}: it could not be reserved.)`,
  },
});

const hasFilters = (flow: PackageFlow) => Object.keys(flow.filters).length > 0;

function filtersText(flow: PackageFlow, lang: BookingContext['language']): string {
  const p = packageMessages(lang);
  return FILTER_KINDS.flatMap((kind) => {
    const value = flow.filters[kind];
    return value === undefined
      ? []
      : [`${p.kind(kind).replace(/^\S+\s/, '')}: ${filterValueLabel(kind, value, lang)}`];
  }).join('; ');
}

/** "Hotel Dunas del Faro ★★★★ — Hotel · Maspalomas · 5.1 km away — from €347.00". */
export function offerText(
  offer: AccommodationOffer,
  flow: PackageFlow,
  lang: BookingContext['language'],
  withPrice = true,
): string {
  const p = packageMessages(lang);
  const stars = offer.stars ? ` ${p.stars(offer.stars)}` : '';
  const facts = [
    ...(offer.type !== undefined ? [p.type(offer.type)] : []),
    ...(offer.city ? [offer.city] : []),
    ...(offer.distance !== undefined ? [distanceText(offer.distance, lang)] : []),
    ...(flow.filters.board !== undefined ? [p.board(Number(flow.filters.board))] : []),
  ];
  const from = withPrice ? ` — ${p.from(formatPrice(offer.priceFrom, lang))}` : '';
  return `${offer.name}${stars} — ${facts.join(' · ')}${from}`;
}

/** The search in one line: people, stay, activity day. */
export function searchSummary(context: BookingContext): string {
  const lang = context.language;
  const flow = flowOf(context);
  const p = packageMessages(lang);
  if (!flow.checkIn || !flow.checkOut || !flow.activityDate) return '';
  return messages(lang).summary(
    peopleText(flow.rooms, lang),
    stayText(flow.checkIn, flow.checkOut, lang),
    p.activityOn(formatDate(flow.activityDate, lang)),
  );
}

const listView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const flow = flowOf(context);
  const found = flow.results ?? { totalPages: 0, offers: [], facets: {} };
  // An accommodation that could not be reserved is not offered again in this search.
  const unavailable = found.offers.filter((o) => flow.unavailable?.includes(o.packageId));
  const results = { ...found, offers: found.offers.filter((o) => !unavailable.includes(o)) };
  const first = (flow.page - 1) * 10;
  const header = [m.title(flow.prepackage?.name ?? ''), searchSummary(context)];
  if (hasFilters(flow)) header.push(m.filtersOn(filtersText(flow, lang)));
  if (unavailable.length > 0) header.push(m.unavailable(unavailable.map((o) => o.name).join(', ')));
  const filterOption = {
    id: 'filters',
    label: m.filter,
    event: { type: 'package.menu', menu: 'filters' } as const,
  };
  const clearOption = {
    id: 'clear',
    label: m.clear,
    event: { type: 'package.filters-clear' } as const,
  };
  if (results.offers.length === 0) {
    const filtered = hasFilters(flow);
    return {
      text: [...header, filtered ? m.noneFiltered : m.none].join('\n'),
      expects: 'choice',
      options: [
        ...(filtered ? [clearOption, filterOption] : []),
        { id: 'dates', label: m.dates, event: { type: 'nav.back' } },
        { id: 'home', label: common(lang).home, event: { type: 'nav.home' } },
      ],
    };
  }
  const lines = results.offers.map(
    (offer, i) => `${first + i + 1}. ${offerText(offer, flow, lang)}`,
  );
  if (results.totalPages > 1) lines.push(m.page(flow.page, results.totalPages));
  const options: Option<BookingEvent>[] = [
    ...results.offers.map((offer) => ({
      id: `stay:${offer.packageId}`,
      label: `${offer.name} · ${formatPrice(offer.priceFrom, lang)}`,
      event: { type: 'package.stay' as const, packageId: offer.packageId },
    })),
    ...(flow.page > 1
      ? [
          {
            id: 'previous',
            label: common(lang).previous,
            event: { type: 'package.page' as const, page: flow.page - 1 },
          },
        ]
      : []),
    ...(flow.page < results.totalPages
      ? [
          {
            id: 'more',
            label: common(lang).more,
            event: { type: 'package.page' as const, page: flow.page + 1 },
          },
        ]
      : []),
    filterOption,
    ...(hasFilters(flow) ? [clearOption] : []),
    {
      id: 'sort',
      label: m.sort(m.sorts(flow.sort)),
      event: { type: 'package.menu', menu: 'sort' },
    },
    ...navigation(lang),
  ];
  return {
    text: [...header, ...lines].join('\n'),
    expects: 'choice',
    options,
    readText: (text) => {
      // "3" is the third accommodation of the list as numbered (page 2 starts at 11).
      const n = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) - first - 1 : -1;
      const offer = results.offers[n];
      if (offer) return { event: { type: 'package.stay', packageId: offer.packageId } };
      return { error: m.hint };
    },
  };
};

/** The values offered for a kind: the service's (with counts), or our bands. */
function valuesOf(flow: PackageFlow, kind: PackageFilterKind): { value: string; count?: number }[] {
  if (kind === 'price') return PRICE_BANDS.map((value) => ({ value }));
  if (kind === 'distance') return DISTANCE_BANDS.map((value) => ({ value }));
  return flow.results?.facets[kind] ?? [];
}

const filtersView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const p = packageMessages(lang);
  const flow = flowOf(context);
  const kind = flow.filterKind;
  if (kind === undefined) {
    const kinds = FILTER_KINDS.filter((k) => valuesOf(flow, k).length > 0);
    return {
      text: m.kinds,
      expects: 'choice',
      options: [
        ...kinds.map((k) => {
          const chosen = flow.filters[k];
          return {
            id: `kind:${k}`,
            label:
              chosen === undefined
                ? p.kind(k)
                : `${p.kind(k)}: ${filterValueLabel(k, chosen, lang)} ✓`,
            event: { type: 'package.filter-kind' as const, kind: k },
          };
        }),
        ...(hasFilters(flow)
          ? [{ id: 'clear', label: m.clear, event: { type: 'package.filters-clear' as const } }]
          : []),
        ...navigation(lang),
      ],
    };
  }
  const chosen = flow.filters[kind];
  return {
    text: m.values(p.kind(kind)),
    expects: 'choice',
    options: [
      ...valuesOf(flow, kind).map(({ value, count }) => {
        const label = filterValueLabel(kind, value, lang);
        return {
          id: `filter:${kind}:${value}`,
          label: `${label}${count !== undefined ? ` (${count})` : ''}${value === chosen ? ' ✓' : ''}`,
          event: { type: 'package.filter' as const, kind, value },
        };
      }),
      ...(chosen !== undefined
        ? [
            {
              id: `filter:${kind}:any`,
              label: m.any,
              event: { type: 'package.filter' as const, kind },
            },
          ]
        : []),
      ...navigation(lang),
    ],
  };
};

const sortView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const flow = flowOf(context);
  return {
    text: m.sortBy,
    expects: 'choice',
    options: [
      ...([1, 2, 3] as const).map((criteria) => ({
        id: `sort:${criteria}`,
        label: `${m.sorts(criteria)}${criteria === flow.sort ? ' ✓' : ''}`,
        event: { type: 'package.sort' as const, criteria },
      })),
      ...navigation(lang),
    ],
  };
};

/** A filter event names a kind and a value the current view offers. */
export const filterAccepted = ({
  context,
  event,
}: {
  context: BookingContext;
  event: BookingEvent;
}) =>
  event.type === 'package.filter' &&
  (event.value === undefined ||
    valuesOf(flowOf(context), event.kind).some(({ value }) => value === event.value));

/** The flow without filters, from the first page. */
const unfiltered = (flow: PackageFlow): PackageFlow => ({
  ...flow,
  filters: {},
  filterKind: undefined,
  page: 1,
});

export const readyState = booking.createStateConfig({
  always: [
    {
      guard: 'noPrepackage',
      target: '#booking.packages.loading',
    },
    {
      guard: 'anAgeMissing',
      target: '#booking.packages.people.ages',
    },
    {
      guard: 'peopleIncomplete',
      target: '#booking.packages.people',
    },
    {
      guard: 'noSearch',
      target: '#booking.packages.dates',
    },
    { target: '#booking.packages.searching' },
  ],
});

export const searchingState = partnerCall({
  waiting: (lang) => messages(lang).searching,
  invoke: {
    src: 'searchPackages',
    input: ({ context }) => {
      const flow = flowOf(context);
      return {
        // `ready` let us in only with a complete search.
        search: searchOf(flow)!,
        filters: flow.filters,
        sort: flow.sort,
        page: flow.page,
        language: context.language,
      };
    },
    onDone: {
      target: 'accommodations',
      actions: assign({
        packages: ({ context, event }) => {
          const { echoToken, ...results } = event.output;
          return { ...flowOf(context), results, echoToken, quote: undefined };
        },
      }),
    },
    onError: [
      {
        // A new filter, sort or page that failed: the list as it was.
        guard: 'hasResults',
        target: 'accommodations',
        actions: 'explainFailure',
      },
      { target: '#booking.packages.dates.activity', actions: 'explainFailure' },
    ],
  },
});

export const accommodationsState = booking.createStateConfig({
  meta: { view: listView },
  on: {
    'package.stay': {
      guard: 'stayOffered',
      target: 'pricing',
    },
    'package.menu': [
      {
        guard: 'filtersMenu',
        target: 'filters',
        actions: assign({
          packages: ({ context }) => ({ ...flowOf(context), filterKind: undefined }),
        }),
      },
      { target: 'sort' },
    ],
    'package.filters-clear': {
      target: 'searching',
      actions: assign({ packages: ({ context }) => unfiltered(flowOf(context)) }),
    },
    'package.page': {
      guard: 'pageInResults',
      target: 'searching',
      actions: assign({
        packages: ({ context, event }) => ({ ...flowOf(context), page: event.page }),
      }),
    },
    'nav.back': { target: '#booking.packages.dates.activity' },
  },
});

export const filtersState = booking.createStateConfig({
  meta: { view: filtersView },
  on: {
    'package.filter-kind': {
      actions: assign({
        packages: ({ context, event }) => ({ ...flowOf(context), filterKind: event.kind }),
      }),
    },
    'package.filter': {
      guard: filterAccepted,
      target: 'searching',
      actions: assign({
        packages: ({ context, event }) => {
          const flow = flowOf(context);
          const { [event.kind]: _replaced, ...others } = flow.filters;
          return {
            ...flow,
            page: 1,
            filterKind: undefined,
            filters: event.value === undefined ? others : { ...others, [event.kind]: event.value },
          };
        },
      }),
    },
    'package.filters-clear': {
      target: 'searching',
      actions: assign({ packages: ({ context }) => unfiltered(flowOf(context)) }),
    },
    'nav.back': [
      {
        guard: 'choosingFilter',
        actions: assign({
          packages: ({ context }) => ({ ...flowOf(context), filterKind: undefined }),
        }),
      },
      { target: 'accommodations' },
    ],
  },
});

export const sortState = booking.createStateConfig({
  meta: { view: sortView },
  on: {
    'package.sort': {
      target: 'searching',
      actions: assign({
        packages: ({ context, event }) => ({ ...flowOf(context), sort: event.criteria, page: 1 }),
      }),
    },
    'nav.back': { target: 'accommodations' },
  },
});
