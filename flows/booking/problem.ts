/**
 * A failed call as the conversation explains it: the service (or our own rules) said no,
 * in words the customer can read; or it could not be reached, and nothing was lost.
 * Nothing else of the error reaches the customer: never the service's own words, which
 * may be in another language or read as a developer's (they are logged by the partner
 * client, src/api/client.ts); the customer reads what the refusal was about.
 */
import type { Lang } from '#src/domain/lang.js';
import { refusalCause, type PartnerRefusal, type RefusalCause } from '#src/domain/refusal-cause.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';

/** An actor's "no" with a reason for the customer (already translated). */
export class Refusal extends Error {
  override name = 'Refusal';
}

const refusals = defineMessages({
  es: {
    expired: 'La reserva ha caducado antes de poder terminar.',
    capacity: 'Ya no quedan plazas suficientes para lo que has elegido.',
    session: 'Esa sesión ya no está disponible.',
    questions: 'El servicio de reservas no ha aceptado alguna de las respuestas.',
    date: 'Esa fecha ya no se puede reservar.',
    client: 'El servicio de reservas necesita completos los datos de quien compra.',
    payment: 'El servicio de reservas no ha podido preparar el pago.',
    giftcard: 'El servicio de reservas no ha aceptado la tarjeta regalo.',
    giftcardUsed: 'Esta tarjeta regalo ya se ha canjeado.',
    giftcardClosed: 'La tarjeta regalo ya no se puede canjear para ese día.',
    price: 'No hay precio para ese día.',
    other: 'El servicio de reservas no ha aceptado la operación.',
  } satisfies Record<RefusalCause, string>,
  en: {
    expired: 'The reservation expired before it could be finished.',
    capacity: 'There are no longer enough places for what you chose.',
    session: 'That session is no longer available.',
    questions: 'The booking service did not accept one of the answers.',
    date: 'That date can no longer be booked.',
    client: "The booking service needs the buyer's details in full.",
    payment: 'The booking service could not prepare the payment.',
    giftcard: 'The booking service did not accept the gift card.',
    giftcardUsed: 'This gift card has already been redeemed.',
    giftcardClosed: 'The gift card can no longer be redeemed for that day.',
    price: 'There is no price for that day.',
    other: 'The booking service did not accept that.',
  } satisfies Record<RefusalCause, string>,
});

/**
 * The service answered and said no (its envelope's Success=false): nothing was done, and
 * its messages say why. Known by the error's `kind`, as src/api/errors.ts lets callers
 * branch, so the flows need none of the partner client's code.
 */
export function isPartnerRefusal(error: unknown): error is PartnerRefusal {
  return error instanceof Error && 'kind' in error && error.kind === 'envelope';
}

/** What a refusal was about, in the customer's words (one sentence, no advice). */
export function refusalText(language: Lang, error: PartnerRefusal): string {
  return refusals(language)[refusalCause(error)];
}

export function failureText(language: Lang, error: unknown): string {
  if (isPartnerRefusal(error)) {
    return refusalText(language, error);
  }
  if (error instanceof Refusal) return error.message;
  return common(language).serviceDown;
}
