/**
 * The understanding layer, as a table: each phrasing (Spanish, English, typos, numbers in
 * words, colloquial dates, mixed languages) with the intent and every slot it must give,
 * and nothing else. Today is Wednesday 10 June 2026 in Madrid; the demo catalog is the
 * sandbox's, in the language of the row.
 */
import { describe, expect, it } from 'vitest';
import { catalogFinder } from '#flows/booking/choosing/finder.js';
import {
  nameTicketType,
  readCommand,
  understand,
  warmUp,
  withNameTypes,
  WARM_UP_MESSAGES,
  type FoundProduct,
  type Understanding,
} from '#flows/understanding/understand.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { demo, NOW, TODAY } from '#test/flows/selection-harness.js';

const I = demoIds.products;
const P = demoIds.providers;
const C = demoIds.combinedProducts;

interface Expected {
  intent?: string;
  command?: true;
  to?: string;
  date?: string;
  range?: [string, string];
  time?: string;
  daypart?: string;
  tickets?: Record<string, number>;
  quantity?: number;
  people?: number;
  product?: string;
  place?: string;
  perType?: [type: string, productId: string, quantity: number][];
}

/** What a reading says, in the shape of the table. */
function summary(reading: Understanding): Expected {
  const { slots } = reading;
  const out: Expected = {};
  if (reading.intent) out.intent = reading.intent;
  if (reading.command) out.command = true;
  if (reading.to) out.to = reading.to;
  const date = slots.date?.value;
  if (date?.kind === 'date') out.date = date.date;
  if (date?.kind === 'range') out.range = [date.from, date.to];
  if (slots.time) out.time = slots.time.value;
  if (slots.daypart) out.daypart = slots.daypart.value;
  if (slots.tickets) out.tickets = slots.tickets.value;
  if (slots.quantity) out.quantity = slots.quantity.value;
  if (slots.people) out.people = slots.people.value;
  if (slots.product) out.product = slots.product.value.id;
  if (slots.place) out.place = slots.place.value.providerId;
  if (slots.perType)
    out.perType = slots.perType.value.map((item) => [item.type, item.productId, item.quantity]);
  return out;
}

const read = (lang: 'es' | 'en', text: string) =>
  summary(understand(text, { today: TODAY, finder: catalogFinder(demo(lang), NOW) }));

const book = (slots: Omit<Expected, 'intent'>): Expected => ({ intent: 'book', ...slots });
const command = (intent: string, to?: string): Expected => ({
  intent,
  command: true,
  ...(to ? { to } : {}),
});

