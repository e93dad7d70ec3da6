/**
 * Sessions: for each enclosure of the product's tickets that has sessions, on its date.
 * The `loadSessions` actor lists them with the places left (/availablecapacity); full
 * ones are shown marked and refused with the nearest that have room (choosing/room.ts) and previews what the service would assign where it always assigns
 * (/autoassignsessions, informational). By the enclosure's TicketEnclosureAutoAssignSessionType:
 * No → the customer chooses; IfNotSet → chooses or lets the service assign; ForceSet →
 * no question, only the preview. No enclosure with sessions → the step is skipped.
 */
import { assign } from 'xstate';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { partnerCall } from '../partner-call.js';
import { choosable } from '../guards/selection.js';
import { booking } from '../setup.js';
import type { BookingContext, Draft, SessionOffer, SessionOption } from '../types.js';
import type { BookingView, ViewFn } from '../view.js';
import { backToDate } from './date.js';
import { formatDate, formatTime } from '#flows/booking/choosing/format.js';
import { optionByNumber } from '#flows/booking/choosing/read.js';
import { retryView } from '#flows/booking/choosing/retry.js';
import {
  nearestSessions,
  roomOf,
  sessionPlaces,
  sessionRoom,
} from '#flows/booking/choosing/room.js';
import { inDaypart } from '#flows/understanding/times.js';
import { timeRefusal, understoodTime, without } from '#flows/booking/choosing/wish.js';
import { changeable } from '#flows/booking/choosing/change.js';

const messages = defineMessages({
  es: {
    choose: (name: string, date: string) => `Elige la sesión de «${name}» para el ${date}:`,
    orAuto: 'O deja que te asignen una.',
    auto: '🎲 Asígnamela',
    left: (time: string, places: number) =>
      places === 1 ? `${time} · queda 1 plaza` : `${time} · quedan ${places} plazas`,
    few: (time: string, places: number) =>
      places === 1 ? `${time} · ¡solo queda 1 plaza!` : `${time} · ¡solo quedan ${places} plazas!`,
    full: (time: string) => `${time} · agotada`,
    fullRefused: (time: string, near: string) =>
      near
        ? `La sesión de las ${time} está completa. Las más cercanas con plazas: ${near}.`
        : `La sesión de las ${time} está completa.`,
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
    few: (time: string, places: number) =>
      places === 1 ? `${time} · only 1 place left` : `${time} · only ${places} places left`,
    full: (time: string) => `${time} · sold out`,
    fullRefused: (time: string, near: string) =>
      near
        ? `The ${time} session is full. The nearest with room: ${near}.`
        : `The ${time} session is full.`,
    none: (names: string, date: string) =>
      `There are no sessions left of ${names} on ${date}. Please choose another date.`,
    forced: (name: string, time: string, content: string) =>
      `Session of "${name}": assigned by the provider. Right now it would be at ${time}${content}; it may change when the booking is confirmed.`,
    forcedUnknown: (name: string) =>
      `Session of "${name}": assigned by the provider when the booking is confirmed.`,
    unreadable: 'Choose one of the sessions listed (or type its time, e.g. "17:00").',
  },
});

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

/** A session's button: its time, and its places when limited (full and few marked). */
function sessionLabel(context: BookingContext, option: SessionOption): string {
  const m = messages(context.language);
  const time = formatTime(option.time);
  const places = sessionPlaces(option, context.cart.lines);
  const minimum = context.draft?.product.minimumQuantity ?? 1;
  const room = roomOf(places, minimum);
  if (room === 'full') return m.full(time);
  if (room === 'few') return m.few(time, places!);
  if (option.remaining === undefined) return time;
  // The places the customer can buy: the cart's share taken off, as a count of products.
  return m.left(
    time,
    places !== undefined && places !== option.maxQuantity ? places : option.remaining,
  );
}

/**
 * A session chosen before that is full now (the Add refused it, and the step was shown
 * again with the places read anew): the notice saying so, with the nearest that have room.
 */
