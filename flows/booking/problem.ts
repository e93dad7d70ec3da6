/**
 * A failed call as the conversation explains it: the service (or our own rules) said no,
 * in words the customer can read; or it could not be reached, and nothing was lost.
 * Nothing else of the error reaches the customer.
 */
import type { PartnerEnvelopeError } from '#src/api/errors.js';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';

/** An actor's "no" with a reason for the customer (already translated). */
export class Refusal extends Error {
  override name = 'Refusal';
}

/**
 * The service answered and said no (its envelope's Success=false): nothing was done, and
 * its messages say why. Known by the error's `kind`, as src/api/errors.ts lets callers
 * branch, so the flows need none of the partner client's code.
 */
export function isPartnerRefusal(error: unknown): error is PartnerEnvelopeError {
  return error instanceof Error && 'kind' in error && error.kind === 'envelope';
}

export function failureText(language: Lang, error: unknown): string {
  const m = common(language);
  if (isPartnerRefusal(error) && error.messages.length > 0) {
    return m.refused(error.messages.join('; '));
  }
  if (error instanceof Refusal) return error.message;
  return m.serviceDown;
}
