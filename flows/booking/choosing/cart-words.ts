/**
 * The cart by text, from the cart and from the review of the order: "añade también 2
 * entradas para el acuario el sábado" opens that product with what it says, "quita la
 * entrada del niño" removes the line it names, "cambia a 3 adultos" makes that line 3
 * adults (the line removed and its product opened again on its day and session, the new
 * count taken), "vacía el carrito" removes every line. A line named ambiguously is asked
 * about with the lines it may be; what is not about the cart is the view's own to read.
 */
import type { Lang } from '#src/domain/lang.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import {
  personLabel,
  productPersonKind,
  ticketTypeSiblings,
  type PersonKind,
} from '#src/domain/people.js';
import { defineMessages } from '#src/i18n/messages.js';
import { readNumber } from '#flows/understanding/numbers.js';
import { ticketType } from '#flows/understanding/quantities.js';
import { words as foldWords } from '#flows/understanding/text.js';
import type { BookingContext, BookingEvent, CartLine, Wish } from '#flows/booking/types.js';
import {
  notUnderstoodText,
  type TextReading,
  type ViewDeps,
  type ViewFn,
} from '#flows/booking/view.js';
import { lineCarried } from './carried.js';
import { bookingEvent, readMessage, wishOf } from './wish.js';

const messages = defineMessages({
  es: {
    which: (lines: string) => `¿Qué línea? ${lines}. Dime su número, por ejemplo «quita la 2».`,
    none: 'No he encontrado esa línea en tu carrito. Dime su número, por ejemplo «quita la 1».',
    empty: 'Tu carrito ya está vacío.',
    addWhat: 'Dime qué añadir, por ejemplo «añade 2 entradas para el museo el sábado».',
    same: (what: string) => `Esa línea ya es de ${what}.`,
  },
  en: {
    which: (lines: string) => `Which line? ${lines}. Tell me its number, e.g. "remove 2".`,
    none: 'I did not find that line in your cart. Tell me its number, e.g. "remove 1".',
    empty: 'Your cart is already empty.',
    addWhat: 'Tell me what to add, e.g. "add 2 tickets for the museum on Saturday".',
    same: (what: string) => `That line is already ${what}.`,
  },
});

type Verb = 'add' | 'remove' | 'change' | 'empty';

const VERBS: Readonly<Record<string, Verb>> = {
  anade: 'add',
  anadir: 'add',
  anademe: 'add',
  agrega: 'add',
  agregar: 'add',
  mete: 'add',
  add: 'add',
  quita: 'remove',
  quitar: 'remove',
  quitame: 'remove',
  elimina: 'remove',
  eliminar: 'remove',
  borra: 'remove',
  borrar: 'remove',
  saca: 'remove',
  remove: 'remove',
  delete: 'remove',
  drop: 'remove',
  cambia: 'change',
  cambiar: 'change',
  cambialo: 'change',
  pon: 'change',
  ponlo: 'change',
  change: 'change',
  make: 'change',
  vacia: 'empty',
  vaciar: 'empty',
  empty: 'empty',
  clear: 'empty',
};

/** Whom a line is for, by its product (NumberOf…), or its name ("Entrada infantil"). */
function lineKind(line: CartLine, catalog: CatalogIndex): PersonKind | undefined {
  const entry = catalog.product(line.productId);
  const kind = entry ? productPersonKind(entry.product) : undefined;
  if (kind !== undefined) return kind;
  return foldWords(line.name)
    .map((word) => ticketType(word))
    .find((type) => type !== undefined);
}

/** The line a text names: by number ("la 2"), by whom it is for ("del niño"), by its name. */
function namedLines(text: string, lines: readonly CartLine[], catalog: CatalogIndex): CartLine[] {
  const words = foldWords(text);
  for (let at = 0; at < words.length; at += 1) {
    const number = readNumber(words, at);
    // "quita la 2", "remove line 1": a number that is a line's, not a count ("2 adultos").
    if (number && number.value >= 1 && number.value <= lines.length) {
      const next = words[at + number.length];
      if (next === undefined || next === 'linea' || next === 'line')
        return [lines[number.value - 1]!];
    }
  }
  const kinds = words.map((word) => ticketType(word)).filter((kind) => kind !== undefined);
  if (kinds.length > 0) {
    const byKind = lines.filter((line) => kinds.includes(lineKind(line, catalog) as never));
    if (byKind.length > 0) return byKind;
  }
  const named = lines.filter((line) => {
    const name = new Set(
      foldWords(line.name).filter((word) => word.length >= 4 && !COMMON.has(word)),
    );
    return words.some((word) => name.has(word));
  });
  return named;
}

