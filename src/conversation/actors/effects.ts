/**
 * Effect records: what we asked the partner to do that changes state there (Add,
 * Confirm, Sale), kept in the store per (cart, operation, attempt key) so that no such
 * call is ever repeated blindly.
 *
 * "started" is written (with a version check) before the call and "done" with its result
 * after. A fresh attempt's "started" is one exchange: written if nothing is there, the
 * record read only when something is, with the records that must allow the attempt read
 * in that exchange too (`before`; the "started" removed again when they do not). Within a turn, "done" waits for the turn's end and
 * goes with its snapshot (turn-writes.ts): lost with a crash before it, the record stays
 * "started", which is safe (reconciled, never called again); reads within the turn see it.
 * A record found "started" means a call whose outcome we never saw: the process
 * died during it, or the call failed ambiguously (timeout, dropped connection, 5xx; see
 * PartnerError.ambiguous). The caller must then reconcile (find out, or work around the
 * unknown) and must not call again as if nothing had happened. A call the service
 * clearly refused (an error envelope, a 4xx, a request that never left) did nothing: its
 * record is removed, and the same attempt may be made again.
 *
 * Records live longer than a conversation (7 days against 3), so that a conversation
 * that is still remembered always finds the records of its cart.
 */
import { createHash } from 'node:crypto';
import { PartnerRequestError } from '#src/api/client.js';
import { PartnerError } from '#src/api/errors.js';
import { effectKey } from '#src/store/keys.js';
import type { Store } from '#src/store/store.js';
import type { TurnWrites } from '../turn-writes.js';

export type EffectOperation = 'add' | 'confirm' | 'sale';

export interface EffectKey {
  shoppingCartId: string;
  operation: EffectOperation;
  /** Which attempt of the operation on that cart (the n-th Add, the PartnerSaleId…). */
  attempt: string;
}

export type EffectRecord<Result> =
  | { status: 'started'; fingerprint: string; startedAt: string }
  | { status: 'done'; fingerprint: string; startedAt: string; doneAt: string; result: Result };

export type DoneRecord<Result> = EffectRecord<Result> & { status: 'done' };

/**
 * What running an effect came to:
 * - `done`: the result, from this call or from a record of an earlier one (`replayed`),
 *   whose request had the fingerprint `fingerprint`;
 * - `unknown`: a call whose outcome was never seen (found "started", or failing
 *   ambiguously now, `error`): reconcile, never call again blindly.
 */
export type EffectOutcome<Result> =
  | { kind: 'done'; result: Result; replayed: boolean; fingerprint: string }
  | { kind: 'unknown'; error?: unknown };

export const EFFECT_TTL_SECONDS = 7 * 24 * 60 * 60;

/** What `run` decides about a "done" record found under its attempt. */
export type Decide<Result> = (record: DoneRecord<Result>) => 'reuse' | 'again' | 'unknown';

/**
 * Records that must allow the attempt, read in the exchange that writes its "started"
 * (they are seldom there): when `check` throws, the "started" is removed (no call was
 * made) and its error rethrown.
 */
export interface EffectCheck {
  keys: EffectKey[];
  check(records: (EffectRecord<unknown> | undefined)[]): void;
}

export interface RunOptions<Result> {
  decide?: Decide<Result>;
  before?: EffectCheck;
}

/** A short, stable digest of a request: tells "the same call" from "another call". */
export function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('hex').slice(0, 32);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Whether the service may have acted although we saw a failure. Only a clear refusal or
 * a request that never left is safe to forget; anything else (our own abort, a bug
 * between send and receive) counts as "may have acted".
 */
export function mayHaveActed(error: unknown): boolean {
  if (error instanceof PartnerRequestError) return false;
  if (error instanceof PartnerError) return error.ambiguous;
  return true;
}

export interface Effects {
  /** The record of an attempt, if any. */
  read<Result>(key: EffectKey): Promise<EffectRecord<Result> | undefined>;
  /**
   * Runs `call` once for `key`. An existing "started" record is never called again
   * (`unknown`). What an existing "done" record means is the caller's `decide`: its
   * result stands (`reuse`, the default when the fingerprint is the same), a new attempt
   * may be written over it (`again`, the default otherwise), or it says the partner holds
   * something we do not know (`unknown`).
   */
  run<Result>(
    key: EffectKey,
    fingerprint: string,
    call: () => Promise<Result>,
    options?: RunOptions<Result>,
  ): Promise<EffectOutcome<Result>>;
  /** Records the outcome found by reconciling (or by a call made after reconciling). */
  settle<Result>(key: EffectKey, fingerprint: string, result: Result): Promise<void>;
  /**
   * The call again, for an attempt reconciling proved safe to repeat (a Sale the service
   * does not have, with the same PartnerSaleId): settled on success, forgotten on a clear
   * refusal, left "started" when the outcome is unknown again (then it rethrows).
   */
  callAgain<Result>(
    key: EffectKey,
    fingerprint: string,
    call: () => Promise<Result>,
  ): Promise<Result>;
  /** Forgets an attempt reconciling proved never happened (the service has no trace). */
  forget(key: EffectKey): Promise<void>;
}

const keyOf = ({ shoppingCartId, operation, attempt }: EffectKey) =>
  effectKey(shoppingCartId, operation, attempt);

/**
 * The effects of `store`; within a turn (`turn`, taken by the actor that runs them as it
 * started), a "done" waits for the turn's end while the turn still takes writes.
 */
