/**
 * When: the check-in day, the nights (or the check-out day), and the day of the activity
 * within the stay, each as buttons, a calendar hint, or typed in words or numbers
 * ("next Saturday", "3 nights", "14/6"), as the date step reads dates.
 *
 * Where the spec is silent (decisions):
 * - The prepackages do not say which days their activities are on sale, so any day from
 *   today (provider-local, of the first grouping's provider) up to six months ahead may be
 *   chosen; the accommodation search says when the activities are not on sale then.
 * - One activity day for the whole prepackage: every pax grouping is priced on it (so
 *   groupings sharing a DatePolicyKey always share it).
 */
import { assign } from 'xstate';
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import { addDays, dateOf, isIsoDate, providerNow } from '#src/domain/time.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { Option } from '#flows/view.js';
import { booking } from '#flows/booking/setup.js';
import type { BookingContext, BookingEvent } from '#flows/booking/types.js';
import {
  dayOption,
  type BookingView,
  type TextReading,
  type ViewDeps,
  type ViewFn,
} from '#flows/booking/view.js';
import { nearestDates } from '../date.js';
import { parseTypedDate } from '#flows/booking/choosing/dates.js';
import { formatDate } from '#flows/booking/choosing/format.js';
import { readCount } from '#flows/booking/choosing/read.js';
import {
  MAX_NIGHTS,
  flowOf,
  navigation,
  nightsBetween,
  packageMessages,
  peopleText,
} from './shared.js';

/** How far ahead a stay may start. */
export const CHECK_IN_DAYS = 180;
const DATE_BUTTONS = 6;
const NIGHT_BUTTONS = 7;

const messages = defineMessages({
  es: {
    checkIn: (people: string) =>
      `${people}. ¿Qué día llegáis? Elige o escribe la fecha de entrada (por ejemplo «el viernes» o «14/6»).`,
    checkOut: (date: string) =>
      `Entrada el ${date}. ¿Cuántas noches? Elige o escribe el número de noches o la fecha de salida.`,
    nightsUntil: (nights: string, date: string) => `${nights} · hasta el ${date}`,
    activity: (stay: string) =>
      `Estancia: ${stay}. ¿Qué día queréis hacer la actividad? Tiene que ser durante la estancia.`,
    unreadable: (text: string) =>
      `No he entendido «${text}» como fecha. Escribe por ejemplo «mañana», «el sábado» o «14/6».`,
    past: (date: string) => `El ${date} ya ha pasado.`,
    tooFar: (date: string) =>
      `El ${date} queda demasiado lejos: elige una fecha de los próximos seis meses.`,
    checkOutBefore: (date: string) =>
      `La salida tiene que ser después de la entrada (${date}). Escribe el número de noches, por ejemplo «2».`,
    tooLong: `Como máximo ${MAX_NIGHTS} noches.`,
    outsideStay: (date: string, stay: string) =>
      `El ${date} no está dentro de la estancia (${stay}). Elige uno de esos días.`,
  },
  en: {
    checkIn: (people: string) =>
      `${people}. When do you arrive? Choose or type the check-in date (e.g. "Friday" or "14/6").`,
    checkOut: (date: string) =>
      `Check-in on ${date}. How many nights? Choose or type the number of nights or the check-out date.`,
    nightsUntil: (nights: string, date: string) => `${nights} · until ${date}`,
    activity: (stay: string) =>
      `Stay: ${stay}. Which day would you like to do the activity? It must be during the stay.`,
    unreadable: (text: string) =>
      `I could not read "${text}" as a date. Type for example "tomorrow", "Saturday" or "14/6".`,
    past: (date: string) => `${date} has already passed.`,
    tooFar: (date: string) => `${date} is too far ahead: choose a date within the next six months.`,
    checkOutBefore: (date: string) =>
      `Check-out must be after check-in (${date}). Type the number of nights, e.g. "2".`,
    tooLong: `At most ${MAX_NIGHTS} nights.`,
    outsideStay: (date: string, stay: string) =>
      `${date} is not within the stay (${stay}). Choose one of those days.`,
  },
});

/** Today where the activity is (the first grouping's provider; Madrid when unknown). */
export function packageToday(context: BookingContext, deps: ViewDeps): IsoDate {
  const providerId = flowOf(context).prepackage?.groupings[0]?.providerId;
  const provider = providerId ? deps.catalog.provider(providerId) : undefined;
  return dateOf(providerNow(provider ?? { taxType: 0 }, deps.now));
}

