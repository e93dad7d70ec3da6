/**
 * The Bot API answers that are not failures for us:
 * - 403: the customer blocked the bot (or deleted their account); nothing can reach
 *   them, which is their choice, not our error;
 * - "message is not modified": an edit that changes nothing already shows what we want;
 * - edits of messages Telegram no longer lets us edit (deleted, too old): we send a new
 *   message instead.
 */
import { GrammyError } from 'grammy';

export function isUnreachable(error: unknown): boolean {
  return error instanceof GrammyError && error.error_code === 403;
}

/** Why a 403 keeps the customer out of reach, as the outbox tells it (Undelivered). */
export function unreachableReason(error: unknown): 'blocked' | 'gone' | 'refused' {
  const description = error instanceof GrammyError ? error.description : '';
  if (/blocked by the user/i.test(description)) return 'blocked';
  if (/deactivated|deleted|chat not found|kicked/i.test(description)) return 'gone';
  return 'refused';
}

export function isNotModified(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    error.error_code === 400 &&
    /message is not modified/i.test(error.description)
  );
}

export function isNotEditable(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    error.error_code === 400 &&
    /message to edit not found|message can't be edited|message_id_invalid|message not found/i.test(
      error.description,
    )
  );
}

/** Telegram refused a URL button (it does not accept local or malformed addresses). */
export function isBadButtonUrl(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    error.error_code === 400 &&
    /url|button/i.test(error.description)
  );
}

/** One line about a Bot API failure for the logs (no payloads: they hold customer text). */
export function describeApiError(error: unknown): Record<string, unknown> {
  if (error instanceof GrammyError) {
    return { method: error.method, code: error.error_code, description: error.description };
  }
  if (error instanceof Error) return { error: error.name, message: error.message };
  return { error: String(error) };
}
