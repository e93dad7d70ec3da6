/**
 * Sessions: for each enclosure of the product's tickets that has sessions, on its date.
 * The `loadSessions` actor lists them with the places left (/availablecapacity; full
 * ones left out) and previews what the service would assign where it always assigns
 * (/autoassignsessions, informational). By the enclosure's TicketEnclosureAutoAssignSessionType:
 * No → the customer chooses; IfNotSet → chooses or lets the service assign; ForceSet →
 * no question, only the preview. No enclosure with sessions → the step is skipped.
 */
import { assign } from 'xstate';
import type { Lang } from '../../../src/domain/lang.js';
import { common } from '../../../src/i18n/common.js';
import { defineMessages } from '../../../src/i18n/messages.js';
import { booking } from '../setup.js';
import type { BookingContext, Draft, SessionOffer } from '../types.js';
import type { BookingView, ViewFn } from '../view.js';
import { backToDate } from './date.js';
import { formatDate, formatTime } from './selection/format.js';
import { optionByNumber } from './selection/read.js';
import { retryView } from './selection/retry.js';
import { inDaypart } from '../../understanding/times.js';
import { timeRefusal, understoodTime, without } from './selection/wish.js';

const messages = defineMessages({
  es: {
    choose: (name: string, date: string) => `Elige la sesión de «${name}» para el ${date}:`,
    orAuto: 'O deja que te asignen una.',
    auto: '🎲 Asígnamela',
    left: (time: string, places: number) =>
      places === 1 ? `${time} · queda 1 plaza` : `${time} · quedan ${places} plazas`,
    none: (names: string, date: string) =>
      `No quedan sesiones disponibles de ${names} para el ${date}. Elige otra fecha.`,
    forced: (name: string, time: string, content: string) =>
      `Sesión de «${name}»: la asigna el proveedor. Ahora mismo sería a las ${time}${content}; puede cambiar al confirmar la reserva.`,
    forcedUnknown: (name: string) =>
      `Sesión de «${name}»: la asigna el proveedor al confirmar la reserva.`,
    unreadable: 'Elige una de las sesiones de la lista (o escribe su hora, por ejemplo «17:00»).',
  },
  en: {
    choose: (name: string, date: string) => `Choose the session of "${name}" on ${date}:`,
    orAuto: 'Or let one be assigned to you.',
    auto: '🎲 Assign one for me',
    left: (time: string, places: number) =>
      places === 1 ? `${time} · 1 place left` : `${time} · ${places} places left`,
    none: (names: string, date: string) =>
      `There are no sessions left of ${names} on ${date}. Please choose another date.`,
    forced: (name: string, time: string, content: string) =>
      `Session of "${name}": assigned by the provider. Right now it would be at ${time}${content}; it may change when the booking is confirmed.`,
    forcedUnknown: (name: string) =>
      `Session of "${name}": assigned by the provider when the booking is confirmed.`,
    unreadable: 'Choose one of the sessions listed (or type its time, e.g. "17:00").',
  },
});

/** The offers the customer answers (ForceSet ones are only previewed). */
export const choosable = (draft: Draft | undefined): SessionOffer[] =>
  (draft?.sessionStep?.offers ?? []).filter((offer) => offer.mode !== 'forced');

const current = (draft: Draft | undefined): SessionOffer | undefined =>
  choosable(draft)[draft?.sessionStep?.cursor ?? 0];

/** "17:00", "17h", "17.00", "5pm" → "17:00". */
function typedTime(text: string): string | undefined {
  const match = /^(\d{1,2})(?:[:.h](\d{2}))?\s*(h|am|pm)?$/i.exec(text.trim());
  if (!match) return undefined;
  let hours = Number(match[1]);
  const suffix = match[3]?.toLowerCase();
  if (suffix === 'pm' && hours < 12) hours += 12;
  if (suffix === 'am' && hours === 12) hours = 0;
  if (!match[2] && !suffix) return undefined; // a bare number picks a button
  return `${String(hours).padStart(2, '0')}:${match[2] ?? '00'}`;
}

