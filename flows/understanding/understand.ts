/**
 * The understanding of one typed message: what the customer wants (an intent) and what
 * of a booking it already says (slots), each with the words it was read from. Pure and
 * offline: the provider-local `today` and a product finder over the catalog are passed
 * in, so the same message on the same day always reads the same.
 *
 * Readers take words in turn, so none is read twice: the intent's words first ("hablar
 * con una persona" is not one person), then the session time ("a las 11" is not a
 * quantity), the date ("el 15" is not a quantity), the quantities, and what is left names
 * the product or the place.
 */
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import { readDate, type DateReading } from './dates.js';
import { COMMAND_INTENTS, onlyFiller, readIntent, type Intent } from './intents.js';
import { clearLanguage, detectLanguage, readLanguage } from './language.js';
import { readQuantities, sumQuantities, ticketType, type TicketType } from './quantities.js';
import { Words } from './spans.js';
import { readDaypart, readTime, type Daypart } from './times.js';
import { words as foldWords } from './text.js';

export type { Intent, TicketType, DateReading, Daypart };

/** A product or combined product of the catalog as the finder found it. */
export interface FoundProduct {
  kind: 'product' | 'combined';
  id: string;
  providerId: string;
  name: string;
  score: number;
  /**
   * The product of each ticket type of this product (the catalog's products that differ
   * only by whom the ticket is for: src/domain/people.ts), when it has types.
   */
  types?: Partial<Record<TicketType, string>>;
}

/**
 * The one ticket type a product's name names ("Entrada adulto"), or undefined: none, or
 * several ("Family pack (2 adults + 2 children)" is no one type's product).
 */
export function nameTicketType(name: string): TicketType | undefined {
  let named: TicketType | undefined;
  for (const word of foldWords(name)) {
    const type = ticketType(word);
    if (type === undefined || type === named) continue;
    if (named !== undefined) return undefined;
    named = type;
  }
  return named;
}

/**
 * A finder's list may tell the ticket type each product's name names (null: none;
 * undefined: read it from the name), worked out ahead, without the product being made: a
 * message naming one type reads every hit's name, and a common word's list has 50,000
 * products, made when read (src/domain/lazy-list.ts).
 */
type NameTypes = (at: number) => TicketType | null | undefined;
const nameTypesOf = new WeakMap<readonly FoundProduct[], NameTypes>();

/** `products`, telling each one's name type by `column` (the same list, for the finder). */
export function withNameTypes(products: FoundProduct[], column: NameTypes): FoundProduct[] {
  nameTypesOf.set(products, column);
  return products;
}

/** The hits whose names name `type`, and it alone, in order. */
function namingType(hits: FoundProduct[], type: TicketType): FoundProduct[] {
  const column = nameTypesOf.get(hits);
  if (!column) return hits.filter((hit) => nameTicketType(hit.name) === type);
  const typed: FoundProduct[] = [];
  for (let at = 0; at < hits.length; at += 1) {
    const named = column(at);
    if (named === type || (named === undefined && nameTicketType(hits[at]!.name) === type))
      typed.push(hits[at]!);
  }
  return typed;
}

/** Searches the catalog's products by the words left of a message (best first). */
export type ProductFinder = (query: string) => FoundProduct[];

export interface Slot<T> {
  value: T;
  /** The words it was read from (folded). */
  matched: string;
}

export interface Slots {
  product?: Slot<{ kind: 'product' | 'combined'; id: string; providerId: string; name: string }>;
  /** A provider, when the words name a place and not one of its products. */
  place?: Slot<{ providerId: string }>;
  date?: Slot<DateReading>;
  /** A session time, "HH:MM". */
  time?: Slot<string>;
  /** A part of the day said without an hour ("por la tarde", "in the morning"). */
  daypart?: Slot<Daypart>;
  /** How many of each ticket type. */
  tickets?: Slot<Partial<Record<TicketType, number>>>;
  /** How many, without a type. */
  quantity?: Slot<number>;
  people?: Slot<number>;
  /**
   * Ticket types sold as products of their own ("2 adultos y 1 niño al museo": the
   * adults' product and the children's, types of one another), each with its quantity,
   * in the order said.
   */
  perType?: Slot<{ type: TicketType; productId: string; quantity: number }[]>;
}

export interface Understanding {
  intent?: Intent;
  /** The whole message is a command in words ("cancelar", "start over", "hola"). */
  command: boolean;
  /** The language a change of language asks for. */
  to?: Lang;
  /** The language the message is clearly written in. */
  language?: Lang;
  slots: Slots;
  /** Words no reader took. */
  rest: string[];
}

