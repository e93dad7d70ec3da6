/**
 * Why a choice is refused, in words: the quantity's bounds (shared by the product card and
 * the quantity step) and a day asked for that cannot be had (a message's date, a combined
 * product's day): passed, not on sale yet, closed, or sold for the purchase day only.
 */
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { Provider } from '#src/domain/catalog-shapes.js';
import { groupLimit, groupVerdict } from '#src/domain/groups.js';
import type { Draft } from '#flows/booking/types.js';
import { personLabel } from '#src/domain/people.js';
import { quantityBounds, type ChoiceProblem } from './bounds.js';
import { nearestDates } from './dates.js';
import { formatDate } from './format.js';

const messages = defineMessages({
  es: {
    minimum: (n: number) => `Se vende a partir de ${n} por compra.`,
    inCart: (people: number) => ` (ya tienes ${people} en el carrito de este proveedor)`,
    groupsOnly: (limit: number, min: number, inCart: string) =>
      `Solo se vende a grupos: la compra debe sumar más de ${limit} personas${inCart}, así que elige al menos ${min}.`,
    groupMax: (limit: number, max: number, inCart: string) =>
      `No se aceptan grupos de más de ${limit} personas${inCart}: como mucho ${max}.`,
    capacity: (max: number) => `Quedan plazas para ${max} ese día.`,
    session: (max: number) => `Quedan plazas para ${max} en esa sesión.`,
    cap: (max: number) => `Por aquí se pueden reservar hasta ${max} a la vez.`,
    blockedGroup: (limit: number, inCart: string) =>
      `No se puede añadir más de este proveedor: se superaría el límite de ${limit} personas por grupo${inCart}.`,
    blockedCapacity: 'No quedan plazas suficientes ese día. Elige otra fecha.',
    blockedSession: 'No quedan plazas suficientes en esa sesión. Elige otra.',
    none: 'Elige al menos una entrada.',
    notFor: (n: number) => `No puede ser para ${n}.`,
    placeGroupMax: (provider: string, limit: number, people: number, person: string) =>
      `${provider} vende como mucho ${limit} personas por compra: un grupo de ${people} no se puede reservar por aquí. Para un grupo, escribe ${person}.`,
    placeGroupsOnly: (provider: string, limit: number, people: number) =>
      `${provider} solo vende a grupos de más de ${limit} personas por compra: para ${people} no puede ser.`,
    typeMinimum: (type: string, n: number) => `${type}: se vende a partir de ${n} por compra.`,
    typeCapacity: (type: string, max: number) => `${type}: quedan plazas para ${max} ese día.`,
    groupPeople: (limit: number, min: number, inCart: string) =>
      `Solo se vende a grupos: la compra debe sumar más de ${limit} personas${inCart}; faltan ${min}.`,
    past: (date: string) => `El ${date} ya ha pasado.`,
    passedThisYear: (date: string, year: number, typed: string) =>
      `El ${date} ya ha pasado. Si es el de ${year}, escríbelo con el año: «${typed}».`,
    notYet: (date: string, until: string) =>
      `El ${date} aún no está a la venta: por ahora se vende hasta el ${until}.`,
    closed: (date: string) =>
      `El ${date} no está a la venta: ese día está cerrado o no tiene sesiones.`,
    rangeClosed: (from: string, to: string) =>
      `Del ${from} al ${to} no está a la venta: está cerrado o no tiene sesiones.`,
    noneLeft: 'No quedan fechas a la venta para este producto.',
    nearest: (dates: string) => `Las fechas disponibles más cercanas: ${dates}.`,
    onlyToday: (today: string, asked: string) =>
      `Este producto solo se vende para el día de la compra: hoy, ${today} (no para el ${asked}). ¿Lo quieres para hoy?`,
  },
  en: {
    minimum: (n: number) => `Sold from ${n} per purchase.`,
    inCart: (people: number) => ` (you already have ${people} from this provider in your cart)`,
    groupsOnly: (limit: number, min: number, inCart: string) =>
      `Sold to groups only: the purchase must add up to more than ${limit} people${inCart}, so choose at least ${min}.`,
    groupMax: (limit: number, max: number, inCart: string) =>
      `Groups of more than ${limit} people are not accepted${inCart}: at most ${max}.`,
    capacity: (max: number) => `There are places left for ${max} that day.`,
    session: (max: number) => `There are places left for ${max} in that session.`,
    cap: (max: number) => `Up to ${max} can be booked here at once.`,
    blockedGroup: (limit: number, inCart: string) =>
      `Nothing more can be added from this provider: it would go over its group limit of ${limit} people${inCart}.`,
    blockedCapacity: 'There are not enough places left that day. Please choose another date.',
    blockedSession: 'There are not enough places left in that session. Please choose another.',
    none: 'Choose at least one ticket.',
    notFor: (n: number) => `It cannot be for ${n}.`,
    placeGroupMax: (provider: string, limit: number, people: number, person: string) =>
      `${provider} sells at most ${limit} people per purchase: a group of ${people} cannot be booked here. For a group, type ${person}.`,
    placeGroupsOnly: (provider: string, limit: number, people: number) =>
      `${provider} sells only to groups of more than ${limit} people per purchase: it cannot be for ${people}.`,
    typeMinimum: (type: string, n: number) => `${type}: sold from ${n} per purchase.`,
    typeCapacity: (type: string, max: number) =>
      `${type}: there are places left for ${max} that day.`,
    groupPeople: (limit: number, min: number, inCart: string) =>
      `Sold to groups only: the purchase must add up to more than ${limit} people${inCart}; ${min} more needed.`,
    past: (date: string) => `${date} has already passed.`,
    passedThisYear: (date: string, year: number, typed: string) =>
      `${date} has already passed. If you mean ${year}'s, type it with the year: "${typed}".`,
    notYet: (date: string, until: string) =>
      `${date} is not on sale yet: for now it is sold until ${until}.`,
    closed: (date: string) =>
      `${date} is not on sale: the place is closed or has no sessions that day.`,
    rangeClosed: (from: string, to: string) =>
      `From ${from} to ${to} it is not on sale: the place is closed or has no sessions.`,
    noneLeft: 'There are no dates left on sale for this product.',
    nearest: (dates: string) => `The nearest available dates: ${dates}.`,
    onlyToday: (today: string, asked: string) =>
      `This product is only sold for the day of purchase: today, ${today} (not ${asked}). Would you like it for today?`,
  },
});

