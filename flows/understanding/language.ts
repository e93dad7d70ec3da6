/**
 * Which language a message is written in, when it clearly is one, by eld (a language
 * detector trained on n-grams of each language, limited to the languages we write in;
 * of those tried on short chat messages it told Catalan from Spanish and English best).
 * A language wins by a margin over the next; names of places ("Museo del Mar") are in
 * the catalog's language whatever the customer speaks, so short messages decide little.
 */
import { eld } from 'eld/medium';
import { isLang, LANGS, type Lang } from '#src/domain/lang.js';

// An instance of our own: the subset is the instance's setting, not the process's.
const detector = eld.newInstance();
detector.setLanguageSubset([...LANGS]);

/**
 * How far ahead of the next language the first must be. Spanish, Catalan and Italian
 * share many short words ("el sabado" scores es 0.79, ca 0.77): closer than this, the
 * message decides nothing.
 */
const MARGIN = 0.03;
/**
 * The margin of a message of two words to be clear: "hay parking" leans to English
 * (en 0.70, es 0.66) as a word of it is English; "deux billets" is French by 0.28.
 */
const MARGIN_OF_TWO = 0.08;

/** The words that are words: numbers and "x3" say nothing of a language. */
const wordsOnly = (words: readonly string[]) =>
  words.filter((word) => /^[\p{L}\p{M}·]+$/u.test(word));

/**
 * Greetings and thanks, which a message often is alone and which n-grams cannot place
 * ("hola" has none the detector knows; "hi" reads as Catalan). A message of only these
 * leans to their language, never clearly: Spanish first, as Catalan says "hola" too.
 */
const COURTESY: readonly (readonly [Lang, ReadonlySet<string>])[] = (
  [
    ['es', 'hola buenas gracias adiós adios buenos días dias tardes noches'],
    ['en', 'hi hello hey thanks thank you bye good morning afternoon evening'],
    ['ca', 'bon dia bona tarda nit gràcies gracies adéu adeu'],
    ['fr', 'bonjour bonsoir salut merci'],
    ['de', 'hallo danke guten tag morgen abend tschüss'],
    ['it', 'ciao grazie buongiorno buonasera salve'],
  ] as const
).map(([lang, list]) => [lang, new Set(list.split(' '))] as const);

function detect(words: readonly string[]): { language: Lang; clearly: boolean } | undefined {
  const read = wordsOnly(words);
  if (read.length === 0) return undefined;
  const courtesy = COURTESY.find(([, list]) => read.every((word) => list.has(word)));
  if (courtesy) return { language: courtesy[0], clearly: false };
  const result = detector.detect(read.join(' '));
  const [first, second] = Object.entries(result.getScores()).sort(([, a], [, b]) => b - a);
  if (!first || !isLang(first[0])) return undefined;
  const margin = second ? first[1] - second[1] : 1;
  if (margin < MARGIN) return undefined;
  const clearly =
    result.isReliable() && read.length >= 2 && (read.length > 2 || margin >= MARGIN_OF_TWO);
  return { language: first[0], clearly };
}

/** The language a message leans to (one word of it can be enough), or undefined. */
export function detectLanguage(words: readonly string[]): Lang | undefined {
  return detect(words)?.language;
}

/**
 * The language a message is clearly written in: as `detectLanguage`, reliably so by the
 * detector and in at least two words (by a wider margin if only two), so "ok" never
 * switches a conversation.
 */
export function clearLanguage(words: readonly string[]): Lang | undefined {
  const found = detect(words);
  return found?.clearly ? found.language : undefined;
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

const CAPITAL = /^\p{Lu}/u;

/**
 * The words of a message that can tell its language: without people's names (two or more
 * capitalised words in a row: "Ana García López", "John Smith"), e-mail addresses, phone
 * numbers and ids. A detector reads "Jordi Puig Ferrer" as Catalan and "Giulia Rossi" as
 * Italian: the names of the people a ticket is for are no sign of the customer's language.
 * A message in capitals only is read whole.
 */
export function wordsBesideNames(text: string): string[] {
  if (!/\p{Ll}/u.test(text)) return lowerWords(text);
  const tokens = text.split(/[\s,;:()"«»“”„]+/).filter((token) => token !== '');
  const kept = tokens.filter((token, index) => {
    if (/[@\d]/.test(token)) return false;
    if (!CAPITAL.test(token)) return true;
    const before = tokens[index - 1];
    const after = tokens[index + 1];
    return (
      !(before !== undefined && CAPITAL.test(before)) &&
      !(after !== undefined && CAPITAL.test(after))
    );
  });
  return lowerWords(kept.join(' '));
}

/** Lower-cased words with their accents, which tell Catalan from Spanish ("dissabte", "sábado"). */
const lowerWords = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}·]+/u)
    .filter((word) => word !== '');
