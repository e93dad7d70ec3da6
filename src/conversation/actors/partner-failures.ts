/**
 * Reading a failed cart call. The spec shows no catalog of error codes, so these are
 * best guesses from what a refusal carries (codes, entities, words), with the
 * sandbox's codes recognised as well; each guess only chooses which step to show next,
 * never whether to call the service again.
 */
import { PartnerEnvelopeError } from '#src/api/errors.js';
import type { Lang } from '#src/domain/lang.js';
import { refusalCause } from '#src/domain/refusal-cause.js';
import { catalogMessages, text } from '#src/i18n/catalog.js';
import { refusalText } from '#flows/booking/problem.js';
import { AddRefused, type AddFix } from '#flows/booking/actors/cart.js';

/** Sandbox codes (src/sandbox/codes.ts) that tell the cause of a refusal. */
const codes = {
  expired: ['1203'],
  session: ['1104'],
  questions: ['1107', '1108'],
  quantity: ['1105', '1106', '1204'],
  date: ['1100', '1101', '1102'],
};

const has = (error: PartnerEnvelopeError, list: readonly string[]) =>
  error.codes.some((code) => list.includes(code));
const words = (error: PartnerEnvelopeError) => error.messages.join(' ').toLowerCase();

/** A refusal saying the reservation is over (expired, lapsed, not reserved any more). */
export function isExpiryRefusal(error: unknown): boolean {
  if (!(error instanceof PartnerEnvelopeError)) return false;
  return has(error, codes.expired) || /expir|caduc|venci|lapsed/.test(words(error));
}

/** Which step can change what an Add refusal refused. */
export function addFixOf(error: PartnerEnvelopeError): AddFix {
  const entities = error.entities.map((entity) => entity.name.toLowerCase());
  const text = words(error);
  if (has(error, codes.session) || entities.includes('sessionid') || /session|sesi[oó]n/.test(text))
    return 'session';
  if (
    has(error, codes.questions) ||
    entities.includes('questionid') ||
    /question|pregunta|answer|respuesta/.test(text)
  )
    return 'questions';
  if (
    has(error, codes.quantity) ||
    /quantity|cantidad|capacity|aforo|group|grupo|people|personas|places|plazas/.test(text)
  )
    return 'quantity';
  if (has(error, codes.date) || /date|fecha|d[ií]a|not on sale|sale closed|price/.test(text))
    return 'date';
  return 'cart';
}

const addRefused = catalogMessages(import.meta.url, {
  session: text,
  questions: text,
  quantity: text,
  date: text,
  cart: text,
} satisfies Record<AddFix, typeof text>);

/**
 * An Add refusal as the customer hears it, whatever the line: what was refused in our
 * words (the service's own are logged by the client), and the step that can change it.
 */
export function addRefusalOf(error: PartnerEnvelopeError, language: Lang): AddRefused {
  const fix = addFixOf(error);
  // A redeemed card refused is about the card, whatever step can change it.
  const text = refusalCause(error).startsWith('giftcard')
    ? refusalText(language, error)
    : addRefused(language)[fix];
  return new AddRefused(text, fix, { cause: error });
}