const inCartText = (draft: Draft, lang: Lang) => {
  const people = draft.product.rules?.group?.peopleInCart ?? 0;
  return people > 0 ? messages(lang).inCart(people) : '';
};

/** Sentences for the quantity question: the minimum and what limits the maximum. */
export function limitsText(draft: Draft, lang: Lang): string {
  const m = messages(lang);
  const { min, max, binding } = quantityBounds(draft);
  const group = draft.product.rules?.group;
  const sentences: string[] = [];
  if (group?.groupsOnly) sentences.push(m.groupsOnly(group.limit, min, inCartText(draft, lang)));
  else if (min > 1) sentences.push(m.minimum(min));
  if (binding === 'group' && group)
    sentences.push(m.groupMax(group.limit, max, inCartText(draft, lang)));
  if (binding === 'capacity') sentences.push(m.capacity(max));
  if (binding === 'session') sentences.push(m.session(max));
  return sentences.join(' ');
}

/** Why nothing can be bought (max below min), or undefined when something can. */
export function blockedText(draft: Draft, lang: Lang): string | undefined {
  const m = messages(lang);
  const { min, max, binding } = quantityBounds(draft);
  if (max >= min) return undefined;
  if (binding === 'capacity') return m.blockedCapacity;
  if (binding === 'session') return m.blockedSession;
  return m.blockedGroup(draft.product.rules?.group?.limit ?? max, inCartText(draft, lang));
}

/** Why a typed quantity is refused. */
export function outOfRangeText(draft: Draft, lang: Lang, quantity: number): string {
  const m = messages(lang);
  const { min, max, binding } = quantityBounds(draft);
  const group = draft.product.rules?.group;
  if (quantity < min) {
    return group?.groupsOnly
      ? m.groupsOnly(group.limit, min, inCartText(draft, lang))
      : m.minimum(min);
  }
  if (binding === 'group' && group) return m.groupMax(group.limit, max, inCartText(draft, lang));
  if (binding === 'capacity') return m.capacity(max);
  if (binding === 'session') return m.session(max);
  return m.cap(max);
}

/**
 * A quantity a message said for a product outside its bounds, refused before any day is
 * asked: what cannot be, and the limits (the same words as the quantity step's).
 */
export function wishOutOfRangeText(draft: Draft, lang: Lang, quantity: number): string {
  return `${messages(lang).notFor(quantity)} ${outOfRangeText(draft, lang, quantity)}`;
}

/**
 * How many people a message said for a place (a provider) when its group rule refuses
 * them (src/domain/groups.ts): more than its threshold where it does not sell to groups,
 * or not more where it sells only to groups; undefined when they may be sold. Said as the
 * place is shown, before any product or day is asked.
 */
