/**
 * What a message asks for besides what it books: the commands in words that work at
 * every step ("cancelar", "menú", "start over", "hola"…), and the other wishes a customer
 * types (my cart, my bookings, gift cards, packages, a person, the language, the price).
 */
import type { Lang } from '#src/domain/lang.js';
import type { Span, Words } from './spans.js';
import { names } from './text.js';

export type Intent =
  | 'book'
  | 'cart'
  | 'checkout'
  /** When a place opens: its sessions and days are on its card. */
  | 'hours'
  | 'myBookings'
  | 'giftCard'
  | 'packages'
  | 'help'
  | 'cancel'
  | 'startOver'
  | 'menu'
  | 'back'
  | 'greeting'
  | 'person'
  | 'language'
  | 'price'
  /** An open question: what there is ("qué tenéis?", "any ideas for Sunday?"). */
  | 'ideas';

/** Intents that are commands: they work at every step and are never taken as an answer. */
export const COMMAND_INTENTS = new Set<Intent>([
  'cancel',
  'startOver',
  'menu',
  'back',
  'help',
  'greeting',
  'cart',
  'checkout',
  'myBookings',
  'person',
  'language',
]);

interface Phrase {
  intent: Intent;
  words: string[];
  /** The language it asks for (change of language). */
  to?: Lang;
}

const p = (intent: Intent, text: string, to?: Lang): Phrase => ({
  intent,
  words: text.split(' '),
  ...(to ? { to } : {}),
});

