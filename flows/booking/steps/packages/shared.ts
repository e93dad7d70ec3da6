/**
 * What the package steps share: the flow's starting point, the people of the rooms, the
 * stay, and how accommodations, filters and their values are named to the customer.
 * Pure functions of the context.
 *
 * Where the spec is silent (decisions):
 * - Children are 2 to 17 years old and babies under 2; both are asked their age (the
 *   spec requires ages for everybody aged 17 or younger). Adults are 18 or older.
 * - A room takes at most 6 adults and 4 minors; a search at most 4 rooms.
 * - Price bands and distance bands are ours (the service gives no counts for them), in
 *   whole euros and metres, each bound inclusive.
 */
import type { IsoDate } from '#src/domain/time.js';
import {
  AccommodationBoard,
  AccommodationRateClass,
  AccommodationType,
} from '#src/domain/partner-codes.js';
import { locales, type Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { Option } from '#flows/view.js';
import type {
  BookingContext,
  BookingEvent,
  PackageFilterKind,
  PackageFlow,
  PackageMinor,
  PackageRoom,
  PackageSearch,
} from '#flows/booking/types.js';
import { formatDate } from '#flows/booking/choosing/format.js';

export const MAX_ROOMS = 4;
export const MAX_ADULTS = 6;
export const MAX_MINORS = 4;
export const MAX_NIGHTS = 30;
export const AGES = { child: { min: 2, max: 17 }, baby: { min: 0, max: 1 } } as const;

export const packageMessages = defineMessages({
  es: {
    adults: (n: number) => (n === 1 ? '1 adulto' : `${n} adultos`),
    children: (n: number) => (n === 1 ? '1 niño' : `${n} niños`),
    babies: (n: number) => (n === 1 ? '1 bebé' : `${n} bebés`),
    ages: (ages: string) => `(${ages} años)`,
    room: (n: number) => `Habitación ${n}`,
    nights: (n: number) => (n === 1 ? '1 noche' : `${n} noches`),
    stay: (from: string, to: string, nights: string) => `del ${from} al ${to} (${nights})`,
    activityOn: (date: string) => `actividad el ${date}`,
    km: (km: string) => `a ${km} km`,
    metres: (m: string) => `a ${m} m`,
    from: (price: string) => `desde ${price}`,
    stars: (n: number) => `${'★'.repeat(n)}`,
    board: (value: number) =>
      ({
        [AccommodationBoard.RoomOnly]: 'Solo alojamiento',
        [AccommodationBoard.BedAndBreakfast]: 'Alojamiento y desayuno',
        [AccommodationBoard.HalfBoard]: 'Media pensión',
        [AccommodationBoard.FullBoard]: 'Pensión completa',
        [AccommodationBoard.AllInclusive]: 'Todo incluido',
      })[value] ?? `Régimen ${value}`,
    rateClass: (value: number) =>
      ({
        [AccommodationRateClass.NonRefundable]: 'No reembolsable',
        [AccommodationRateClass.Refundable]: 'Reembolsable',
      })[value] ?? `Tarifa ${value}`,
    type: (value: number) =>
      ({
        [AccommodationType.Unclassified]: 'Sin clasificar',
        [AccommodationType.Hotel]: 'Hotel',
        [AccommodationType.Hostel]: 'Hostal',
        [AccommodationType.Campsite]: 'Camping',
        [AccommodationType.Apartment]: 'Apartamento',
      })[value] ?? `Tipo ${value}`,
    category: (value: number) => (value > 0 ? `${value} ★` : 'Sin estrellas'),
    priceUpTo: (max: string) => `Hasta ${max}`,
    priceBetween: (min: string, max: string) => `De ${min} a ${max}`,
    priceOver: (min: string) => `Más de ${min}`,
    distanceUpTo: (km: string) => `A menos de ${km} km`,
    kind: (kind: PackageFilterKind) =>
      ({
        board: '🍽️ Régimen',
        category: '⭐ Categoría',
        rateClass: '💶 Tarifa',
        type: '🏠 Tipo',
        city: '📍 Localidad',
        price: '💰 Precio',
        distance: '📏 Distancia',
      })[kind],
  },
  en: {
    adults: (n: number) => (n === 1 ? '1 adult' : `${n} adults`),
    children: (n: number) => (n === 1 ? '1 child' : `${n} children`),
    babies: (n: number) => (n === 1 ? '1 baby' : `${n} babies`),
    ages: (ages: string) => `(aged ${ages})`,
    room: (n: number) => `Room ${n}`,
    nights: (n: number) => (n === 1 ? '1 night' : `${n} nights`),
    stay: (from: string, to: string, nights: string) => `${from} to ${to} (${nights})`,
    activityOn: (date: string) => `activity on ${date}`,
    km: (km: string) => `${km} km away`,
    metres: (m: string) => `${m} m away`,
    from: (price: string) => `from ${price}`,
    stars: (n: number) => `${'★'.repeat(n)}`,
    board: (value: number) =>
      ({
        [AccommodationBoard.RoomOnly]: 'Room only',
        [AccommodationBoard.BedAndBreakfast]: 'Bed and breakfast',
        [AccommodationBoard.HalfBoard]: 'Half board',
        [AccommodationBoard.FullBoard]: 'Full board',
        [AccommodationBoard.AllInclusive]: 'All inclusive',
      })[value] ?? `Board ${value}`,
    rateClass: (value: number) =>
      ({
        [AccommodationRateClass.NonRefundable]: 'Non-refundable',
        [AccommodationRateClass.Refundable]: 'Refundable',
      })[value] ?? `Rate ${value}`,
    type: (value: number) =>
      ({
        [AccommodationType.Unclassified]: 'Unclassified',
        [AccommodationType.Hotel]: 'Hotel',
        [AccommodationType.Hostel]: 'Hostel',
        [AccommodationType.Campsite]: 'Campsite',
        [AccommodationType.Apartment]: 'Apartment',
      })[value] ?? `Type ${value}`,
    category: (value: number) => (value > 0 ? `${value} ★` : 'No stars'),
    priceUpTo: (max: string) => `Up to ${max}`,
    priceBetween: (min: string, max: string) => `${min} to ${max}`,
    priceOver: (min: string) => `Over ${min}`,
    distanceUpTo: (km: string) => `Under ${km} km`,
    kind: (kind: PackageFilterKind) =>
      ({
        board: '🍽️ Board',
        category: '⭐ Category',
        rateClass: '💶 Rate',
        type: '🏠 Type',
        city: '📍 Town',
        price: '💰 Price',
        distance: '📏 Distance',
      })[kind],
  },
});

/** A fresh package flow (nothing chosen yet). */
export const newPackageFlow = (over: Partial<PackageFlow> = {}): PackageFlow => ({
  rooms: [],
  filters: {},
  sort: 1,
  page: 1,
  ...over,
});

/** The flow of the context, or a fresh one. */
export const flowOf = (context: BookingContext): PackageFlow =>
  context.packages ?? newPackageFlow();

/** The room being filled in (the last one). */
export const currentRoom = (flow: PackageFlow): PackageRoom | undefined => flow.rooms.at(-1);

/** The first minor (of any room) whose age is still unknown. */
export function missingAge(
  rooms: readonly PackageRoom[],
): { room: number; minor: number; kind: PackageMinor['kind'] } | undefined {
  for (const [room, entry] of rooms.entries()) {
    const minor = entry.minors.findIndex((person) => person.age === undefined);
    if (minor >= 0) return { room, minor, kind: entry.minors[minor]!.kind };
  }
  return undefined;
}

/** Whether an age fits the kind of person (children 2 to 17, babies under 2). */
export const ageFits = (kind: PackageMinor['kind'], age: number): boolean =>
  Number.isInteger(age) && age >= AGES[kind].min && age <= AGES[kind].max;

/** Every room has an adult and every minor an age: the people may be searched. */
export const peopleComplete = (rooms: readonly PackageRoom[]): boolean =>
  rooms.length > 0 && rooms.every((room) => room.adults > 0) && missingAge(rooms) === undefined;

/** "2 adults, 1 child (aged 8)" — one room. */
export function roomText(room: PackageRoom, lang: Lang): string {
  const m = packageMessages(lang);
  const kids = room.minors.filter((minor) => minor.kind === 'child');
  const babies = room.minors.filter((minor) => minor.kind === 'baby');
  const ages = (list: PackageMinor[]) =>
    list.every((minor) => minor.age !== undefined)
      ? ` ${m.ages(list.map((minor) => minor.age).join(', '))}`
      : '';
  return [
    m.adults(room.adults),
    ...(kids.length > 0 ? [`${m.children(kids.length)}${ages(kids)}`] : []),
    ...(babies.length > 0 ? [`${m.babies(babies.length)}${ages(babies)}`] : []),
  ].join(', ');
}

/** All rooms: "2 adults, 1 child (aged 8)" or "Room 1: …; Room 2: …". */
export function peopleText(rooms: readonly PackageRoom[], lang: Lang): string {
  if (rooms.length === 1) return roomText(rooms[0]!, lang);
  const m = packageMessages(lang);
  return rooms.map((room, i) => `${m.room(i + 1)}: ${roomText(room, lang)}`).join('; ');
}

export const nightsBetween = (checkIn: IsoDate, checkOut: IsoDate): number =>
  Math.round(
    (Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000,
  );

/** "Sat 13 Jun to Mon 15 Jun (2 nights)". */
export function stayText(checkIn: IsoDate, checkOut: IsoDate, lang: Lang): string {
  const m = packageMessages(lang);
  return m.stay(
    formatDate(checkIn, lang),
    formatDate(checkOut, lang),
    m.nights(nightsBetween(checkIn, checkOut)),
  );
}

/** The search the flow describes, once prepackage, people and dates are all known. */
export function searchOf(flow: PackageFlow | undefined): PackageSearch | undefined {
  if (!flow?.prepackage || !flow.checkIn || !flow.checkOut || !flow.activityDate) return undefined;
  if (!peopleComplete(flow.rooms)) return undefined;
  return {
    prepackage: flow.prepackage,
    rooms: flow.rooms,
    checkIn: flow.checkIn,
    checkOut: flow.checkOut,
    activityDate: flow.activityDate,
  };
}

/** "3.8 km away", "850 m away". */
export function distanceText(metres: number, lang: Lang): string {
  const m = packageMessages(lang);
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(locales[lang], { maximumFractionDigits: digits }).format(value);
  return metres < 1000 ? m.metres(number(Math.round(metres), 0)) : m.km(number(metres / 1000, 1));
}

/** Price bands (whole euros) and distance bands (metres): `min-max`, either side open. */
export const PRICE_BANDS = ['0-150', '150-300', '300-500', '500-1000', '1000-'] as const;
export const DISTANCE_BANDS = ['0-1000', '0-5000', '0-10000', '0-25000'] as const;

/** A band key read back: "150-300" → {min: 150, max: 300}; "1000-" → {min: 1000}. */
export function bandOf(key: string): { min?: number; max?: number } | undefined {
  const match = /^(\d*)-(\d*)$/.exec(key);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  return {
    ...(match[1] !== '' && Number(match[1]) > 0 ? { min: Number(match[1]) } : {}),
    ...(match[2] !== '' ? { max: Number(match[2]) } : {}),
  };
}

const euros = (value: number, lang: Lang) =>
  new Intl.NumberFormat(locales[lang], {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).format(value);

/** How a filter value is named: "Half board", "4 ★", "Up to €150", "Under 5 km". */
export function filterValueLabel(kind: PackageFilterKind, value: string, lang: Lang): string {
  const m = packageMessages(lang);
  switch (kind) {
    case 'board':
      return m.board(Number(value));
    case 'category':
      return m.category(Number(value));
    case 'rateClass':
      return m.rateClass(Number(value));
    case 'type':
      return m.type(Number(value));
    case 'city':
      return value;
    case 'price': {
      const band = bandOf(value) ?? {};
      if (band.min === undefined) return m.priceUpTo(euros(band.max ?? 0, lang));
      if (band.max === undefined) return m.priceOver(euros(band.min, lang));
      return m.priceBetween(euros(band.min, lang), euros(band.max, lang));
    }
    case 'distance': {
      const km = (bandOf(value)?.max ?? 0) / 1000;
      return m.distanceUpTo(new Intl.NumberFormat(locales[lang]).format(km));
    }
  }
}

export const FILTER_KINDS: PackageFilterKind[] = [
  'board',
  'category',
  'rateClass',
  'type',
  'city',
  'price',
  'distance',
];

/** Back and home, the way out of every package view. */
export function navigation(lang: Lang): Option<BookingEvent>[] {
  const c = common(lang);
  return [
    { id: 'back', label: c.back, event: { type: 'nav.back' } },
    { id: 'home', label: c.home, event: { type: 'nav.home' } },
  ];
}
