/**
 * Who travels, room by room: adults, children (2 to 17) and babies (under 2), then the
 * age of every child and baby, asked one by one (the service needs the age of everybody
 * aged 17 or younger: a minor without an age is asked for it, never searched without).
 * Then another room, or on to the dates. Back undoes one question.
 */
import { assign, not } from 'xstate';
import { defineMessages } from '#src/i18n/messages.js';
import type { Option } from '#flows/view.js';
import { booking } from '#flows/booking/setup.js';
import type {
  BookingContext,
  BookingEvent,
  PackageFlow,
  PackageRoom,
} from '#flows/booking/types.js';
import type { BookingView, ViewFn } from '#flows/booking/view.js';
import { readCount } from '#flows/booking/choosing/read.js';
import {
  AGES,
  MAX_ADULTS,
  MAX_MINORS,
  MAX_ROOMS,
  ageFits,
  currentRoom,
  flowOf,
  missingAge,
  navigation,
  packageMessages,
  peopleText,
} from './shared.js';

const messages = defineMessages({
  es: {
    adults: (name: string, room: number) =>
      room === 1
        ? `«${name}». ¿Cuántos adultos (18 años o más) sois en la habitación?`
        : `Habitación ${room}: ¿cuántos adultos (18 años o más)?`,
    children: '¿Y niños de 2 a 17 años?',
    babies: '¿Y bebés (menores de 2 años)?',
    ageChild: (n: number, room: number) =>
      `¿Qué edad tiene el niño ${n} de la habitación ${room}? Escríbela (de 2 a 17).`,
    ageBaby: (n: number, room: number) => `¿Qué edad tiene el bebé ${n} de la habitación ${room}?`,
    under1: 'Menos de 1 año',
    oneYear: '1 año',
    more: (people: string) => `Habitaciones: ${people}. ¿Añadimos otra habitación?`,
    another: '➕ Otra habitación',
    done: '✅ Seguir',
    count: (max: number) => `Escribe un número de 0 a ${max}, o elige una opción.`,
    adultsCount: (max: number) =>
      `Escribe cuántos adultos, de 1 a ${max}. Cada habitación necesita al menos un adulto.`,
    childAge: `Los niños tienen de ${AGES.child.min} a ${AGES.child.max} años. Escribe la edad en años, por ejemplo «8».`,
    childTooYoung: `Con menos de ${AGES.child.min} años cuenta como bebé: vuelve atrás y añádelo como bebé.`,
    childTooOld: `Con ${AGES.child.max + 1} años o más cuenta como adulto: vuelve atrás y añádelo como adulto.`,
    babyAge: 'Un bebé tiene 0 o 1 año. Elige una opción o escribe la edad.',
  },
  en: {
    adults: (name: string, room: number) =>
      room === 1
        ? `"${name}". How many adults (18 or older) in the room?`
        : `Room ${room}: how many adults (18 or older)?`,
    children: 'And children aged 2 to 17?',
    babies: 'And babies (under 2)?',
    ageChild: (n: number, room: number) =>
      `How old is child ${n} in room ${room}? Type the age (2 to 17).`,
    ageBaby: (n: number, room: number) => `How old is baby ${n} in room ${room}?`,
    under1: 'Under 1',
    oneYear: '1 year old',
    more: (people: string) => `Rooms: ${people}. Shall we add another room?`,
    another: '➕ Another room',
    done: '✅ Continue',
    count: (max: number) => `Type a number from 0 to ${max}, or choose an option.`,
    adultsCount: (max: number) =>
      `Type how many adults, 1 to ${max}. Every room needs at least one adult.`,
    childAge: `Children are ${AGES.child.min} to ${AGES.child.max} years old. Type the age in years, e.g. "8".`,
    childTooYoung: `Under ${AGES.child.min} counts as a baby: go back and add them as a baby.`,
    childTooOld: `At ${AGES.child.max + 1} or older they count as an adult: go back and add them as an adult.`,
    babyAge: 'A baby is 0 or 1 year old. Choose an option or type the age.',
  },
});

/** "8", "8 años", "8 years old", "ocho". */
export function readAge(text: string): number | undefined {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+(anos?|years?|yrs?|y)(\s+old)?$/, '')
    .replace(/\s+old$/, '');
  return readCount(plain);
}

