/**
 * What a partner's refusal is about, from what it carries (codes, the entities it names,
 * its words). The spec shows no catalog of error codes, so these are best guesses, with
 * the sandbox's codes recognised as well; a guess only chooses the words the customer
 * reads and the step shown next, never whether to call the service again. The partner's
 * own words are never shown to a customer (they are logged: src/api/client.ts).
 */

export type RefusalCause =
  | 'expired'
  | 'capacity'
  | 'session'
  | 'questions'
  | 'date'
  | 'client'
  | 'payment'
  | 'giftcard'
  | 'giftcardUsed'
  | 'giftcardClosed'
  | 'price'
  | 'other';

/** A refusal as the partner client reads it (src/api/errors.ts), types only. */
export interface RefusalParts {
  codes: readonly string[];
  messages: readonly string[];
  entities: readonly { name: string }[];
}

/**
 * The service's "no" (its envelope's Success=false) as the flows catch it: src/api's
 * PartnerEnvelopeError, known by its `kind`.
 */
export interface PartnerRefusal extends Error, RefusalParts {
  readonly kind: 'envelope';
  readonly codes: string[];
  readonly messages: string[];
}

/** Sandbox codes (src/sandbox/codes.ts) that tell the cause of a refusal. */
const CODES: [RefusalCause, readonly string[]][] = [
  ['expired', ['1203']],
  ['capacity', ['1204', '1106']],
  ['session', ['1104']],
  ['questions', ['1107', '1108']],
  ['date', ['1100', '1101', '1102']],
  ['client', ['1205', '5000']],
  ['payment', ['1206']],
  ['giftcardUsed', ['1301']],
  ['giftcardClosed', ['1302']],
  ['giftcard', ['1300']],
];

const WORDS: [RefusalCause, RegExp][] = [
  ['expired', /expir|caduc|venci|lapsed/],
  ['capacity', /capacity|aforo|plazas|places|sold out|agotad/],
  ['session', /session|sesi[oó]n/],
  ['questions', /question|pregunta|answer|respuesta/],
  ['payment', /payment|pago/],
  ['giftcardUsed', /already (?:been )?(?:redeemed|exchanged)|ya (?:ha sido )?canjead/],
  ['giftcardClosed', /no longer be redeemed|exchange window|ya no se puede canjear/],
  ['giftcard', /gift ?card|tarjeta regalo/],
  ['price', /\bprice|precio/],
  ['client', /client|document|dni|passport|pasaporte/],
  ['date', /\bdate\b|fecha|not on sale|sale closed/],
];

export function refusalCause(refusal: RefusalParts): RefusalCause {
  const byCode = CODES.find(([, codes]) => refusal.codes.some((code) => codes.includes(code)));
  if (byCode) return byCode[0];
  const entities = refusal.entities.map((entity) => entity.name.toLowerCase());
  if (entities.includes('sessionid')) return 'session';
  if (entities.includes('questionid')) return 'questions';
  const text = refusal.messages.join(' ').toLowerCase();
  return WORDS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';
}