export function createEffects(
  store: Store,
  now: () => Date = () => new Date(),
  turn?: TurnWrites,
): Effects {
  const ttl = EFFECT_TTL_SECONDS;
  const heldBack = () => (turn?.open ? turn : undefined);

  /** A "done" held back for the turn's end is written now, before its key is used again. */
  async function flush(storeKey: string) {
    const held = heldBack()?.take(storeKey);
    if (held) await store.set(held.key, held.value, held.ttlSeconds);
  }

  const heldRecord = <Result>(storeKey: string) =>
    heldBack()?.peek(storeKey) as EffectRecord<Result> | undefined;

  async function read<Result>(key: EffectKey) {
    const storeKey = keyOf(key);
    return heldRecord<Result>(storeKey) ?? (await store.get<EffectRecord<Result>>(storeKey))?.value;
  }

  async function settle<Result>(key: EffectKey, fingerprint: string, result: Result) {
    await flush(keyOf(key));
    // Last writer wins: a settled outcome replaces whatever was there, version by version.
    for (let tries = 0; tries < 5; tries += 1) {
      const current = await store.get<EffectRecord<Result>>(keyOf(key));
      const record: EffectRecord<Result> = {
        status: 'done',
        fingerprint,
        startedAt: current?.value.startedAt ?? now().toISOString(),
        doneAt: now().toISOString(),
        result,
      };
      if ((await store.put(keyOf(key), record, current?.version ?? 0, ttl)) !== undefined) return;
    }
  }

  /**
   * Writes "started" for a new attempt: over nothing (one exchange with `before`'s reads,
   * the usual case), or over a "done" record the caller's `decide` lets be tried again.
   * Else the outcome to answer with (`replayed` when a done result stands); `before`'s
   * error when its check throws.
   */
  async function start<Result>(
    storeKey: string,
    fingerprint: string,
    { decide, before }: RunOptions<Result>,
  ): Promise<{ version: number; startedAt: string } | EffectOutcome<Result>> {
    const startedAt = now().toISOString();
    const started: EffectRecord<Result> = { status: 'started', fingerprint, startedAt };
    const checked = before?.keys.map(keyOf) ?? [];
    const { version: fresh, read } = await store.putAndRead(storeKey, started, 0, ttl, checked);
    if (before) {
      try {
        before.check(
          checked.map(
            (other, at) =>
              heldRecord<unknown>(other) ?? (read[at]?.value as EffectRecord<unknown> | undefined),
          ),
        );
      } catch (error) {
        if (fresh !== undefined) await store.delete(storeKey);
        throw error;
      }
    }
    if (fresh !== undefined) return { version: fresh, startedAt };
    const existing = await store.get<EffectRecord<Result>>(storeKey);
    // Gone again meanwhile (another run of this attempt, refused clearly): not ours to
    // know either, so unknown, as a "started" one.
    if (existing === undefined || existing.value.status === 'started') return { kind: 'unknown' };
    const record = existing.value;
    const decision = (
      decide ??
      ((found: DoneRecord<Result>) => (found.fingerprint === fingerprint ? 'reuse' : 'again'))
    )(record);
    if (decision === 'unknown') return { kind: 'unknown' };
    if (decision === 'reuse') {
      return {
        kind: 'done',
        result: record.result,
        replayed: true,
        fingerprint: record.fingerprint,
      };
    }
    const version = await store.put(storeKey, started, existing.version, ttl);
    // Someone else started (or finished) this very attempt meanwhile: its outcome is not
    // ours to know, so this is the unknown case too.
    return version === undefined ? { kind: 'unknown' } : { version, startedAt };
  }

  async function run<Result>(
    key: EffectKey,
    fingerprint: string,
    call: () => Promise<Result>,
    options: RunOptions<Result> = {},
  ): Promise<EffectOutcome<Result>> {
    const storeKey = keyOf(key);
    await flush(storeKey);
    const begun = await start(storeKey, fingerprint, options);
    if ('kind' in begun) return begun;
    const { version, startedAt } = begun;

    let result: Result;
    try {
      result = await call();
    } catch (error) {
      if (mayHaveActed(error)) return { kind: 'unknown', error };
      await store.delete(storeKey);
      throw error;
    }
    const done: EffectRecord<Result> = {
      status: 'done',
      fingerprint,
      startedAt,
      doneAt: now().toISOString(),
      result,
    };
    // In a turn, with its snapshot (last writer wins: under the conversation's lease, no
    // one else writes this attempt but a reconciler, which writes what we saw too).
    const holding = heldBack();
    if (holding) holding.hold({ key: storeKey, value: done, ttlSeconds: ttl });
    else await store.put(storeKey, done, version, ttl);
    return { kind: 'done', result, replayed: false, fingerprint };
  }

  async function callAgain<Result>(
    key: EffectKey,
    fingerprint: string,
    call: () => Promise<Result>,
  ): Promise<Result> {
    await flush(keyOf(key));
    let result: Result;
    try {
      result = await call();
    } catch (error) {
      if (!mayHaveActed(error)) await store.delete(keyOf(key));
      throw error;
    }
    await settle(key, fingerprint, result);
    return result;
  }

  const forget = async (key: EffectKey) => {
    heldBack()?.take(keyOf(key));
    await store.delete(keyOf(key));
  };

  return { read, run, settle, callAgain, forget };
}