/** Words that point at a line without naming one ("quita la entrada", "remove it"). */
const PLAIN = new Set(
  (
    'la el lo los las esa ese esta este eso it that this the one una un uno de del mi my ' +
    'del por favor please entrada entradas ticket tickets linea line carrito cart cesta'
  ).split(' '),
);

/** Words many lines' names share ("Entrada …"): they name no one line. */
const COMMON = new Set(
  'entrada entradas ticket tickets general linea line carrito cart admission pase pass'.split(' '),
);

const linesText = (lines: readonly CartLine[], all: readonly CartLine[]) =>
  lines.map((line) => `${all.indexOf(line) + 1}. ${line.name}`).join('; ');

/** The session's "HH:MM" of a line, when it has one. */
const lineTime = (line: CartLine) =>
  line.sessions.map((session) => /\b\d{1,2}:\d{2}\b/.exec(session.label)?.[0]).find(Boolean);

/** What a line was booked for: its day, its session's time, its party (by whom it is for). */
function lineWish(line: CartLine, catalog: CatalogIndex): Wish {
  const time = lineTime(line);
  const kind = lineKind(line, catalog);
  return {
    date: { kind: 'date', date: line.accessDate },
    ...(time ? { time: time.padStart(5, '0') } : {}),
    quantity: line.quantity,
    ...(kind !== undefined ? { types: { [kind]: line.quantity } } : {}),
  };
}

/** "cambia a 3 adultos": the line and the wish that books it again with the new count. */
function changeCount(
  text: string,
  context: BookingContext,
  deps: ViewDeps,
): TextReading | undefined {
  const lines = context.cart.lines;
  const reading = readMessage(text, deps);
  const wish = wishOf(reading);
  if (wish.quantity === undefined) return undefined;
  const kinds = Object.keys(wish.types ?? {}) as PersonKind[];
  const candidates =
    kinds.length === 1
      ? lines.filter((line) => lineKind(line, deps.catalog) === kinds[0])
      : lines.length === 1
        ? [...lines]
        : namedLines(text, lines, deps.catalog);
  const lang = context.language;
  const m = messages(lang);
  if (candidates.length === 0) return { error: m.none };
  if (candidates.length > 1) return { error: m.which(linesText(candidates, lines)) };
  const line = candidates[0]!;
  if (line.giftCard !== undefined || line.package !== undefined || line.parts !== undefined)
    return { error: m.none };
  if (line.quantity === wish.quantity) {
    const kind = lineKind(line, deps.catalog);
    return {
      error: m.same(kind ? personLabel(kind, undefined, lang, line.quantity) : `${line.quantity}`),
    };
  }
  const carried = lineCarried(line);
  const { quantity: _was, types: _whom, ...kept } = lineWish(line, deps.catalog);
  const again: Wish = {
    ...kept,
    quantity: wish.quantity,
    ...(kinds.length === 1 ? { types: { [kinds[0]!]: wish.quantity } } : {}),
  };
  return {
    event: {
      type: 'cart.requantity',
      cartItemId: line.cartItemId,
      productId: line.productId,
      wish: again,
      // Fewer visitors: the first ones keep their answers; more: only the new are asked.
      ...(carried ? { carried } : {}),
    },
  };
}

/**
 * "añade una entrada de niño" naming no product: the ticket type's product among the
 * cart's ticket types (its lines one product's adult, child… tickets on one day), on that
 * day and session. Undefined when the cart holds more than that or the type has none.
 */
function sameDayType(
  wish: Wish,
  lines: readonly CartLine[],
  catalog: CatalogIndex,
): BookingEvent | undefined {
  const kinds = Object.keys(wish.types ?? {}) as PersonKind[];
  const first = lines[0];
  if (kinds.length !== 1 || first === undefined) return undefined;
  if (lines.some((line) => line.giftCard !== undefined || line.package !== undefined))
    return undefined;
  if (lines.some((line) => line.accessDate !== first.accessDate)) return undefined;
  const entry = catalog.product(first.productId);
  if (entry === undefined) return undefined;
  const siblings = ticketTypeSiblings(entry.base, entry.product);
  const ids = new Set(siblings.map((sibling) => sibling.productId));
  if (lines.some((line) => !ids.has(line.productId))) return undefined;
  const wanted = siblings.find((sibling) => productPersonKind(sibling) === kinds[0]);
  if (wanted === undefined) return undefined;
  const quantity = wish.types![kinds[0]!]!;
  const time = lineTime(first);
  return {
    type: 'wish',
    productId: wanted.productId,
    wish: {
      date: { kind: 'date', date: first.accessDate },
      ...(time ? { time: time.padStart(5, '0') } : {}),
      quantity,
      types: { [kinds[0]!]: quantity },
    },
  };
}