// prettier-ignore
const TABLE: [lang: 'es' | 'en', text: string, expected: Expected][] = [
  // One-message bookings
  ['es', '2 entradas de adulto para el Museo del Mar el sábado', book({ product: I.museumAdult, tickets: { adult: 2 }, date: '2026-06-13' })],
  ['en', 'two adult tickets for the maritime museum next saturday', book({ product: I.museumAdult, tickets: { adult: 2 }, date: '2026-06-13' })],
  ['es', '2 adultos y 1 niño al acuario mañana a las 11', book({ product: I.museumJellyfish, tickets: { adult: 2, child: 1 }, date: '2026-06-11', time: '11:00' })],
  ['en', '2 adults and 1 child to the aquarium tomorrow at 11', book({ product: I.museumJellyfish, tickets: { adult: 2, child: 1 }, date: '2026-06-11', time: '11:00' })],
  ['es', 'quiero 2 entradas para el museo el sábado', book({ place: P.museum, quantity: 2, date: '2026-06-13' })],
  ['en', 'I want 2 tickets for the museum on saturday', book({ place: P.museum, quantity: 2, date: '2026-06-13' })],
  // Asking words are not what is asked for ("like" is one typo from "hike")
  ['en', "I'd like two adult tickets for the maritime museum next saturday", book({ product: I.museumAdult, tickets: { adult: 2 }, date: '2026-06-13' })],
  ['en', 'I would like to visit the museum', book({ place: P.museum })],
  ['es', '3 entradas para la cata de vinos', book({ product: I.wineTasting, quantity: 3 })],
  ['en', 'a ticket for the planetarium on the 15th at 5pm', book({ product: I.museumPlanetarium, quantity: 1, date: '2026-06-15', time: '17:00' })],
  ['es', 'planetario el viernes a las 5 de la tarde para 4 personas', book({ product: I.museumPlanetarium, date: '2026-06-12', time: '17:00', people: 4 })],
  ['en', 'planetarium friday 13:00 for 2 people', book({ product: I.museumPlanetarium, date: '2026-06-12', time: '13:00', people: 2 })],
  ['es', 'medusas pasado mañana, somos tres', book({ product: I.museumJellyfish, date: '2026-06-12', people: 3 })],
  ['en', 'jellyfish the day after tomorrow, we are 5', book({ product: I.museumJellyfish, date: '2026-06-12', people: 5 })],
  ['es', 'una entrada de niño para el museo el domingo', book({ product: I.museumChild, tickets: { child: 1 }, date: '2026-06-14' })],
  ['en', 'one child ticket for the museum on sunday', book({ product: I.museumChild, tickets: { child: 1 }, date: '2026-06-14' })],
  ['es', 'dos entradas senior para el museo', book({ product: I.museumSenior, tickets: { senior: 2 } })],
  ['en', 'two senior tickets for the sea museum', book({ product: I.museumSenior, tickets: { senior: 2 } })],
  ['es', 'museo + planetario para 2 el 20 de junio', book({ product: I.museumPlanetarium, people: 2, date: '2026-06-20' })],
  ['en', 'museum and planetarium for 2 on june 20', book({ product: I.museumPlanetarium, people: 2, date: '2026-06-20' })],
  ['es', 'quiero ir al museo el finde', book({ place: P.museum, range: ['2026-06-13', '2026-06-14'] })],
  ['en', 'museum this weekend', book({ place: P.museum, range: ['2026-06-13', '2026-06-14'] })],
  ['es', 'paseo en barco', book({ product: C.maritimeValencia })],
  ['en', 'boat trip', book({ product: C.maritimeValencia })],
  ['es', 'museo y barco el sábado, un par de entradas', book({ product: C.maritimeValencia, date: '2026-06-13', quantity: 2 })],
  ['en', 'maritime valencia for a couple on saturday', book({ product: C.maritimeValencia, date: '2026-06-13', people: 2 })],
  ['es', 'hola, quiero 2 entradas para el acuario mañana', book({ product: I.museumJellyfish, quantity: 2, date: '2026-06-11' })],
  ['en', 'hi, 2 tickets for the aquarium tomorrow please', book({ product: I.museumJellyfish, quantity: 2, date: '2026-06-11' })],
  ['es', 'cata de vino para dos', book({ place: P.winery, people: 2 })],
  ['en', 'wine tasting for two', book({ place: P.winery, people: 2 })],
  ['es', 'visita guiada el jueves para 6', book({ product: I.museumGuided, date: '2026-06-11', people: 6 })],
  ['en', 'guided tour on thursday for 6 people', book({ product: I.museumGuided, date: '2026-06-11', people: 6 })],
  ['es', '2 adultos y 1 niño al museo el sábado', book({ place: P.museum, perType: [['adult', I.museumAdult, 2], ['child', I.museumChild, 1]], tickets: { adult: 2, child: 1 }, date: '2026-06-13' })],
  ['en', '2 adults and a child to the sea museum on saturday', book({ place: P.museum, perType: [['adult', I.museumAdult, 2], ['child', I.museumChild, 1]], tickets: { adult: 2, child: 1 }, date: '2026-06-13' })],
  ['es', 'dos adultos, un niño y un jubilado para el museo', book({ place: P.museum, perType: [['adult', I.museumAdult, 2], ['child', I.museumChild, 1], ['senior', I.museumSenior, 1]], tickets: { adult: 2, child: 1, senior: 1 } })],
  // Typos
  ['es', 'musem', book({ place: P.museum })],
  ['en', 'aquarim', book({ product: I.museumJellyfish })],
  ['es', 'acuario', book({ product: I.museumJellyfish })],
  ['en', 'planetarim tomorow', book({ product: I.museumPlanetarium, date: '2026-06-11' })],
  ['es', 'planetario mñana', book({ product: I.museumPlanetarium, date: '2026-06-11' })],
  ['es', 'medusas el sabdo', book({ product: I.museumJellyfish, date: '2026-06-13' })],
  ['en', 'jellyfish on saturdya', book({ product: I.museumJellyfish, date: '2026-06-13' })],
  ['es', 'el viernse', book({ date: '2026-06-12' })],
  ['en', 'wednsday', book({ date: '2026-06-17' })],
  ['es', '3 adultso', book({ tickets: { adult: 3 } })],
  ['en', '2 adluts', book({ tickets: { adult: 2 } })],
  ['es', 'el 5 de diciembr', book({ date: '2026-12-05' })],
  ['en', 'decmber 5', book({ date: '2026-12-05' })],
  ['es', 'cancelr', command('cancel')],
  ['es', 'ayudaa', command('help')],
  // Relative and named dates
  ['es', 'mañana', book({ date: '2026-06-11' })],
  ['es', 'manana', book({ date: '2026-06-11' })],
  ['en', 'tomorrow', book({ date: '2026-06-11' })],
  ['en', 'tommorow', book({ date: '2026-06-11' })],
  ['es', 'hoy', book({ date: '2026-06-10' })],
  ['en', 'today', book({ date: '2026-06-10' })],
  ['en', 'tonight', book({ date: '2026-06-10' })],
  ['es', 'esta noche', book({ date: '2026-06-10' })],
  ['es', 'pasado mañana', book({ date: '2026-06-12' })],
  ['en', 'day after tomorrow', book({ date: '2026-06-12' })],
  ['es', 'el sábado', book({ date: '2026-06-13' })],
  ['es', 'este sábado', book({ date: '2026-06-13' })],
  ['es', 'el sábado que viene', book({ date: '2026-06-13' })],
  ['es', 'el próximo sábado', book({ date: '2026-06-13' })],
  ['en', 'saturday', book({ date: '2026-06-13' })],
  ['en', 'next saturday', book({ date: '2026-06-13' })],
  ['en', 'this saturday', book({ date: '2026-06-13' })],
  ['en', 'on sat', book({ date: '2026-06-13' })],
  ['es', 'el domingo', book({ date: '2026-06-14' })],
  ['es', 'el lunes', book({ date: '2026-06-15' })],
  ['es', 'el martes', book({ date: '2026-06-16' })],
  ['es', 'el miércoles', book({ date: '2026-06-17' })],
  ['es', 'el jueves', book({ date: '2026-06-11' })],
  ['en', 'monday', book({ date: '2026-06-15' })],
  ['en', 'tuesday', book({ date: '2026-06-16' })],
  ['en', 'wednesday', book({ date: '2026-06-17' })],
  ['en', 'thursday', book({ date: '2026-06-11' })],
  ['en', 'friday', book({ date: '2026-06-12' })],
  ['en', 'sunday', book({ date: '2026-06-14' })],
  ['es', 'lunes 15', book({ date: '2026-06-15' })],
  ['es', 'lunes 30', book({ date: '2026-11-30' })],
  ['en', 'saturday, 3 people', book({ date: '2026-06-13', people: 3 })],
  ['es', 'el sábado 2 adultos', book({ date: '2026-06-13', tickets: { adult: 2 } })],
  ['es', 'sábado 13 de junio', book({ date: '2026-06-13' })],
  ['es', 'el 15', book({ date: '2026-06-15' })],
  ['es', 'el día 20', book({ date: '2026-06-20' })],
  ['es', 'el 5', book({ date: '2026-07-05' })],
  ['en', 'the 15th', book({ date: '2026-06-15' })],
  ['en', 'on the 2nd', book({ date: '2026-07-02' })],
  ['es', '5 de diciembre', book({ date: '2026-12-05' })],
  ['es', 'el 1 de julio', book({ date: '2026-07-01' })],
  ['es', '15 dic', book({ date: '2026-12-15' })],
  ['en', 'december 5th', book({ date: '2026-12-05' })],
  ['en', '5th of december', book({ date: '2026-12-05' })],
  ['en', 'july 4', book({ date: '2026-07-04' })],
  ['en', 'dec 24', book({ date: '2026-12-24' })],
  ['es', '12/8', book({ date: '2026-08-12' })],
  ['es', '15/6', book({ date: '2026-06-15' })],
  ['es', '1/6', book({ date: '2027-06-01' })],
  ['es', '12/08/2026', book({ date: '2026-08-12' })],
  ['en', '2026-07-01', book({ date: '2026-07-01' })],
  ['es', 'el 3 de marzo de 2027', book({ date: '2027-03-03' })],
  ['es', 'en 3 días', book({ date: '2026-06-13' })],
  ['en', 'in 2 days', book({ date: '2026-06-12' })],
  // Colloquial dates and ranges
  ['es', 'el finde', book({ range: ['2026-06-13', '2026-06-14'] })],
  ['es', 'este finde', book({ range: ['2026-06-13', '2026-06-14'] })],
  ['es', 'el fin de semana', book({ range: ['2026-06-13', '2026-06-14'] })],
  ['es', 'el finde que viene', book({ range: ['2026-06-13', '2026-06-14'] })],
  ['en', 'this weekend', book({ range: ['2026-06-13', '2026-06-14'] })],
  ['en', 'next weekend', book({ range: ['2026-06-13', '2026-06-14'] })],
  ['en', 'weekend', book({ range: ['2026-06-13', '2026-06-14'] })],
  ['es', 'la semana que viene', book({ range: ['2026-06-15', '2026-06-21'] })],
  ['es', 'la próxima semana', book({ range: ['2026-06-15', '2026-06-21'] })],
  ['en', 'next week', book({ range: ['2026-06-15', '2026-06-21'] })],
  ['es', 'navidad', book({ date: '2026-12-25' })],
  ['es', 'en navidad', book({ date: '2026-12-25' })],
  ['en', 'christmas', book({ date: '2026-12-25' })],
  ['en', 'christmas day', book({ date: '2026-12-25' })],
  ['es', 'nochebuena', book({ date: '2026-12-24' })],
  ['en', 'christmas eve', book({ date: '2026-12-24' })],
  ['es', 'nochevieja', book({ date: '2026-12-31' })],
  ['en', "new year's eve", book({ date: '2026-12-31' })],
  ['es', 'año nuevo', book({ date: '2027-01-01' })],
  ['es', 'reyes', book({ date: '2027-01-06' })],
  ['es', 'el puente', book({ range: ['2026-10-10', '2026-10-12'] })],
  ['es', 'puente', book({ range: ['2026-10-10', '2026-10-12'] })],
  // Session times
  ['es', 'a las 11', book({ time: '11:00' })],
  ['es', 'a las once', book({ time: '11:00' })],
  ['es', 'a las 5 de la tarde', book({ time: '17:00' })],
  ['es', 'a las 5', book({ time: '17:00' })],
  ['es', 'a las 10 y media', book({ time: '10:30' })],
  // "la de las 4 y media" at the session step: "las" with a half or a part
  // of the day is a time; "las 2 entradas" stays a quantity.
  ['es', 'la de las 4 y media', book({ time: '16:30' })],
  ['es', 'las 11 y cuarto', book({ time: '11:15' })],
  ['es', 'la de las 5 de la tarde', book({ time: '17:00' })],
  // A part of the day without an hour: for the session step.
  ['es', 'para mañana por la tarde', book({ date: '2026-06-11', daypart: 'afternoon' })],
  ['es', 'el sábado por la mañana', book({ date: '2026-06-13', daypart: 'morning' })],
  ['en', 'tomorrow in the evening', book({ date: '2026-06-11', daypart: 'evening' })],
  ['es', '17:00', book({ time: '17:00' })],
  ['es', '17h', book({ time: '17:00' })],
  ['es', 'a mediodía', book({ time: '12:00' })],
  ['en', 'at 11', book({ time: '11:00' })],
  ['en', 'at 5pm', book({ time: '17:00' })],
  ['en', '11am', book({ time: '11:00' })],
  ['en', 'at 5 in the afternoon', book({ time: '17:00' })],
  ['en', 'at noon', book({ time: '12:00' })],
  ['en', '1:00 pm', book({ time: '13:00' })],
  // Numbers and people
  ['es', '2', book({ quantity: 2 })],
  ['es', 'dos', book({ quantity: 2 })],
  ['es', 'veinte', book({ quantity: 20 })],
  ['es', 'veintidós entradas', book({ quantity: 22 })],
  ['es', 'quince entradas', book({ quantity: 15 })],
  ['es', 'once personas', book({ people: 11 })],
  ['en', 'twenty', book({ quantity: 20 })],
  ['en', 'twenty-one tickets', book({ quantity: 21 })],
  ['en', 'twelve', book({ quantity: 12 })],
  ['en', 'a couple', book({ quantity: 2 })],
  ['en', 'a couple of tickets', book({ quantity: 2 })],
  ['es', 'un par', book({ quantity: 2 })],
  ['es', 'un par de entradas', book({ quantity: 2 })],
  ['en', 'a dozen tickets', book({ quantity: 12 })],
  ['es', 'para 3 personas', book({ people: 3 })],
  ['es', 'para 3', book({ people: 3 })],
  ['en', 'for 3 people', book({ people: 3 })],
  ['es', 'somos cuatro', book({ people: 4 })],
  ['en', 'we are 4', book({ people: 4 })],
  ['es', '2 adultos y 1 niño', book({ tickets: { adult: 2, child: 1 } })],
  ['es', 'dos adultos y dos niños', book({ tickets: { adult: 2, child: 2 } })],
  ['en', '2 adults and 2 kids', book({ tickets: { adult: 2, child: 2 } })],
  ['en', 'three adults, one child and a senior', book({ tickets: { adult: 3, child: 1, senior: 1 } })],
  ['es', '1 adulto, 2 niñas y un bebé', book({ tickets: { adult: 1, child: 2, baby: 1 } })],
  ['es', '3 entradas', book({ quantity: 3 })],
  ['en', '3 tickets', book({ quantity: 3 })],
  ['en', 'one ticket', book({ quantity: 1 })],
  ['es', 'una entrada', book({ quantity: 1 })],
  ['es', 'quiero 3 para el planetario', book({ product: I.museumPlanetarium, quantity: 3 })],
  ['es', 'pase 2 días', book({ product: I.parkTwoDays })],
  ['en', 'two-day pass', book({ product: I.parkTwoDays })],
  // Commands in words
  ['es', 'cancelar', command('cancel')],
  ['es', 'Cancelar.', command('cancel')],
  ['es', 'quiero cancelar', command('cancel')],
  ['en', 'cancel', command('cancel')],
  ['en', 'cancel please', command('cancel')],
  ['es', 'empezar de nuevo', command('startOver')],
  ['es', 'volver a empezar', command('startOver')],
  ['en', 'start over', command('startOver')],
  ['en', 'start again', command('startOver')],
  ['es', 'menú', command('menu')],
  ['es', 'inicio', command('menu')],
  ['es', 'volver al inicio', command('menu')],
  ['en', 'menu', command('menu')],
  ['en', 'main menu', command('menu')],
  ['es', 'atrás', command('back')],
  ['es', 'volver', command('back')],
  ['en', 'back', command('back')],
  ['en', 'go back', command('back')],
  ['es', 'ayuda', command('help')],
  ['es', '¿qué puedo hacer?', command('help')],
  ['en', 'help', command('help')],
  ['en', 'help me please', command('help')],
  ['es', 'hola', command('greeting')],
  ['es', '¡Buenas tardes!', command('greeting')],
  ['en', 'hi', command('greeting')],
  ['en', 'Hello!', command('greeting')],
  ['es', 'mi carrito', command('cart')],
  ['en', 'my cart', command('cart')],
  ['es', 'mis reservas', command('myBookings')],
  ['en', 'my bookings', command('myBookings')],
  ['es', 'hablar con una persona', command('person')],
  ['en', 'talk to a person', command('person')],
  ['en', 'human', command('person')],
  ['es', 'en inglés por favor', command('language', 'en')],
  ['es', 'english', command('language', 'en')],
  ['en', 'in spanish please', command('language', 'es')],
  ['en', 'español', command('language', 'es')],
  ['es', 'idioma', command('language')],
  // Asking for a language in a sentence is the command too, never an answer
  ['es', 'please continue in English', command('language', 'en')],
  ['es', 'yes please, switch to English', command('language', 'en')],
  ['en', 'habla español', command('language', 'es')],
  ['en', '¿puedes escribir en español?', command('language', 'es')],
  ['es', 'inglés', command('language', 'en')],
  ['es', 'can we speak English instead', command('language', 'en')],
  // Other intents
  ['es', 'tarjeta regalo', { intent: 'giftCard' }],
  ['en', 'gift card', { intent: 'giftCard' }],
  ['es', 'paquetes con hotel', { intent: 'packages' }],
  ['en', 'packages', { intent: 'packages' }],
  ['en', 'how much is it?', { intent: 'price' }],
  ['es', '¿cuánto cuesta?', { intent: 'price' }],
  ['es', 'reservar', { intent: 'book' }],
  ['en', 'I want to book', { intent: 'book' }],
  // Search words in the other language, and mixed languages
  ['en', 'vino', book({ place: P.winery })],
  ['es', 'wine', book({ place: P.winery })],
  ['es', 'kids museo', book({ place: P.museum })],
  ['es', '2 tickets para el museo mañana', book({ place: P.museum, quantity: 2, date: '2026-06-11' })],
  ['en', 'dos entradas for the aquarium tomorrow', book({ product: I.museumJellyfish, quantity: 2, date: '2026-06-11' })],
  ['en', 'planetario saturday at 11', book({ product: I.museumPlanetarium, date: '2026-06-13', time: '11:00' })],
  ['es', 'museum el sábado', book({ place: P.museum, date: '2026-06-13' })],
  // Nothing to read
  ['es', 'asdfgh', {}],
  ['en', '?!', {}],
];

