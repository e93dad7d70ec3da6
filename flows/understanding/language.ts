/**
 * Which language a message is written in, when it clearly is one: words that belong to
 * one language only are counted, and a side wins with two more words than the other, or
 * with one when the other has none. Names of places ("Museo del Mar") are in the catalog's
 * language whatever the customer speaks, so short messages decide little.
 */
import type { Lang } from '#src/domain/lang.js';

const SPANISH = new Set(
  (
    'quiero quisiera para por el los las del al de y con una unos unas entradas entrada manana ' +
    'sabado domingo lunes martes miercoles jueves viernes hoy hola gracias favor personas ninos ' +
    'nino adultos adulto cuanto cuesta cuando donde que como somos semana finde ayuda cancelar ' +
    'inicio atras carrito reservas reservar comprar tarjeta regalo paquetes necesito busco ' +
    'tienes hay buenas buenos dias tardes noches si vale bien esta este proximo dos tres cuatro ' +
    'cinco seis siete ocho nueve diez veinte par empezar nuevo volver museo acuario barco vino'
  ).split(' '),
);

const ENGLISH = new Set(
  (
    'i want would like for the to and with tickets ticket tomorrow today saturday sunday monday ' +
    'tuesday wednesday thursday friday hi hello thanks thank please people kids kid children child ' +
    'adults adult how much when where what is it are we next this weekend help cancel back cart ' +
    'bookings book buy gift card packages need looking have any good morning afternoon evening yes ' +
    'two three four five six seven eight nine ten twenty couple start over museum aquarium boat ' +
    'wine my me of can you'
  ).split(' '),
);

export function detectLanguage(words: readonly string[]): Lang | undefined {
  let es = 0;
  let en = 0;
  for (const word of words) {
    if (SPANISH.has(word)) es += 1;
    if (ENGLISH.has(word)) en += 1;
  }
  if (es >= en + 2 || (es >= 1 && en === 0)) return 'es';
  if (en >= es + 2 || (en >= 1 && es === 0)) return 'en';
  return undefined;
}

/**
 * The language a message is clearly written in: as `detectLanguage`, with at least two
 * words of that language, so "ok" or a place's name never switches a conversation.
 */
export function clearLanguage(words: readonly string[]): Lang | undefined {
  const lang = detectLanguage(words);
  if (!lang) return undefined;
  const markers = words.filter((word) => (lang === 'es' ? SPANISH : ENGLISH).has(word)).length;
  return markers >= 2 ? lang : undefined;
}

/**
 * The language a message leans to (`detectLanguage`: one word of it can be enough), and
 * whether it is clearly written in it (`clearLanguage`).
 */
export function readLanguage(
  words: readonly string[],
): { language: Lang; clearly: boolean } | undefined {
  const language = detectLanguage(words);
  return language && { language, clearly: clearLanguage(words) === language };
}