const PHRASES: Phrase[] = [
  p('startOver', 'empezar de nuevo'),
  p('startOver', 'empezar otra vez'),
  p('startOver', 'volver a empezar'),
  p('startOver', 'empezar de cero'),
  p('startOver', 'desde el principio'),
  p('startOver', 'reiniciar'),
  p('startOver', 'reset'),
  p('startOver', 'restart'),
  p('startOver', 'start over'),
  p('startOver', 'start again'),
  p('startOver', 'begin again'),
  p('startOver', 'from the start'),
  p('cancel', 'cancelar'),
  p('cancel', 'cancela'),
  p('cancel', 'cancelalo'),
  p('cancel', 'anular'),
  p('cancel', 'olvidalo'),
  p('cancel', 'dejalo'),
  p('cancel', 'cancel'),
  p('cancel', 'cancel it'),
  p('cancel', 'forget it'),
  p('cancel', 'stop'),
  p('cancel', 'abort'),
  p('menu', 'menu principal'),
  p('menu', 'menu'),
  p('menu', 'inicio'),
  p('menu', 'volver al inicio'),
  p('menu', 'ir al inicio'),
  p('menu', 'main menu'),
  p('menu', 'home'),
  p('menu', 'go home'),
  p('back', 'atras'),
  p('back', 'volver atras'),
  p('back', 'volver'),
  p('back', 'go back'),
  p('back', 'back'),
  p('back', 'anterior'),
  p('back', 'previous'),
  p('help', 'ayuda'),
  p('help', 'ayudame'),
  p('help', 'socorro'),
  p('help', 'que puedo hacer'),
  p('help', 'que puedes hacer'),
  p('help', 'como funciona'),
  p('help', 'help'),
  p('help', 'help me'),
  p('help', 'what can you do'),
  p('help', 'how does it work'),
  p('greeting', 'hola'),
  p('greeting', 'buenas'),
  p('greeting', 'buenos dias'),
  p('greeting', 'buenas tardes'),
  p('greeting', 'buenas noches'),
  p('greeting', 'hello'),
  p('greeting', 'hi'),
  p('greeting', 'hey'),
  p('greeting', 'good morning'),
  p('greeting', 'good afternoon'),
  p('greeting', 'good evening'),
  p('cart', 'mi carrito'),
  p('cart', 'carrito'),
  p('cart', 'cesta'),
  p('cart', 'mi cesta'),
  p('cart', 'my cart'),
  p('cart', 'cart'),
  p('cart', 'basket'),
  p('cart', 'my basket'),
  // English command words work in a Spanish conversation too.
  p('checkout', 'checkout'),
  p('checkout', 'check out'),
  p('checkout', 'tramitar'),
  p('checkout', 'tramitar pedido'),
  p('checkout', 'finalizar compra'),
  p('hours', 'what time does it open'),
  p('hours', 'what time does it close'),
  p('hours', 'when does it open'),
  p('hours', 'opening hours'),
  p('hours', 'opening times'),
  p('hours', 'a que hora abre'),
  p('hours', 'a que hora cierra'),
  p('hours', 'cuando abre'),
  p('hours', 'horario'),
  p('hours', 'horarios'),
  p('myBookings', 'mis reservas'),
  p('myBookings', 'mis compras'),
  p('myBookings', 'mis pedidos'),
  p('myBookings', 'my bookings'),
  p('myBookings', 'my booking'),
  p('myBookings', 'my orders'),
  p('myBookings', 'my reservations'),
  // The tickets again, after the purchase: from the customer's bookings.
  p('myBookings', 'reenviar entradas'),
  p('myBookings', 'reenviar las entradas'),
  p('myBookings', 'reenviar mis entradas'),
  p('myBookings', 'mis entradas'),
  p('myBookings', 'ver mis entradas'),
  p('myBookings', 'resend tickets'),
  p('myBookings', 'resend the tickets'),
  p('myBookings', 'resend my tickets'),
  p('myBookings', 'my tickets'),
  p('giftCard', 'tarjeta regalo'),
  p('giftCard', 'tarjetas regalo'),
  p('giftCard', 'tarjeta de regalo'),
  p('giftCard', 'cheque regalo'),
  p('giftCard', 'bono regalo'),
  p('giftCard', 'gift card'),
  p('giftCard', 'gift cards'),
  p('giftCard', 'giftcard'),
  p('giftCard', 'gift voucher'),
  p('packages', 'paquete'),
  p('packages', 'paquetes'),
  p('packages', 'actividad y hotel'),
  p('packages', 'con hotel'),
  p('packages', 'alojamiento'),
  p('packages', 'package'),
  p('packages', 'packages'),
  p('packages', 'with hotel'),
  p('packages', 'accommodation'),
  p('packages', 'hotel'),
  p('packages', 'hoteles'),
  p('packages', 'hotels'),
  p('person', 'hablar con una persona'),
  p('person', 'hablar con alguien'),
  p('person', 'persona real'),
  p('person', 'humano'),
  p('person', 'agente'),
  p('person', 'operador'),
  p('person', 'talk to a person'),
  p('person', 'speak to a person'),
  p('person', 'a real person'),
  p('person', 'talk to someone'),
  p('person', 'speak to someone'),
  p('person', 'a human'),
  p('person', 'human'),
  p('person', 'agent'),
  p('person', 'operator'),
  p('language', 'en ingles', 'en'),
  p('language', 'ingles', 'en'),
  p('language', 'in english', 'en'),
  p('language', 'english', 'en'),
  p('language', 'en espanol', 'es'),
  p('language', 'espanol', 'es'),
  p('language', 'castellano', 'es'),
  p('language', 'in spanish', 'es'),
  p('language', 'spanish', 'es'),
  p('language', 'cambiar idioma'),
  p('language', 'idioma'),
  p('language', 'change language'),
  p('language', 'language'),
  p('price', 'cuanto cuesta'),
  p('price', 'cuanto vale'),
  p('price', 'cuanto es'),
  p('price', 'precio'),
  p('price', 'precios'),
  p('price', 'how much is it'),
  p('price', 'how much does it cost'),
  p('price', 'how much'),
  p('price', 'price'),
  p('price', 'prices'),
  p('price', 'cost'),
  p('ideas', 'que teneis'),
  p('ideas', 'que tienen'),
  p('ideas', 'que tienes'),
  p('ideas', 'que hay'),
  p('ideas', 'que actividades hay'),
  p('ideas', 'que actividades'),
  p('ideas', 'que ofreceis'),
  p('ideas', 'que ofrecen'),
  p('ideas', 'que me recomiendas'),
  p('ideas', 'que nos recomiendas'),
  p('ideas', 'que recomiendas'),
  p('ideas', 'que podemos hacer'),
  p('ideas', 'que se puede hacer'),
  p('ideas', 'alguna idea'),
  p('ideas', 'alguna sugerencia'),
  p('ideas', 'ideas'),
  p('ideas', 'sugerencias'),
  p('ideas', 'recomendaciones'),
  p('ideas', 'what do you have'),
  p('ideas', 'what have you got'),
  p('ideas', 'what is there'),
  p('ideas', 'whats on'),
  p('ideas', 'what can we do'),
  p('ideas', 'what to do'),
  p('ideas', 'things to do'),
  p('ideas', 'any ideas'),
  p('ideas', 'any suggestions'),
  p('ideas', 'suggestions'),
  p('ideas', 'recommendations'),
  p('ideas', 'what do you recommend'),
  p('ideas', 'what would you recommend'),
  p('ideas', 'what activities'),
  p('book', 'reservar'),
  p('book', 'reserva'),
  p('book', 'comprar'),
  p('book', 'book'),
  p('book', 'buy'),
  p('book', 'booking'),
];

