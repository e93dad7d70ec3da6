/**
 * The start of a package: the prepackages on offer (POST /Activity/Prepackages, asked
 * each time the flow opens, so what is listed is what is on sale now), one chosen.
 */
import { assign } from 'xstate';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { Option } from '#flows/view.js';
import { partnerCall } from '#flows/booking/partner-call.js';
import { booking } from '#flows/booking/setup.js';
import type { BookingEvent } from '#flows/booking/types.js';
import type { BookingView, ViewFn } from '#flows/booking/view.js';
import { PAGE_SIZE, pageOf } from '#flows/booking/choosing/paging.js';
import { optionByNumber } from '#flows/booking/choosing/read.js';
import { flowOf, navigation, newPackageFlow } from './shared.js';

const messages = defineMessages({
  es: {
    loading: 'Buscando paquetes de actividad con alojamiento…',
    choose: '🏨 Paquetes de actividad + alojamiento. ¿Cuál te interesa?',
    none: 'Ahora mismo no hay paquetes a la venta. Vuelve a intentarlo más tarde.',
    withWhat: (what: string) => `   Incluye: ${what}`,
    hint: 'Elige un paquete de la lista (puedes escribir su número).',
  },
  en: {
    loading: 'Looking for activity packages with accommodation…',
    choose: '🏨 Activity + accommodation packages. Which one would you like?',
    none: 'There are no packages on sale right now. Please try again later.',
    withWhat: (what: string) => `   Includes: ${what}`,
    hint: 'Choose a package from the list (you can type its number).',
  },
});

const chooseView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const flow = flowOf(context);
  const all = flow.prepackages ?? [];
  const page = pageOf(all, flow.page - 1, PAGE_SIZE);
  const lines = page.items.flatMap((prepackage, i) => [
    `${page.page * PAGE_SIZE + i + 1}. ${prepackage.name}${prepackage.description ? ` — ${prepackage.description}` : ''}`,
    m.withWhat(prepackage.groupings.map((grouping) => grouping.name).join(' + ')),
  ]);
  const options: Option<BookingEvent>[] = [
    ...page.items.map((prepackage) => ({
      id: `prepackage:${prepackage.id}`,
      label: prepackage.name,
      event: { type: 'package.pick' as const, prepackageId: prepackage.id },
    })),
    ...(page.hasPrevious
      ? [
          {
            id: 'previous',
            label: common(lang).previous,
            event: { type: 'package.page' as const, page: page.page },
          },
        ]
      : []),
    ...(page.hasMore
      ? [
          {
            id: 'more',
            label: common(lang).more,
            event: { type: 'package.page' as const, page: page.page + 2 },
          },
        ]
      : []),
    ...navigation(lang),
  ];
  return {
    text: all.length === 0 ? m.none : [m.choose, ...lines].join('\n'),
    expects: 'choice',
    options,
    readText: (text) => optionByNumber(options, text) ?? { error: m.hint },
  };
};

export const loadingPrepackagesState = partnerCall({
  waiting: (lang) => messages(lang).loading,
  invoke: {
    src: 'loadPrepackages',
    input: ({ context }) => ({ language: context.language }),
    onDone: {
      target: 'choosing',
      actions: assign({ packages: ({ event }) => newPackageFlow({ prepackages: event.output }) }),
    },
  },
  failed: '#booking.home',
});

export const choosingState = booking.createStateConfig({
  meta: { view: chooseView },
  on: {
    'package.pick': {
      guard: 'prepackageListed',
      target: 'people',
      actions: assign({
        packages: ({ context, event }) =>
          newPackageFlow({
            prepackages: context.packages?.prepackages,
            prepackage: context.packages!.prepackages!.find((p) => p.id === event.prepackageId),
            rooms: [{ adults: 0, minors: [] }],
          }),
      }),
    },
    'package.page': {
      actions: assign({
        packages: ({ context, event }) => ({ ...flowOf(context), page: Math.max(1, event.page) }),
      }),
    },
    'nav.back': { target: '#booking.home' },
  },
});
