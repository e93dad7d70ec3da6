/**
 * Placeholders for the booking machine's named actors. The machine names every API call
 * (so snapshots can be persisted and tests can `provide` their own); the running bot
 * provides the real implementations (src/conversation/actors). Calling a placeholder is
 * a wiring bug and says which actor was forgotten.
 */
import { fromPromise } from 'xstate';

export function notProvided<Output, Input>(name: string) {
  return fromPromise<Output, Input>(async () => {
    throw new Error(`actor ${name} was not provided`);
  });
}