export interface UnderstandOptions {
  /** The provider-local today the dates are read from. */
  today: IsoDate;
  finder?: ProductFinder;
}

/** A product is the one found when it alone matches, or clearly outscores the next. */
const CLEAR_LEAD = 1.5;

function pickProduct(
  hits: FoundProduct[],
  tickets: Partial<Record<TicketType, number>> | undefined,
) {
  let candidates = hits;
  // "2 entradas de adulto para el museo": of the place's products, the adults' one.
  const types = tickets ? (Object.keys(tickets) as TicketType[]) : [];
  if (types.length === 1) {
    // Names of that type only: "Family pack (2 adults + 2 children)" is not the adults'.
    const typed = namingType(hits, types[0]!);
    if (typed.length > 0) candidates = typed;
  }
  const [first, second] = candidates;
  if (first && (!second || first.score >= second.score * CLEAR_LEAD)) return first;
  return undefined;
}

/**
 * With several ticket types at one place, the place's best product whose ticket types
 * (FoundProduct.types, the catalog's rule) include every type said, and the product of
 * each type; undefined when none has them all.
 */
function productsPerType(
  hits: FoundProduct[],
  tickets: Partial<Record<TicketType, number>> | undefined,
) {
  const types = tickets ? (Object.entries(tickets) as [TicketType, number][]) : [];
  if (types.length < 2 || hits.length === 0) return undefined;
  const place = hits[0]!.providerId;
  const found = hits.find(
    (hit) =>
      hit.providerId === place &&
      hit.kind === 'product' &&
      types.every(([type]) => hit.types?.[type] !== undefined),
  );
  return found?.types === undefined
    ? undefined
    : types.map(([type, quantity]) => ({ type, productId: found.types![type]!, quantity }));
}

export function understand(text: string, options: UnderstandOptions): Understanding {
  const words = new Words(foldWords(text));
  const slots: Slots = {};

  const intentSpan = readIntent(words);
  const timeSpan = readTime(words);
  if (timeSpan)
    slots.time = { value: timeSpan.value, matched: words.text(timeSpan.start, timeSpan.length) };
  const partSpan = timeSpan ? undefined : readDaypart(words);
  if (partSpan)
    slots.daypart = { value: partSpan.value, matched: words.text(partSpan.start, partSpan.length) };
  const dateSpan = readDate(words, options.today, text);
  if (dateSpan)
    slots.date = { value: dateSpan.value, matched: words.text(dateSpan.start, dateSpan.length) };
  const counted = readQuantities(words);
  const quantities = sumQuantities(counted);
  const countedText = counted.map((span) => words.text(span.start, span.length)).join(', ');
  if (quantities.tickets) slots.tickets = { value: quantities.tickets, matched: countedText };
  if (quantities.quantity !== undefined)
    slots.quantity = { value: quantities.quantity, matched: countedText };
  if (quantities.people !== undefined)
    slots.people = { value: quantities.people, matched: countedText };

  const rest = words.rest();
  if (options.finder && !onlyFiller(rest)) {
    const query = rest.join(' ');
    const hits = options.finder(query);
    const perType = productsPerType(hits, quantities.tickets);
    if (perType) slots.perType = { value: perType, matched: query };
    const product = perType ? undefined : pickProduct(hits, quantities.tickets);
    if (product) {
      const { kind, id, providerId, name } = product;
      slots.product = { value: { kind, id, providerId, name }, matched: query };
    } else if (hits.length > 0 && hits.every((hit) => hit.providerId === hits[0]!.providerId)) {
      slots.place = { value: { providerId: hits[0]!.providerId }, matched: query };
    }
  }

  const booking = Object.keys(slots).length > 0;
  const said = intentSpan?.value.intent;
  const intent: Intent | undefined =
    booking && (said === undefined || said === 'greeting' || said === 'book') ? 'book' : said;
  const command =
    intentSpan !== undefined &&
    COMMAND_INTENTS.has(intentSpan.value.intent) &&
    !booking &&
    onlyFiller(rest, intentSpan.value.intent);
  const language = detectLanguage(words.list);
  return {
    ...(intent ? { intent } : {}),
    command,
    ...(intentSpan?.value.to ? { to: intentSpan.value.to } : {}),
    ...(language ? { language } : {}),
    slots,
    rest,
  };
}

/**
 * Messages none of our readers finds a date in, so that each reaches chrono-node: in
 * both string widths V8 keeps (one byte per character, and two: the ’ below).
 */
export const WARM_UP_MESSAGES = ['visita guiada 2', 'museum tickets', 'visita ’guiada’'];

