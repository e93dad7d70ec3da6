/**
 * Writes made during a turn that may wait for the turn's end: the engine carries them in
 * the exchange that saves the snapshot and releases the conversation's lease (one round
 * trip instead of one each). What is held back is an outcome already safe to lose (an
 * effect record's "done": lost, the record stays "started" and the next attempt
 * reconciles), never an intent that must be durable before a partner call.
 *
 * The turn is found through the actor system the engine runs it in (`startTurn`, each turn
 * before its events: a live actor kept between turns is pointed at its new turn): an
 * effectful actor takes its turn from its `system` as it starts (`turnOf`) and hands it
 * to its effects. A module map, not an async context: AsyncLocalStorage turns on Node's
 * promise hooks for the whole process, a cost on every promise of every turn. Once the
 * engine has taken the writes (`close`), or outside any turn, writers write themselves: a
 * late outcome keeps the turn it started in, closed by then.
 */
import type { AnyActorRef } from 'xstate';
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

/** An actor system (the booking machine's actor and every actor it invokes share one). */
type ActorSystem = AnyActorRef['system'];

const turns = new WeakMap<ActorSystem, TurnWrites>();

/**
 * Whose turn it is: the conversation and what its channel knows of the customer (the
 * Telegram first name, never kept). A failure alert names the customer by it when the
 * checkout details are not known yet (a reservation refused before them).
 */
export interface TurnAbout {
  conversationId: string;
  firstName?: string;
  /**
   * Sends a message at once, before the turn's reply, where the channel can (Telegram):
   * what the customer may read while the turn still waits on the partner (the purchase
   * confirmed while its tickets are looked up). Absent, the turn's reply says it all.
   */
  early?: (text: string) => void;
}

const abouts = new WeakMap<ActorSystem, TurnAbout>();

/** Makes `writes` the turn of the actors of `system`, from now on (before its events). */
export function startTurn(system: ActorSystem, writes: TurnWrites, about?: TurnAbout): void {
  turns.set(system, writes);
  if (about) abouts.set(system, about);
  else abouts.delete(system);
}

/** Whose turn the actors of `system` run in, when the engine said. */
export function aboutTurn(system: ActorSystem): TurnAbout | undefined {
  return abouts.get(system);
}

/** The turn of the actors of `system` now (an effectful actor's, taken as it starts). */
export function turnOf(system: ActorSystem): TurnWrites | undefined {
  return turns.get(system);
}
