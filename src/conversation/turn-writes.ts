/**
 * Writes made during a turn that may wait for the turn's end: the engine carries them in
 * the exchange that saves the snapshot and releases the conversation's lease (one round
 * trip instead of one each). What is held back is an outcome already safe to lose (an
 * effect record's "done": lost, the record stays "started" and the next attempt
 * reconciles), never an intent that must be durable before a partner call.
 *
 * The turn is found through the async context the engine runs it in: an actor invoked by
 * the turn's events runs in it (XState starts a promise actor synchronously as the event
 * is processed, and its continuation keeps the context). Once the engine has taken the
 * writes (`close`), or outside any turn, `heldBack()` is undefined and writers write
 * themselves.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Overwrite } from '#src/store/store.js';

export class TurnWrites {
  private readonly pending = new Map<string, Overwrite>();
  private closed = false;

  /** Holds `write` for the turn's end (a later write of the same key replaces it). */
  hold(write: Overwrite): void {
    this.pending.delete(write.key);
    this.pending.set(write.key, write);
  }

  /** The write held for `key`, taken back (for its writer to make it now), if any. */
  take(key: string): Overwrite | undefined {
    const write = this.pending.get(key);
    this.pending.delete(key);
    return write;
  }

  /** The value held for `key`, if any (what a read within the turn should see). */
  peek(key: string): unknown {
    return this.pending.get(key)?.value;
  }

  /** Every write held, for the end of the turn; later writes are the writers' own. */
  close(): Overwrite[] {
    this.closed = true;
    const writes = [...this.pending.values()];
    this.pending.clear();
    return writes;
  }

  get open(): boolean {
    return !this.closed;
  }
}

const turns = new AsyncLocalStorage<TurnWrites>();

/** Runs `fn` as a turn whose held-back writes go to `writes`. */
export function inTurn<T>(writes: TurnWrites, fn: () => Promise<T>): Promise<T> {
  return turns.run(writes, fn);
}

/** The running turn's writes, while it still takes them; undefined outside a turn. */
export function heldBack(): TurnWrites | undefined {
  const writes = turns.getStore();
  return writes?.open ? writes : undefined;
}
