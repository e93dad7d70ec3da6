/**
 * "¿cuánto cuesta el de niño?", "how much is a child ticket?" typed in the middle of a
 * booking (at a visitor's name): answered with the prices the bot already has for the
 * draft's day, then the pending question is asked again (the step's own view follows).
 * A kind of person named is that ticket type's price, with whom it is for when the
 * catalog defines it ("hasta 12 años"); none named, every type's. Prices come from the
 * ticket types quoted for the day (steps/ticket-types.ts) or the catalog's price of the
 * day (choosing/prices.ts): nothing is asked of the service to answer.
 */
import type { Lang } from '#src/domain/lang.js';
import { kindBound, personLabel, type PersonKind } from '#src/domain/people.js';
import { defineMessages } from '#src/i18n/messages.js';
import { onlyFiller } from '#flows/understanding/intents.js';
import { ticketType } from '#flows/understanding/quantities.js';
import type { BookingContext, Draft, Money, TicketTypeOffer } from '#flows/booking/types.js';
import type { TextReading, ViewDeps } from '#flows/booking/view.js';
import { formatDate, formatPrice } from './format.js';
import { priceByDay } from './prices.js';
import { readMessage } from './wish.js';

const messages = defineMessages({
  es: {
    one: (ticket: string, price: string, day: string) =>
      `La entrada de ${ticket} cuesta ${price}${day ? ` el ${day}` : ''}.`,
    all: (prices: string, day: string) => `Precios${day ? ` del ${day}` : ''}: ${prices}.`,
    none: (ticket: string) => `Para esta reserva no hay entrada de ${ticket}.`,
  },
  en: {
    one: (ticket: string, price: string, day: string) =>
      `The ticket for ${/^[aeiou]/i.test(ticket) ? 'an' : 'a'} ${ticket} costs ${price}${day ? ` on ${day}` : ''}.`,
    all: (prices: string, day: string) => `Prices${day ? ` on ${day}` : ''}: ${prices}.`,
    none: (ticket: string) => `There is no ${ticket} ticket for this booking.`,
  },
});

interface Priced {
  kind: PersonKind;
  price: Money;
  definitions: TicketTypeOffer['definitions'];
}

/** The draft's ticket types with their price on its day, as far as the bot knows them. */
function pricedTypes(draft: Draft, deps: ViewDeps): Priced[] {
  if (draft.types !== undefined)
    return draft.types.offers.map((offer) => ({
      kind: offer.kind,
      price: offer.unitPrice,
      definitions: offer.definitions,
    }));
  const day = draft.accessDate;
  const types = draft.product.types ?? [];
  return types.flatMap((type) => {
    const entry = deps.catalog.product(type.productId);
    const price = entry && day ? priceByDay(entry)(day) : undefined;
    return price === undefined ? [] : [{ kind: type.kind, price, definitions: undefined }];
  });
}

/** Words around a price asked that say nothing of their own ("el de", "for a"). */
const AROUND = new Set(
  'el la los las de del para por un una y que es the a an for of is are per and ticket tickets entrada entradas'.split(
    ' ',
  ),
);

/**
 * The kind of person a price question names ("el de niño", "a child ticket"): undefined
 * when it names none, null when the text is no price question. Asked as a question (a
 * question mark) or in nothing but price words: "el precio me parece bien" typed at a
 * comments question is a comment.
 */
function kindAsked(text: string, deps: ViewDeps): PersonKind | undefined | null {
  const reading = readMessage(text, deps);
  if (reading.intent !== 'price') return null;
  const kinds = reading.rest.map((word) => ticketType(word));
  const asked =
    /[?¿]/.test(text) ||
    (onlyFiller(reading.rest.filter((word, i) => kinds[i] === undefined && !AROUND.has(word))) &&
      Object.keys(reading.slots).every((slot) => slot === 'tickets'));
  if (!asked) return null;
  const said = Object.keys(reading.slots.tickets?.value ?? {}) as PersonKind[];
  if (said.length === 1) return said[0];
  return kinds.find((kind) => kind !== undefined);
}

/**
 * A price question typed where a booking's step waits for something else, answered as an
 * error reading (the step's view is shown again below it); undefined when it is not one.
 */
export function priceAnswer(
  text: string,
  context: BookingContext,
  deps: ViewDeps,
): TextReading | undefined {
  const draft = context.draft;
  if (draft === undefined || draft.giftCard !== undefined) return undefined;
  const kind = kindAsked(text, deps);
  if (kind === null) return undefined;
  const lang = context.language;
  const m = messages(lang);
  const day = draft.accessDate ? formatDate(draft.accessDate, lang, 'long') : '';
  const types = pricedTypes(draft, deps);
  const name = (item: Priced) => ticketName(item, lang);
  if (kind === undefined) {
    if (types.length > 0)
      return {
        error: m.all(
          types.map((item) => `${name(item)} ${formatPrice(item.price, lang)}`).join(' · '),
          day,
        ),
      };
    return draft.unitPrice
      ? { error: m.one(draft.product.name, formatPrice(draft.unitPrice, lang), day) }
      : undefined;
  }
  const found = types.find((item) => item.kind === kind);
  if (found === undefined)
    return types.length > 0
      ? { error: m.none(personLabel(kind, undefined, lang).toLowerCase()) }
      : undefined;
  return { error: m.one(name(found), formatPrice(found.price, lang), day) };
}

/** "niño (hasta 12 años)", "child (up to 12 years)": the type and whom it is for. */
function ticketName(item: Priced, lang: Lang): string {
  const base = personLabel(item.kind, undefined, lang).toLowerCase();
  const bound = kindBound(item.kind, item.definitions ?? [], lang);
  return bound === undefined ? base : `${base} (${bound})`;
}