/** Verbs that put something in a removed line's place ("quita el museo y pon el parque"). */
const PUT = new Set(['pon', 'ponme', 'anade', 'anadir', 'agrega', 'mete', 'put', 'add']);

/**
 * "quita el museo y pon el parque acuático": the line the first words name removed, and
 * what the words after the second verb name opened in its place, on the line's day and
 * for its party (what the words say themselves comes first). Undefined when the message
 * names no one line and something to book.
 */
function swapReading(
  words: readonly string[],
  context: BookingContext,
  deps: ViewDeps,
): TextReading | undefined {
  const at = words.findIndex((word, index) => index > 0 && PUT.has(word));
  if (at < 0) return undefined;
  const lines = context.cart.lines;
  const named = namedLines(words.slice(0, at).join(' '), lines, deps.catalog);
  const line = named.length === 1 ? named[0] : lines.length === 1 ? lines[0] : undefined;
  if (line === undefined || line.giftCard !== undefined || line.package !== undefined)
    return undefined;
  const reading = readMessage(words.slice(at + 1).join(' '), deps);
  const booked = bookingEvent(reading);
  if (booked === undefined || booked.type === 'combined.pick') return undefined;
  // Another product: the line's day and party, not its session's time.
  const { time: _time, ...party } = lineWish(line, deps.catalog);
  const said = booked.type === 'wish' || booked.type === 'browse.provider' ? booked.wish : {};
  const counted = said?.quantity !== undefined || said?.types !== undefined;
  const wish: Wish = {
    ...(counted ? { date: party.date } : party),
    ...said,
  };
  if (booked.type === 'wish' && booked.productId !== undefined)
    return {
      event: { type: 'cart.swap', cartItemId: line.cartItemId, productId: booked.productId, wish },
    };
  if (booked.type === 'browse.provider')
    return {
      event: {
        type: 'cart.swap',
        cartItemId: line.cartItemId,
        providerId: booked.providerId,
        wish,
      },
    };
  return undefined;
}

/** What typed text means for the cart, or undefined when it is not about the cart. */
export function cartReading(
  text: string,
  context: BookingContext,
  deps: ViewDeps,
): TextReading | undefined {
  const words = foldWords(text);
  const verb = words.map((word) => VERBS[word]).find((found) => found !== undefined);
  if (verb === undefined) return undefined;
  const lang = context.language;
  const m = messages(lang);
  const lines = context.cart.lines;
  switch (verb) {
    case 'empty':
      if (
        !words.some((word) =>
          ['carrito', 'cesta', 'cart', 'basket', 'todo', 'all', 'everything'].includes(word),
        )
      )
        return undefined;
      return lines.length === 0 ? { error: m.empty } : { event: { type: 'cart.empty' } };
    case 'add': {
      const reading = readMessage(text, deps);
      const event = bookingEvent(reading) ?? sameDayType(wishOf(reading), lines, deps.catalog);
      if (event === undefined) return { error: m.addWhat };
      return { event };
    }
    case 'remove': {
      if (lines.length === 0) return { error: m.empty };
      const swapped = swapReading(words, context, deps);
      if (swapped !== undefined) return swapped;
      if (words.some((word) => ['todo', 'todas', 'all', 'everything'].includes(word)))
        return { event: { type: 'cart.empty' } };
      const named = namedLines(text, lines, deps.catalog);
      if (named.length === 1)
        return { event: { type: 'cart.remove', cartItemId: named[0]!.cartItemId } };
      if (named.length > 1) return { error: m.which(linesText(named, lines)) };
      // "quítala", "remove it": the only line; words that name nothing in the cart: asked.
      const plain = words.every((word) => VERBS[word] !== undefined || PLAIN.has(word));
      return lines.length === 1 && plain
        ? { event: { type: 'cart.remove', cartItemId: lines[0]!.cartItemId } }
        : { error: lines.length === 1 ? m.none : m.which(linesText(lines, lines)) };
    }
    case 'change':
      return lines.length === 0 ? undefined : changeCount(text, context, deps);
  }
}

/**
 * A view of the cart or of the order's review whose typed text is first read as a change
 * of the cart; other text is the view's own (its options by number or label).
 */
export function cartByText(view: ViewFn): ViewFn {
  return (context, deps) => {
    const shown = view(context, deps);
    const own = shown.readText;
    return {
      ...shown,
      readText: (text) => {
        const read = cartReading(text, context, deps);
        if (read !== undefined) return read;
        if (own !== undefined) return own(text);
        const numbered = /^\d{1,3}$/.test(text.trim())
          ? shown.options[Number(text) - 1]
          : undefined;
        return numbered
          ? { event: numbered.event }
          : { error: notUnderstoodText(shown, context.language) };
      },
    };
  };
}

export type { Lang };
