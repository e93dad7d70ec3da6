/**
 * How many, in a message: per ticket type ("2 adultos y 1 niño", "two adult tickets"),
 * in all ("3 entradas", "un par de entradas", "a couple of tickets", "veinte"), or as a
 * number of people ("para 3 personas", "somos 4", "we are 4").
 */
import { ARTICLES, readNumber } from './numbers.js';
import type { Span, Words } from './spans.js';
import { closestValue } from './text.js';
import { wordTable } from './text.js';

export type TicketType = 'adult' | 'child' | 'senior' | 'baby';

const TYPES: Readonly<Record<string, TicketType>> = wordTable({
  adulto: 'adult',
  adultos: 'adult',
  adulta: 'adult',
  adultas: 'adult',
  adult: 'adult',
  adults: 'adult',
  grownup: 'adult',
  grownups: 'adult',
  nino: 'child',
  ninos: 'child',
  nina: 'child',
  ninas: 'child',
  infantil: 'child',
  infantiles: 'child',
  child: 'child',
  children: 'child',
  kid: 'child',
  kids: 'child',
  crio: 'child',
  crios: 'child',
  peques: 'child',
  senior: 'senior',
  seniors: 'senior',
  jubilado: 'senior',
  jubilados: 'senior',
  jubilada: 'senior',
  jubiladas: 'senior',
  pensioner: 'senior',
  pensioners: 'senior',
  bebe: 'baby',
  bebes: 'baby',
  baby: 'baby',
  babies: 'baby',
});

const UNITS = new Set([
  'entrada',
  'entradas',
  'ticket',
  'tickets',
  'billete',
  'billetes',
  'plaza',
  'plazas',
  'pase',
  'pases',
  'pass',
  'passes',
  'unidad',
  'unidades',
  'x',
]);

const PEOPLE = new Set([
  'persona',
  'personas',
  'people',
  'person',
  'persons',
  'pax',
  'visitantes',
  'visitors',
]);

/** Words after which a number is a length of something, not how many. */
const MEASURES = new Set(
  'dia dias day days noche noches night nights hora horas hour hours minutos minutes km cm anos years'.split(
    ' ',
  ),
);

/** Words after which a bare number is how many ("quiero 2", "give me 3"). */
const ASKING = new Set(
  'quiero queremos quisiera necesito necesitamos dame danos reservar comprar y want need give me us book buy and'.split(
    ' ',
  ),
);

export interface Quantities {
  /** Per ticket type, when the message names types. */
  tickets?: Partial<Record<TicketType, number>>;
  /** Units without a type ("3 entradas"). */
  quantity?: number;
  /** "para 3 personas", "somos 4". */
  people?: number;
}

/** The ticket type a word names, one typo away ("adultso"). */
export function ticketType(word: string | undefined): TicketType | undefined {
  if (word === undefined) return undefined;
  return closestValue(word, TYPES);
}

const isUnit = (word: string | undefined) => word !== undefined && UNITS.has(word);
const isPeople = (word: string | undefined) => word !== undefined && PEOPLE.has(word);

/**
 * Reads every count of the message; their words are taken. Bare numbers count only when
 * nothing else in the message is a count and they are small enough to be one (≤ 99).
 */
export function readQuantities(words: Words): Span<Quantities>[] {
  const spans: Span<Quantities>[] = [];
  for (let at = 0; at < words.list.length; at += 1) {
    if (words.used[at]) continue;
    const word = words.list[at]!;
    // somos 4 / we are 4 / para 3 (personas)
    if ((word === 'somos' || (word === 'we' && words.free(at + 1) === 'are')) && !words.used[at]) {
      const numberAt = word === 'somos' ? at + 1 : at + 2;
      const count =
        words.free(numberAt) !== undefined ? readNumber(words.list, numberAt) : undefined;
      if (count && !ARTICLES.has(words.list[numberAt]!)) {
        let length = numberAt - at + count.length;
        // "somos 3 adultos": how many of that type.
        const type = ticketType(words.free(at + length));
        if (type !== undefined) {
          words.take(at, length + 1);
          spans.push({
            start: at,
            length: length + 1,
            value: { tickets: { [type]: count.value } },
          });
          continue;
        }
        if (isPeople(words.free(at + length))) length += 1;
        words.take(at, length);
        spans.push({ start: at, length, value: { people: count.value } });
        continue;
      }
    }
    const count = readNumber(words.list, at);
    if (!count) continue;
    if ([...Array(count.length).keys()].some((i) => words.used[at + i])) continue;
    let end = at + count.length;
    const article = count.length === 1 && ARTICLES.has(word);
    // "2 entradas de adulto", "2 adultos", "two adult tickets", "3 personas"
    let type: TicketType | undefined;
    let unit = false;
    let people = false;
    for (let step = 0; step < 3; step += 1) {
      const next = words.free(end);
      if (next === undefined) break;
      if (!unit && isUnit(next)) {
        unit = true;
        end += 1;
      } else if (!type && ticketType(next)) {
        type = ticketType(next);
        end += 1;
      } else if (!people && isPeople(next)) {
        people = true;
        end += 1;
      } else if (
        (next === 'de' || next === 'of') &&
        unit &&
        !type &&
        ticketType(words.free(end + 1))
      ) {
        end += 1;
      } else break;
    }
    // "un", "una", "a" count only before what is counted ("una entrada"); so do big numbers.
    if (article && !unit && !type && !people) continue;
    if (!unit && !type && !people && count.value > 99) continue;
    // "2 días", "two-day pass", "12 km": a length, not how many.
    if (MEASURES.has(words.list[end] ?? '')) continue;
    // A bare number after a name is part of it ("Actividad 17", "Pase 2 días"): it counts
    // only first in the message or after a word that asks for something ("quiero 2").
    const before = words.list[at - 1];
    if (
      !unit &&
      !type &&
      !people &&
      before !== undefined &&
      !ASKING.has(before) &&
      before !== 'para' &&
      before !== 'for'
    )
      continue;
    // "para 3": the people, and "para" goes with them.
    const start =
      at > 0 &&
      (words.list[at - 1] === 'para' || words.list[at - 1] === 'for') &&
      !words.used[at - 1] &&
      (people || (!unit && !type))
        ? at - 1
        : at;
    const length = end - start;
    const value: Quantities = type
      ? { tickets: { [type]: count.value } }
      : people || start < at
        ? { people: count.value }
        : { quantity: count.value };
    words.take(start, length);
    spans.push({ start, length, value });
  }
  return spans;
}

/** The counts of a message put together: per type, in all, and people. */
export function sumQuantities(spans: readonly Span<Quantities>[]): Quantities {
  const out: Quantities = {};
  for (const { value } of spans) {
    if (value.tickets) {
      out.tickets ??= {};
      for (const [type, n] of Object.entries(value.tickets) as [TicketType, number][])
        out.tickets[type] = (out.tickets[type] ?? 0) + n;
    }
    if (value.quantity !== undefined) out.quantity = (out.quantity ?? 0) + value.quantity;
    if (value.people !== undefined) out.people = value.people;
  }
  return out;
}

/** Whether a word says what a number before it counts ("3 personas", "2 adults"). */
export const isCounted = (word: string | undefined) =>
  isUnit(word) || isPeople(word) || ticketType(word) !== undefined;