export const sessionView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const c = common(lang);
  const offer = current(context.draft);
  // "mañana por la tarde": that part of the day's sessions, when it has any.
  const part = context.wish?.daypart;
  const inPart = (offer?.options ?? []).filter(
    (option) => part !== undefined && inDaypart(formatTime(option.time), part),
  );
  const offered = inPart.length > 0 ? inPart : (offer?.options ?? []);
  const sessions = offered.map((option) => {
    const time = formatTime(option.time);
    return {
      id: `session:${option.sessionId}`,
      label: option.remaining === undefined ? time : m.left(time, option.remaining),
      event: {
        type: 'session.pick' as const,
        enclosureId: offer!.enclosureId,
        sessionId: option.sessionId,
        label: time,
      },
    };
  });
  const options = [
    ...sessions,
    ...(offer?.mode === 'optional'
      ? [{ id: 'auto', label: m.auto, event: { type: 'session.auto' as const } }]
      : []),
    { id: 'back', label: c.back, event: { type: 'nav.back' as const } },
    { id: 'home', label: c.home, event: { type: 'nav.home' as const } },
  ];
  const lines = offer ? [m.choose(offer.name, formatDate(offer.date, lang, 'long'))] : [];
  if (offer?.mode === 'optional') lines.push(m.orAuto);
  return {
    text: lines.join('\n'),
    options,
    expects: 'choice',
    readText: (text) => {
      const picked = optionByNumber(options, text);
      if (picked) return picked;
      const time = typedTime(text) ?? understoodTime(text);
      const byTime = time && sessions.find((option) => option.event.label === time);
      return byTime ? { event: byTime.event } : { error: m.unreadable };
    },
  };
};

/** Notices for sessions the service assigns (ForceSet): what it would give now. */
function previews(draft: Draft, lang: Lang): string[] {
  const m = messages(lang);
  return (draft.sessionStep?.offers ?? [])
    .filter((offer) => offer.mode === 'forced')
    .map((offer) =>
      offer.preview
        ? m.forced(
            offer.name,
            offer.preview.time,
            offer.preview.name ? ` (${offer.preview.name})` : '',
          )
        : m.forcedUnknown(offer.name),
    );
}

/** The session of the offer being asked at the time the booking message said. */
function wishedSession(context: BookingContext) {
  const time = context.wish?.time;
  const offer = current(context.draft);
  return time === undefined
    ? undefined
    : offer?.options.find((option) => formatTime(option.time) === time);
}

const hasSessions = (context: BookingContext) =>
  (context.draft?.product.rules?.sessionEnclosures.length ?? 0) > 0;