export function placeGroupText(
  provider: Pick<Provider, 'providerName' | 'isForGroups' | 'limitOfNumberOfPeopleToBeGroup'>,
  people: number | undefined,
  lang: Lang,
): string | undefined {
  const limit = groupLimit(provider, []);
  if (people === undefined || limit === undefined) return undefined;
  const verdict = groupVerdict({ limit, groupsOnly: provider.isForGroups }, people);
  if (verdict.ok) return undefined;
  const m = messages(lang);
  return verdict.reason === 'groups-only'
    ? m.placeGroupsOnly(provider.providerName, limit, people)
    : m.placeGroupMax(
        provider.providerName,
        limit,
        people,
        lang === 'es' ? '«hablar con una persona»' : '"talk to a person"',
      );
}

/** Why a choice of ticket types is refused (bounds.ts, choiceProblem). */
export function choiceProblemText(draft: Draft, problem: ChoiceProblem, lang: Lang): string {
  const m = messages(lang);
  const limit = draft.product.rules?.group?.limit ?? 0;
  switch (problem.why) {
    case 'none':
      return m.none;
    case 'minimum':
      return m.typeMinimum(personLabel(problem.offer.kind, undefined, lang), problem.offer.minimum);
    case 'groupsOnly':
      return m.groupPeople(limit, problem.min, inCartText(draft, lang));
    case 'group':
      return m.groupMax(limit, problem.max, inCartText(draft, lang));
    case 'capacity':
      return m.typeCapacity(personLabel(problem.offer.kind, undefined, lang), problem.max);
    case 'session':
      return m.session(problem.max);
    case 'cap':
      return m.cap(problem.max);
  }
}

export type AskedDay =
  { kind: 'date'; date: IsoDate; passed?: IsoDate } | { kind: 'range'; from: IsoDate; to: IsoDate };

/**
 * A day asked that has passed (before the provider's today), or undefined; a day and month
 * said without a year whose day this year passed lately ("el 3 de mayo" in June) is asked
 * about, never taken as next year's unsaid.
 */
export function pastText(asked: AskedDay, today: IsoDate, lang: Lang): string | undefined {
  if (asked.kind === 'date' && asked.passed !== undefined)
    return passedText(asked.date, asked.passed, lang);
  const last = asked.kind === 'date' ? asked.date : asked.to;
  return last < today ? messages(lang).past(formatDate(last, lang, 'long')) : undefined;
}

/** "El 3 de mayo de 2026 ya ha pasado. Si es el de 2027, escríbelo con el año: «3/5/2027»." */
export function passedText(next: IsoDate, passed: IsoDate, lang: Lang): string {
  const [year, month, day] = next.split('-').map(Number) as [number, number, number];
  return messages(lang).passedThisYear(
    formatDate(passed, lang, 'long'),
    year,
    lang === 'es' ? `${day}/${month}/${year}` : `${day}/${month}/${year}`,
  );
}

/**
 * Why a day asked is not among the days on sale (`dates`, from today on): after the last
 * of them, not on sale yet; else closed or without sessions, with the nearest days.
 */
export function dayRefusedText(asked: AskedDay, dates: readonly IsoDate[], lang: Lang): string {
  const m = messages(lang);
  const long = (date: IsoDate) => formatDate(date, lang, 'long');
  const first = asked.kind === 'date' ? asked.date : asked.from;
  const last = dates.at(-1);
  if (last === undefined) return m.noneLeft;
  if (asked.kind === 'date' && asked.passed !== undefined)
    return passedRefusedText(asked.date, asked.passed, dates, lang);
  if (first > last) return m.notYet(long(first), long(last));
  const why =
    asked.kind === 'date'
      ? m.closed(long(asked.date))
      : m.rangeClosed(long(asked.from), long(asked.to));
  const near = nearestDates(dates, first).map((date) => formatDate(date, lang));
  return `${why} ${m.nearest(near.join('; '))}`;
}

/**
 * "El 3 de mayo" in June for a product: this year's passed; next year's suggested only when
 * it is on sale, else the nearest days on sale offered.
 */
export function passedRefusedText(
  next: IsoDate,
  passed: IsoDate,
  dates: readonly IsoDate[],
  lang: Lang,
): string {
  if (dates.includes(next)) return passedText(next, passed, lang);
  const m = messages(lang);
  const why = m.past(formatDate(passed, lang, 'long'));
  const near = nearestDates(dates, passed).map((date) => formatDate(date, lang));
  return near.length > 0 ? `${why} ${m.nearest(near.join('; '))}` : `${why} ${m.noneLeft}`;
}

/** A product sold for the purchase day only, asked for another day: offered for today. */
export function onlyTodayText(today: IsoDate, asked: AskedDay, lang: Lang): string {
  const long = (date: IsoDate) => formatDate(date, lang, 'long');
  return messages(lang).onlyToday(
    long(today),
    long(asked.kind === 'date' ? asked.date : asked.from),
  );
}
