/**
 * The store out of reach (Redis down, or not answering in time), told apart from the
 * store's own answers (a refused script, a lock held by another): what depends on it
 * cannot go on now, and is better refused at once than left waiting.
 */

export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/**
 * The Redis client's failures that mean "no answer" rather than "an answer": a command
 * that timed out, one dropped after its retries, a connection closed or not writable.
 * A reply of the server (a script's error) is none of these.
 */
const NO_ANSWER = new Set(['MaxRetriesPerRequestError', 'ClusterAllFailedError']);
const NO_ANSWER_MESSAGES = [
  'Command timed out',
  'Connection is closed.',
  "Stream isn't writeable",
  'Redis connection is not ready',
];

/** Whether `error` (or one of its causes) says the store could not be reached. */
export function isStoreUnavailable(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; depth += 1) {
    if (at instanceof StoreUnavailableError || NO_ANSWER.has(at.name)) return true;
    if (NO_ANSWER_MESSAGES.some((message) => at instanceof Error && at.message.startsWith(message)))
      return true;
    at = at.cause;
  }
  return false;
}
