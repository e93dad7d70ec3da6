/**
 * What a partner's question asks, when it asks a person's detail: the spec gives questions
 * only a data type (text, date, integer…) and their words, so "Correo electrónico", "E-mail
 * address" and "Teléfono de contacto" are told apart by their words, in Spanish and English,
 * the question's short form first (it is the most telling: "Correo", "Phone").
 *
 * This is what lets the chat ask each thing once: a question whose meaning is one of the
 * buyer's details is answered from them instead of being asked again, and an age is worked
 * out from a birth date already given. A question whose words say nothing of the kind has
 * no meaning here and is asked as it is.
 */

export type DetailMeaning =
  'fullName' | 'firstName' | 'surname' | 'email' | 'phone' | 'document' | 'birthDate' | 'age';

/** The words of a question as the partner gives them. */
export interface QuestionWords {
  question: string;
  shortQuestion?: string | undefined;
}

/** Lower case without accents or punctuation, parentheses dropped ("(opcional)"). */
function plain(text: string): string {
  return text
    .replace(/\([^)]*\)/g, ' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@]+/gu, ' ')
    .trim();
}

/**
 * Most specific first: "Nombre y apellidos" is a full name before it is a name, "Fecha de
 * nacimiento" a birth date before "fecha" means anything, "Número de acompañantes" no
 * phone number.
 */
const PATTERNS: readonly [DetailMeaning, RegExp][] = [
  ['email', /\b(correo|e ?mail|email)\b/],
  ['phone', /\b(telefono|movil|phone|mobile|telephone)\b/],
  ['document', /\b(dni|nie|nif|pasaporte|passport|documento|document|id card|identity)\b/],
  ['birthDate', /\b(nacimiento|birth|born)\b/],
  ['age', /^(edad|age)\b|\b(edad|age) (el|on|at|del|de la)\b|\bhow old\b|\bque edad\b/],
  ['fullName', /\b(nombre y apellidos?|nombre completo|full name|name and surname)\b/],
  [
    'surname',
    /^(apellidos?|surnames?|last name|family name)\b|\b(tus|your) (apellidos?|surname)\b/,
  ],
  ['firstName', /^(nombre|name|first name)$|^(tu|your) (nombre|name|first name)$/],
];

/** Words that make a question about something else, whatever detail it names. */
const NOT_A_DETAIL =
  /\b(acompanantes|companions|numero de|number of|organizacion|organisation|organization|centro|school|grupo|group|responsable|leader)\b/;

function meaningOf(text: string | undefined): DetailMeaning | 'none' | undefined {
  if (!text) return undefined;
  const wanted = plain(text);
  if (NOT_A_DETAIL.test(wanted)) return 'none';
  return PATTERNS.find(([, pattern]) => pattern.test(wanted))?.[0];
}

/**
 * The detail a question asks, or undefined. Only the question's own words are read (a
 * profile's heading such as "Datos del cliente" is not part of them); the short form
 * decides, except that "Nombre" short for "Nombre y apellidos del visitante" is a full name.
 */
export function detailMeaning(words: QuestionWords): DetailMeaning | undefined {
  const short = meaningOf(words.shortQuestion);
  const long = meaningOf(words.question);
  if (short === 'none' || long === 'none') return undefined;
  if (short === 'firstName' && long === 'fullName') return 'fullName';
  return short ?? long;
}

/** Whole years between a birth date and a day (both YYYY-MM-DD), as an age is counted. */
export function ageOn(birthDate: string, day: string): number | undefined {
  const birth = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthDate);
  const on = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!birth || !on) return undefined;
  const years = Number(on[1]) - Number(birth[1]);
  const before = on[2]! + on[3]! < birth[2]! + birth[3]!;
  const age = before ? years - 1 : years;
  return age >= 0 ? age : undefined;
}

/** Why an answer cannot be true of a person, by what the question asks. */
export type ImplausibleDetail = 'birth-after-visit' | 'age-out-of-range';

/**
 * An answer that passes its data type but cannot be true: a birth date after the day of
 * the visit (nobody born yet attends), an age below 0 or above 120. `day` is the visit's
 * (YYYY-MM-DD), when known.
 */
export function implausibleDetail(
  meaning: DetailMeaning | undefined,
  answer: { dateTimeValue?: string | undefined; integerValue?: number | undefined },
  day: string | undefined,
): ImplausibleDetail | undefined {
  if (meaning === 'birthDate' && answer.dateTimeValue !== undefined && day !== undefined) {
    return answer.dateTimeValue.slice(0, 10) > day ? 'birth-after-visit' : undefined;
  }
  if (meaning === 'age' && answer.integerValue !== undefined) {
    return answer.integerValue < 0 || answer.integerValue > 120 ? 'age-out-of-range' : undefined;
  }
  return undefined;
}