function daysFrom(first: IsoDate, count: number): IsoDate[] {
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

function dateButtons(dates: readonly IsoDate[], lang: Lang): Option<BookingEvent>[] {
  return dates.map((date) => dayOption(date, formatDate(date, lang)));
}

/** A typed date: within `available`, or why not (past, or the nearest days that are). */
function readDay(
  text: string,
  lang: Lang,
  today: IsoDate,
  available: readonly IsoDate[],
  outside: (date: IsoDate) => string,
): TextReading {
  const m = messages(lang);
  const date = parseTypedDate(text, lang, today);
  if (!date) return { error: m.unreadable(text.trim()) };
  if (available.includes(date)) return { event: { type: 'date.pick', date } };
  const shown = formatDate(date, lang, 'long');
  if (date < today) return { error: m.past(shown) };
  const near = nearestDates(available, date).map((d) => formatDate(d, lang));
  return { error: `${outside(date)} ${near.length > 0 ? `(${near.join('; ')})` : ''}`.trim() };
}

const checkInView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const today = packageToday(context, deps);
  const available = daysFrom(today, CHECK_IN_DAYS);
  const options = [...dateButtons(available.slice(0, DATE_BUTTONS), lang), ...navigation(lang)];
  return {
    text: messages(lang).checkIn(peopleText(flowOf(context).rooms, lang)),
    expects: 'date',
    calendar: { available },
    options,
    readText: (text) =>
      readDay(text, lang, today, available, (date) =>
        messages(lang).tooFar(formatDate(date, lang, 'long')),
      ),
  };
};

const checkOutView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const checkIn = flowOf(context).checkIn!;
  const available = daysFrom(addDays(checkIn, 1), MAX_NIGHTS);
  const options: Option<BookingEvent>[] = [
    ...available
      .slice(0, NIGHT_BUTTONS)
      .map((date, i) =>
        dayOption(date, m.nightsUntil(packageMessages(lang).nights(i + 1), formatDate(date, lang))),
      ),
    ...navigation(lang),
  ];
  const today = packageToday(context, deps);
  return {
    text: m.checkOut(formatDate(checkIn, lang, 'long')),
    expects: 'date',
    calendar: { available },
    options,
    readText: (text) => {
      const typed = text
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .trim()
        .replace(/\s+(noches?|nights?)$/, '');
      const nights = readCount(typed);
      if (nights !== undefined && /^\S+$/.test(typed)) {
        if (nights < 1) return { error: m.checkOutBefore(formatDate(checkIn, lang)) };
        if (nights > MAX_NIGHTS) return { error: m.tooLong };
        return { event: { type: 'date.pick', date: addDays(checkIn, nights) } };
      }
      return readDay(text, lang, today, available, (date) =>
        date <= checkIn ? m.checkOutBefore(formatDate(checkIn, lang)) : m.tooLong,
      );
    },
  };
};

const activityView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const flow = flowOf(context);
  const stay = daysFrom(flow.checkIn!, nightsBetween(flow.checkIn!, flow.checkOut!) + 1);
  const stayWords = `${formatDate(flow.checkIn!, lang)} – ${formatDate(flow.checkOut!, lang)}`;
  const options = [...dateButtons(stay.slice(0, 8), lang), ...navigation(lang)];
  return {
    text: m.activity(stayWords),
    expects: 'date',
    calendar: { available: stay },
    options,
    readText: (text) =>
      readDay(text, lang, packageToday(context, deps), stay, (date) =>
        m.outsideStay(formatDate(date, lang, 'long'), stayWords),
      ),
  };
};

/** Guards of the date picks (the views only offer and read days that pass them). */
export const checkOutAccepted = ({
  context,
  event,
}: {
  context: BookingContext;
  event: BookingEvent;
}) => {
  const checkIn = context.packages?.checkIn;
  if (event.type !== 'date.pick' || !checkIn || !isIsoDate(event.date)) return false;
  const nights = nightsBetween(checkIn, event.date);
  return nights >= 1 && nights <= MAX_NIGHTS;
};

export const activityAccepted = ({
  context,
  event,
}: {
  context: BookingContext;
  event: BookingEvent;
}) => {
  const { checkIn, checkOut } = context.packages ?? {};
  return (
    event.type === 'date.pick' &&
    checkIn !== undefined &&
    checkOut !== undefined &&
    event.date >= checkIn &&
    event.date <= checkOut
  );
};

export const datesState = booking.createStateConfig({
  initial: 'checkIn',
  states: {
    checkIn: {
      meta: { view: checkInView },
      on: {
        'date.pick': {
          guard: 'checkInIsDate',
          target: 'checkOut',
          actions: assign({
            packages: ({ context, event }) => ({
              ...flowOf(context),
              checkIn: event.date,
              checkOut: undefined,
              activityDate: undefined,
            }),
          }),
        },
        'nav.back': { target: '#booking.packages.people.more' },
      },
    },
    checkOut: {
      meta: { view: checkOutView },
      on: {
        'date.pick': {
          guard: checkOutAccepted,
          target: 'activity',
          actions: assign({
            packages: ({ context, event }) => ({
              ...flowOf(context),
              checkOut: event.date,
              activityDate: undefined,
            }),
          }),
        },
        'nav.back': { target: 'checkIn' },
      },
    },
    activity: {
      meta: { view: activityView },
      on: {
        'date.pick': {
          guard: activityAccepted,
          target: '#booking.packages.ready',
          actions: assign({
            packages: ({ context, event }) => ({
              ...flowOf(context),
              activityDate: event.date,
              filters: {},
              filterKind: undefined,
              page: 1,
              sort: 1 as const,
              results: undefined,
              quote: undefined,
            }),
          }),
        },
        'nav.back': { target: 'checkOut' },
      },
    },
  },
});