export const sessionState = booking.createStateConfig({
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: ({ context }) => !context.draft?.accessDate, target: '#booking.date' },
        {
          guard: ({ context }) => !hasSessions(context),
          target: '#booking.quantity',
          actions: assign({
            draft: ({ context }) => ({ ...context.draft!, sessions: [], sessionStep: undefined }),
          }),
        },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadSessions',
        input: ({ context }) => ({
          productId: context.draft!.product.productId,
          language: context.language,
          date: context.draft!.accessDate!,
          enclosureDates: context.draft!.enclosureDates ?? {},
          minimumQuantity: context.draft!.product.minimumQuantity,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.some((offer) => !offer.available),
            target: 'unavailable',
            actions: {
              type: 'notify',
              params: ({ context, event }) => {
                const missing = event.output.filter((offer) => !offer.available);
                const names = missing.map((offer) => `«${offer.name}»`).join(', ');
                const date = formatDate(missing[0]!.date, context.language, 'long');
                return { text: messages(context.language).none(names, date) };
              },
            },
          },
          {
            target: 'next',
            actions: assign({
              draft: ({ context, event }) => ({
                ...context.draft!,
                sessions: [],
                sessionStep: { offers: event.output, cursor: 0 },
              }),
            }),
          },
        ],
        onError: { target: 'failed', actions: 'explainFailure' },
      },
    },
    /** No session that day: back to the date (the card when the date is not asked). */
    unavailable: { always: backToDate },
    next: {
      always: [
        {
          // A booking in one message: the session at the time it said.
          guard: ({ context }) => wishedSession(context) !== undefined,
          target: 'next',
          reenter: true,
          actions: assign({
            draft: ({ context }) => {
              const draft = context.draft!;
              const step = draft.sessionStep!;
              const offer = current(draft)!;
              const option = wishedSession(context)!;
              return {
                ...draft,
                sessions: [
                  ...draft.sessions.filter((s) => s.enclosureId !== offer.enclosureId),
                  {
                    enclosureId: offer.enclosureId,
                    sessionId: option.sessionId,
                    label: formatTime(option.time),
                  },
                ],
                sessionStep: { ...step, cursor: step.cursor + 1 },
              };
            },
            wish: ({ context }) => without(context, 'time'),
          }),
        },
        {
          guard: ({ context }) =>
            context.wish?.time !== undefined && current(context.draft) !== undefined,
          target: 'choosing',
          actions: [
            { type: 'notify', params: ({ context }) => ({ text: timeRefusal(context) }) },
            assign({ wish: ({ context }) => without(context, 'time') }),
          ],
        },
        {
          guard: ({ context }) =>
            (context.draft?.sessionStep?.cursor ?? 0) < choosable(context.draft).length,
          target: 'choosing',
        },
        {
          target: '#booking.quantity',
          actions: {
            type: 'notify',
            params: ({ context }) => ({
              text: previews(context.draft!, context.language).join('\n'),
            }),
          },
          guard: ({ context }) => previews(context.draft!, context.language).length > 0,
        },
        { target: '#booking.quantity' },
      ],
    },
    choosing: {
      meta: { view: sessionView },
      on: {
        'session.pick': {
          guard: ({ context, event }) => {
            const offer = current(context.draft);
            return (
              offer?.enclosureId === event.enclosureId &&
              offer.options.some((option) => option.sessionId === event.sessionId)
            );
          },
          target: 'next',
          actions: assign({
            draft: ({ context, event }) => {
              const draft = context.draft!;
              const step = draft.sessionStep!;
              return {
                ...draft,
                sessions: [
                  ...draft.sessions.filter((s) => s.enclosureId !== event.enclosureId),
                  {
                    enclosureId: event.enclosureId,
                    sessionId: event.sessionId,
                    label: event.label,
                  },
                ],
                sessionStep: { ...step, cursor: step.cursor + 1 },
              };
            },
          }),
        },
        'session.auto': {
          guard: ({ context }) => current(context.draft)?.mode === 'optional',
          target: 'next',
          actions: assign({
            draft: ({ context }) => {
              const draft = context.draft!;
              const step = draft.sessionStep!;
              return { ...draft, sessionStep: { ...step, cursor: step.cursor + 1 } };
            },
          }),
        },
        'nav.back': [
          {
            guard: ({ context }) => (context.draft?.sessionStep?.cursor ?? 0) > 0,
            target: 'choosing',
            reenter: true,
            actions: assign({
              draft: ({ context }) => {
                const draft = context.draft!;
                const step = draft.sessionStep!;
                const previous = choosable(draft)[step.cursor - 1]!;
                return {
                  ...draft,
                  sessions: draft.sessions.filter((s) => s.enclosureId !== previous.enclosureId),
                  sessionStep: { ...step, cursor: step.cursor - 1 },
                };
              },
            }),
          },
          ...backToDate,
        ],
      },
    },
    failed: {
      meta: { view: retryView },
      on: {
        'selection.retry': { target: 'loading' },
        'nav.back': backToDate,
      },
    },
  },
});