const withRoom = (flow: PackageFlow, change: (room: PackageRoom) => PackageRoom): PackageFlow => ({
  ...flow,
  rooms: [...flow.rooms.slice(0, -1), change(currentRoom(flow) ?? { adults: 0, minors: [] })],
});

const roomNumber = (context: BookingContext) => Math.max(1, flowOf(context).rooms.length);

const childrenIn = (room: PackageRoom | undefined) =>
  room?.minors.filter((minor) => minor.kind === 'child').length ?? 0;

/** The most babies a room may still take (minors at most MAX_MINORS). */
const maxBabies = (context: BookingContext) =>
  Math.max(0, MAX_MINORS - childrenIn(currentRoom(flowOf(context))));

function countView(
  text: (context: BookingContext) => string,
  range: (context: BookingContext) => { min: number; max: number },
  hint: (max: number, lang: BookingContext['language']) => string,
): ViewFn {
  return (context): BookingView => {
    const lang = context.language;
    const { min, max } = range(context);
    const buttons = Math.min(max, min + 4);
    const options: Option<BookingEvent>[] = [];
    for (let n = min; n <= buttons; n += 1)
      options.push({
        id: `count:${n}`,
        label: String(n),
        event: { type: 'package.count', count: n },
      });
    options.push(...navigation(lang));
    return {
      text: text(context),
      expects: 'number',
      options,
      readText: (typed) => {
        const count = readCount(typed);
        if (count !== undefined && count >= min && count <= max)
          return { event: { type: 'package.count', count } };
        return { error: hint(max, lang) };
      },
    };
  };
}

const adultsRange = () => ({ min: 1, max: MAX_ADULTS });
const childrenRange = () => ({ min: 0, max: MAX_MINORS });
const babiesRange = (context: BookingContext) => ({ min: 0, max: maxBabies(context) });

const inRange =
  (range: (context: BookingContext) => { min: number; max: number }) =>
  ({ context, event }: { context: BookingContext; event: BookingEvent }) =>
    event.type === 'package.count' &&
    Number.isInteger(event.count) &&
    event.count >= range(context).min &&
    event.count <= range(context).max;

const adultsView = countView(
  (context) =>
    messages(context.language).adults(flowOf(context).prepackage?.name ?? '', roomNumber(context)),
  adultsRange,
  (max, lang) => messages(lang).adultsCount(max),
);
const childrenView = countView(
  (context) => messages(context.language).children,
  childrenRange,
  (max, lang) => messages(lang).count(max),
);
const babiesView = countView(
  (context) => messages(context.language).babies,
  babiesRange,
  (max, lang) => messages(lang).count(max),
);

const ageView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const missing = missingAge(flowOf(context).rooms);
  const kind = missing?.kind ?? 'child';
  const room = flowOf(context).rooms[missing?.room ?? 0];
  const nth =
    (room?.minors.slice(0, (missing?.minor ?? 0) + 1).filter((minor) => minor.kind === kind)
      .length ??
      1) ||
    1;
  const roomN = (missing?.room ?? 0) + 1;
  const options: Option<BookingEvent>[] = [
    ...(kind === 'baby'
      ? [
          { id: 'age:0', label: m.under1, event: { type: 'package.age' as const, age: 0 } },
          { id: 'age:1', label: m.oneYear, event: { type: 'package.age' as const, age: 1 } },
        ]
      : []),
    ...navigation(lang),
  ];
  return {
    text: kind === 'baby' ? m.ageBaby(nth, roomN) : m.ageChild(nth, roomN),
    expects: 'number',
    options,
    readText: (typed) => {
      const age = readAge(typed);
      if (age !== undefined && ageFits(kind, age)) return { event: { type: 'package.age', age } };
      if (kind === 'baby') return { error: m.babyAge };
      // The advice follows the age given (an 18-year-old is never told to count as a baby).
      if (age !== undefined && age < AGES.child.min) return { error: m.childTooYoung };
      if (age !== undefined && age > AGES.child.max) return { error: m.childTooOld };
      return { error: m.childAge };
    },
  };
};