function chosenNowFull(context: BookingContext, offers: readonly SessionOffer[]) {
  for (const choice of context.draft?.sessions ?? []) {
    const offer = offers.find((candidate) => candidate.enclosureId === choice.enclosureId);
    const option = offer?.options.find((candidate) => candidate.sessionId === choice.sessionId);
    if (offer && option && !hasRoom(context, option))
      return fullSessionText(context, option, offer);
  }
  return undefined;
}

const hasRoom = (context: BookingContext, option: SessionOption) =>
  sessionRoom(option, context.cart.lines, context.draft?.product.minimumQuantity ?? 1) !== 'full';

/** The session of the current offer an event names. */
const named = (context: BookingContext, enclosureId: string, sessionId: string) => {
  const offer = current(context.draft);
  return offer?.enclosureId === enclosureId
    ? offer.options.find((option) => option.sessionId === sessionId)
    : undefined;
};

/** A full session asked for: why not, and the nearest ones with room that day. */
function fullSessionText(
  context: BookingContext,
  option: SessionOption,
  offer: SessionOffer | undefined = current(context.draft),
): string {
  const m = messages(context.language);
  const near = nearestSessions(
    offer?.options ?? [],
    option.time,
    context.cart.lines,
    context.draft?.product.minimumQuantity ?? 1,
  ).map((other) => formatTime(other.time));
  return m.fullRefused(formatTime(option.time), near.join(', '));
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
      label: sessionLabel(context, option),
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
function sessionAtWishedTime(context: BookingContext) {
  const time = context.wish?.time;
  const offer = current(context.draft);
  return time === undefined
    ? undefined
    : offer?.options.find((option) => formatTime(option.time) === time);
}

/** …when it has room. */
function wishedSession(context: BookingContext) {
  const option = sessionAtWishedTime(context);
  return option && hasRoom(context, option) ? option : undefined;
}

/** Whether some offer the customer answers has no session with room (the cart counted). */
const noRoomLeft = (context: BookingContext, offers: readonly SessionOffer[]) =>
  offers.some(
    (offer) =>
      !offer.available ||
      (offer.mode !== 'forced' && !offer.options.some((option) => hasRoom(context, option))),
  );

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
    loading: partnerCall({
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
            guard: ({ context, event }) => noRoomLeft(context, event.output),
            target: 'unavailable',
            actions: [
              {
                type: 'notify',
                params: ({ context, event }) => {
                  const missing = event.output.filter((offer) => noRoomLeft(context, [offer]));
                  const names = missing.map((offer) => `«${offer.name}»`).join(', ');
                  const date = formatDate(missing[0]!.date, context.language, 'long');
                  return { text: messages(context.language).none(names, date) };
                },
              },
              // The date step then shows the days around this one (one tap each).
              assign({
                draft: ({ context }) => ({
                  ...context.draft!,
                  nearDate: context.draft!.accessDate,
                }),
              }),
            ],
          },
          {
            guard: ({ context, event }) => chosenNowFull(context, event.output) !== undefined,
            target: 'next',
            actions: [
              {
                type: 'notify',
                params: ({ context, event }) => ({ text: chosenNowFull(context, event.output)! }),
              },
              assign({
                draft: ({ context, event }) => ({
                  ...context.draft!,
                  sessions: [],
                  sessionStep: { offers: event.output, cursor: 0 },
                }),
              }),
            ],
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
      },
      failed: 'failed',
    }),
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
          // The time said names a full session: why, and the nearest with room.
          guard: ({ context }) => sessionAtWishedTime(context) !== undefined,
          target: 'choosing',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                text: fullSessionText(context, sessionAtWishedTime(context)!),
              }),
            },
            assign({ wish: ({ context }) => without(context, 'time') }),
          ],
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
      meta: { view: changeable(sessionView, 'session') },
      on: {
        'session.pick': [
          {
            // A full session (its button marked, or its time typed): why, and the nearest.
            guard: ({ context, event }) => {
              const option = named(context, event.enclosureId, event.sessionId);
              return option !== undefined && !hasRoom(context, option);
            },
            actions: {
              type: 'notify',
              params: ({ context, event }) => ({
                text: fullSessionText(context, named(context, event.enclosureId, event.sessionId)!),
              }),
            },
          },
          {
            guard: ({ context, event }) =>
              named(context, event.enclosureId, event.sessionId) !== undefined,
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
        ],
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