/**
 * Reads a few messages twice, for a process to call before it takes updates. chrono-node's
 * patterns are large regular expressions that V8 compiles to machine code at their second
 * use, once per string width: a few hundred milliseconds of CPU that the first customers
 * typing a search would otherwise wait for. The day is fixed: what is read is thrown away.
 */
export function warmUp(): void {
  for (let round = 0; round < 2; round += 1) {
    for (const text of WARM_UP_MESSAGES) understand(text, { today: '2026-01-15' as IsoDate });
  }
}

/** How many units a booking asks for in all: per type, or in all, or people. */
export function totalQuantity(slots: Slots): number | undefined {
  if (slots.tickets) return Object.values(slots.tickets.value).reduce((sum, n) => sum + n, 0);
  return slots.quantity?.value ?? slots.people?.value;
}

/**
 * The command a whole message says in words ("cancelar", "menú", "start over", "hola",
 * "en inglés por favor"), or undefined when the message says more than a command.
 */
export function readCommand(text: string): Command | undefined {
  // A turn asks this of the same message up to four times (the engine: a language asked
  // for, a greeting or a "cancelar" to ask about; the interpreter: a command in words);
  // the answer is the text's alone, so the last one is kept.
  if (text !== lastCommand.text) lastCommand = { text, read: commandIn(text) };
  return lastCommand.read;
}

type Command = Readonly<{ intent: Intent; to?: Lang }>;

let lastCommand: { text: string | undefined; read: Command | undefined } = {
  text: undefined,
  read: undefined,
};

function commandIn(text: string): Command | undefined {
  const words = new Words(foldWords(text));
  const span = readIntent(words);
  if (
    !span ||
    !COMMAND_INTENTS.has(span.value.intent) ||
    !onlyFiller(words.rest(), span.value.intent)
  )
    return undefined;
  return span.value;
}

/**
 * The language a message asks for besides saying more ("in English please: 2 entradas
 * para el museo el sábado"): both are meant, the language first.
 */
export function languageAskedWithMore(text: string): Lang | undefined {
  if (readCommand(text) !== undefined) return undefined;
  const span = readIntent(new Words(foldWords(text)));
  if (span?.value.intent !== 'language' || span.value.to === undefined) return undefined;
  // Only beside a booking's values (a day, how many): "inglés, gracias" at a question of
  // the tour's language is an answer.
  const said = understand(text, { today: '2000-01-01' as IsoDate }).slots;
  return Object.keys(said).length > 0 ? span.value.to : undefined;
}

/** The language a message is clearly written in ("quiero dos entradas", "two tickets please"). */
export const languageOf = (text: string): Lang | undefined => clearLanguage(foldWords(text));

/** What an answer of how many of each ticket type says: per type, or numbers in order. */
export type TypeCounts =
  | { kind: 'typed'; tickets: Partial<Record<TicketType, number>> }
  | { kind: 'ordered'; counts: number[] };

const JOINING = new Set(['y', 'e', 'and', 'plus', 'mas']);

/**
 * How many of each ticket type an answer says: per type ("2 adultos y 1 niño", "two
 * adults and a child"), or bare numbers in the order the types are shown ("2 y 1", "2 and
 * 1"); undefined when it says something else.
 */
export function readTypeCounts(text: string): TypeCounts | undefined {
  const words = new Words(foldWords(text));
  const spans = readQuantities(words);
  const rest = words.rest();
  if (spans.length === 0 || !rest.every((word) => JOINING.has(word) || onlyFiller([word])))
    return undefined;
  if (spans.every((span) => span.value.tickets !== undefined))
    return { kind: 'typed', tickets: sumQuantities(spans).tickets! };
  if (spans.every((span) => span.value.quantity !== undefined))
    return { kind: 'ordered', counts: spans.map((span) => span.value.quantity!) };
  return undefined;
}
/** The language a message leans to, and whether clearly (steps/language.ts says what follows). */
export const languageRead = (text: string) => readLanguage(foldWords(text));
/**
 * Words that say whom a visit is for ("kids", "niños", "family"): a message of only these
 * asks to see what there is for them, never the one product whose name has the word.
 */
const AUDIENCE = new Set([
  'nino',
  'ninos',
  'nina',
  'ninas',
  'infantil',
  'infantiles',
  'peques',
  'child',
  'children',
  'kid',
  'kids',
  'familia',
  'familias',
  'familiar',
  'family',
  'families',
]);

export const audienceOnly = (rest: readonly string[]) =>
  rest.some((word) => AUDIENCE.has(word)) &&
  rest.every((word) => AUDIENCE.has(word) || onlyFiller([word]));