const moreView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const rooms = flowOf(context).rooms;
  const options: Option<BookingEvent>[] = [
    { id: 'rooms:done', label: m.done, event: { type: 'package.room', more: false } },
    ...(rooms.length < MAX_ROOMS
      ? [
          {
            id: 'rooms:more',
            label: m.another,
            event: { type: 'package.room' as const, more: true },
          },
        ]
      : []),
    ...navigation(lang),
  ];
  return {
    text: m.more(
      rooms.length === 1
        ? `${packageMessages(lang).room(1)}: ${peopleText(rooms, lang)}`
        : peopleText(rooms, lang),
    ),
    expects: 'choice',
    options,
  };
};

/** The guard of `package.age`: a minor is waiting for an age, and the age fits them. */
export const ageAccepted = ({
  context,
  event,
}: {
  context: BookingContext;
  event: BookingEvent;
}) => {
  const missing = missingAge(flowOf(context).rooms);
  return event.type === 'package.age' && missing !== undefined && ageFits(missing.kind, event.age);
};

export const peopleState = booking.createStateConfig({
  initial: 'adults',
  states: {
    adults: {
      meta: { view: adultsView },
      on: {
        'package.count': {
          guard: inRange(adultsRange),
          target: 'children',
          actions: assign({
            packages: ({ context, event }) =>
              withRoom(flowOf(context), (room) => ({
                ...room,
                adults: event.type === 'package.count' ? event.count : room.adults,
              })),
          }),
        },
        'nav.back': [
          {
            guard: 'severalRooms',
            target: 'more',
            actions: assign({
              packages: ({ context }) => {
                const flow = flowOf(context);
                return { ...flow, rooms: flow.rooms.slice(0, -1) };
              },
            }),
          },
          { target: '#booking.packages.choosing' },
        ],
      },
    },
    children: {
      meta: { view: childrenView },
      on: {
        'package.count': {
          guard: inRange(childrenRange),
          target: 'babies',
          actions: assign({
            packages: ({ context, event }) =>
              withRoom(flowOf(context), (room) => ({
                ...room,
                minors: Array.from(
                  { length: event.type === 'package.count' ? event.count : 0 },
                  () => ({ kind: 'child' as const }),
                ),
              })),
          }),
        },
        'nav.back': { target: 'adults' },
      },
    },
    babies: {
      meta: { view: babiesView },
      on: {
        'package.count': {
          guard: inRange(babiesRange),
          target: 'ages',
          actions: assign({
            packages: ({ context, event }) =>
              withRoom(flowOf(context), (room) => ({
                ...room,
                minors: [
                  ...room.minors.filter((minor) => minor.kind === 'child'),
                  ...Array.from(
                    { length: event.type === 'package.count' ? event.count : 0 },
                    () => ({
                      kind: 'baby' as const,
                    }),
                  ),
                ],
              })),
          }),
        },
        'nav.back': { target: 'children' },
      },
    },
    ages: {
      initial: 'check',
      states: {
        check: {
          always: [
            {
              guard: not('anAgeMissing'),
              target: '#booking.packages.people.more',
            },
            { target: 'ask' },
          ],
        },
        ask: {
          meta: { view: ageView },
          on: {
            'package.age': {
              guard: ageAccepted,
              target: 'check',
              actions: assign({
                packages: ({ context, event }) => {
                  const flow = flowOf(context);
                  const missing = missingAge(flow.rooms)!;
                  const age = event.type === 'package.age' ? event.age : 0;
                  return {
                    ...flow,
                    rooms: flow.rooms.map((room, r) =>
                      r !== missing.room
                        ? room
                        : {
                            ...room,
                            minors: room.minors.map((minor, i) =>
                              i === missing.minor ? { ...minor, age } : minor,
                            ),
                          },
                    ),
                  };
                },
              }),
            },
            'nav.back': { target: '#booking.packages.people.babies' },
          },
        },
      },
    },
    more: {
      meta: { view: moreView },
      on: {
        'package.room': [
          {
            guard: 'anotherRoom',
            target: 'adults',
            actions: assign({
              packages: ({ context }) => {
                const flow = flowOf(context);
                return { ...flow, rooms: [...flow.rooms, { adults: 0, minors: [] }] };
              },
            }),
          },
          { guard: 'noMoreRooms', target: '#booking.packages.dates' },
        ],
        'nav.back': { target: 'babies' },
      },
    },
  },
});