describe('understanding a message', () => {
  it('has at least 150 phrasings', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(150);
  });

  it.each(TABLE)('[%s] %s', (lang, text, expected) => {
    expect(read(lang, text)).toEqual(expected);
  });
});

describe('warming the reading up before the first customer', () => {
  // chrono-node is asked only what no reader of ours reads, once per string width.
  it('reads messages that reach chrono-node, in one-byte and two-byte strings', () => {
    for (const text of WARM_UP_MESSAGES) {
      expect(understand(text, { today: TODAY }).slots.date).toBeUndefined();
    }
    const wide = (text: string) => [...text].some((char) => char.charCodeAt(0) > 0xff);
    expect(WARM_UP_MESSAGES.filter(wide)).not.toEqual([]);
    expect(WARM_UP_MESSAGES.filter((text) => !wide(text))).not.toEqual([]);
  });

  it('leaves what a message means unchanged', () => {
    const before = understand('2 entradas para mañana', { today: TODAY });
    warmUp();
    expect(understand('2 entradas para mañana', { today: TODAY })).toEqual(before);
  });
});

describe("a product name's ticket type", () => {
  it('is the one type its words name, none when they name several or none', () => {
    expect(nameTicketType('Entrada adulto')).toBe('adult');
    expect(nameTicketType('Adultos y adultas')).toBe('adult');
    expect(nameTicketType('Kids ticket')).toBe('child');
    expect(nameTicketType('Family pack (2 adults + 2 children)')).toBeUndefined();
    expect(nameTicketType('Museo del Mar')).toBeUndefined();
  });

  it("is read from a finder's column when the list has one, the names it tells unread", () => {
    const product = (id: string, score: number, name: string): FoundProduct => ({
      kind: 'product',
      id,
      providerId: 'place',
      score,
      get name(): string {
        if (id === 'museum') throw new Error("the museum's name was read");
        return name;
      },
    });
    const found = [
      product('museum', 9, 'Museum'),
      product('adult', 8, 'Adult ticket'),
      product('combo', 2, 'Adult combo'),
    ];
    // Told: the museum's name names none, the adults' ticket 'adult'; the combo's unknown.
    const column = [null, 'adult', undefined] as const;
    const finder = () => withNameTypes([...found], (at) => column[at]);
    const reading = understand('2 adult tickets museum', { today: TODAY, finder });
    // Of the adults' products (the combo's name read: adult), the ticket leads clearly.
    expect(reading.slots.product?.value.id).toBe('adult');
    // Without the column every name is read, the museum's too.
    expect(() =>
      understand('2 adult tickets museum', { today: TODAY, finder: () => found }),
    ).toThrow("the museum's name was read");
  });
});

describe('a command read again (the last message read is remembered)', () => {
  it('answers each message as it says, whatever was read before it', () => {
    const cases: [string, ReturnType<typeof readCommand>][] = [
      ['cancelar', { intent: 'cancel' }],
      ['cancelar', { intent: 'cancel' }],
      ['en inglés por favor', { intent: 'language', to: 'en' }],
      ['Ana García', undefined],
      ['Ana García', undefined],
      ['cancelar', { intent: 'cancel' }],
      ['', undefined],
      ['hola', { intent: 'greeting' }],
    ];
    for (const [text, read] of cases) expect(readCommand(text), text).toEqual(read);
  });
});