// Longest phrases first: "volver al inicio" before "volver".
PHRASES.sort((a, b) => b.words.length - a.words.length);

/** The phrases that say an intent, as typed without accents ("empezar de nuevo"). */
export const phrasesOf = (intent: Intent): string[] =>
  PHRASES.filter((phrase) => phrase.intent === intent).map((phrase) => phrase.words.join(' '));

/** Words that may surround a command without changing it ("quiero cancelar", "help please"). */
const FILLER = new Set(
  (
    'por favor porfa please pls plz quiero quisiera me gustaria puedo podemos i want to would like ' +
    'can you could we lets let s just ahora now ok vale venga bueno oye el la al a the an my mi ' +
    'ir go ver see show open abrir muestrame quiero hablar speak talk en'
  ).split(' '),
);

export interface IntentRead {
  intent: Intent;
  to?: Lang;
}

function matchAt(words: Words, at: number, phrase: Phrase): boolean {
  for (let i = 0; i < phrase.words.length; i += 1) {
    const typed = words.free(at + i);
    const part = phrase.words[i]!;
    if (typed === undefined) return false;
    if (!(typed === part || (part.length >= 5 && names(typed, part)))) return false;
  }
  return true;
}

/** Reads the first intent phrase of the message (longest at each place); its words are taken. */
export function readIntent(words: Words): Span<IntentRead> | undefined {
  for (let at = 0; at < words.list.length; at += 1) {
    for (const phrase of PHRASES) {
      if (!matchAt(words, at, phrase)) continue;
      words.take(at, phrase.words.length);
      return {
        start: at,
        length: phrase.words.length,
        value: { intent: phrase.intent, ...(phrase.to ? { to: phrase.to } : {}) },
      };
    }
  }
  return undefined;
}

/**
 * Words that may surround a change of language besides ("please continue in English",
 * "yes please, switch to English", "habla español", "puedes escribir en inglés"): asking
 * for a language is a command at every step, never an answer (a visitor's name).
 */
const LANGUAGE_FILLER = new Set(
  (
    'continue carry on keep go switch change speak talk write answer reply use using ' +
    'in to into yes yeah sure okay we you us me lets let s please instead from here now ' +
    'continua continuar continuamos sigue seguir seguimos sigamos cambia cambiar cambiamos ' +
    'habla hablame hablas hablar hablemos escribe escribeme escribir escribenos responde ' +
    'contesta puedes podemos si mejor en a al de del el'
  ).split(' '),
);

/** Whether the words left are only filler ("por favor", "quiero"), for the intent read. */
export const onlyFiller = (rest: readonly string[], intent?: Intent) =>
  rest.every((word) => FILLER.has(word) || (intent === 'language' && LANGUAGE_FILLER.has(word)));
