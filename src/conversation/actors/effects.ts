/**
 * Effect records: what we asked the partner to do that changes state there (Add,
 * Confirm, Sale), kept in the store per (cart, operation, attempt key) so that no such
 * call is ever repeated blindly.
 *
 * "started" is written (with a version check) before the call and "done" with its result
 * after. A record found "started" means a call whose outcome we never saw: the process
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
    options?: { decide?: (record: DoneRecord<Result>) => 'reuse' | 'again' | 'unknown' },
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

export function createEffects(store: Store, now: () => Date = () => new Date()): Effects {
  const ttl = EFFECT_TTL_SECONDS;

  async function read<Result>(key: EffectKey) {
    return (await store.get<EffectRecord<Result>>(keyOf(key)))?.value;
  }

  async function settle<Result>(key: EffectKey, fingerprint: string, result: Result) {
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

  async function run<Result>(
    key: EffectKey,
    fingerprint: string,
    call: () => Promise<Result>,
    options: { decide?: (record: DoneRecord<Result>) => 'reuse' | 'again' | 'unknown' } = {},
  ): Promise<EffectOutcome<Result>> {
    const storeKey = keyOf(key);
    const existing = await store.get<EffectRecord<Result>>(storeKey);
    if (existing?.value.status === 'started') return { kind: 'unknown' };
    if (existing?.value.status === 'done') {
      const record = existing.value;
      const decide =
        options.decide ??
        ((found: DoneRecord<Result>) => (found.fingerprint === fingerprint ? 'reuse' : 'again'));
      const decision = decide(record);
      if (decision === 'unknown') return { kind: 'unknown' };
      if (decision === 'reuse') {
        return {
          kind: 'done',
          result: record.result,
          replayed: true,
          fingerprint: record.fingerprint,
        };
      }
    }
    const startedAt = now().toISOString();
    const started: EffectRecord<Result> = { status: 'started', fingerprint, startedAt };
    const version = await store.put(storeKey, started, existing?.version ?? 0, ttl);
    // Someone else started (or finished) this very attempt meanwhile: its outcome is not
    // ours to know, so this is the unknown case too.
    if (version === undefined) return { kind: 'unknown' };

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
    await store.put(storeKey, done, version, ttl);
    return { kind: 'done', result, replayed: false, fingerprint };
  }

  async function callAgain<Result>(
    key: EffectKey,
    fingerprint: string,
    call: () => Promise<Result>,
  ): Promise<Result> {
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

  const forget = (key: EffectKey) => store.delete(keyOf(key));

  return { read, run, settle, callAgain, forget };
}
