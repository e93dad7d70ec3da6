/**
 * A failed call as the conversation explains it: the service (or our own rules) said no,
 * in words the customer can read; or it could not be reached, and nothing was lost.
 * Nothing else of the error reaches the customer.
 */
import { PartnerEnvelopeError } from '#src/api/errors.js';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';

/** An actor's "no" with a reason for the customer (already translated). */
export class Refusal extends Error {
  override name = 'Refusal';
}

export function failureText(language: Lang, error: unknown): string {
  const m = common(language);
  if (error instanceof PartnerEnvelopeError && error.messages.length > 0) {
    return m.refused(error.messages.join('; '));
  }
  if (error instanceof Refusal) return error.message;
  return m.serviceDown;
}
