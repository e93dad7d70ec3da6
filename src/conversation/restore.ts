/**
 * A conversation's stored record read back into a running machine, whatever an older
 * release (or a damaged store) left there: the snapshot is carried to the current machine
 * version by its migrations and restored; one that cannot be (no migration, a state the
 * machine no longer has, a value that is not a record) starts the conversation over,
 * keeping the order (flows/booking/migrations.ts, `orderKept`). Nothing read here can throw:
 * XState does not throw on a snapshot it cannot restore, it gives the actor an error
 * status that `start()` would throw outside of any turn, so the status is checked first.
 */
import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import type { BookingMachine } from '#flows/booking/machine.js';
import type { Migrations, StoredSnapshot } from '#flows/booking/migrations.js';
import { orderKept, restorable, UNVERSIONED } from '#flows/booking/migrations.js';
import type { BookingContext, BookingInput } from '#flows/booking/types.js';
import type { StepMeta } from '#flows/booking/view.js';
import type { Versioned } from '#src/store/store.js';

/** A conversation's record in the store (`conversationKey`). */
export interface ConversationRecord {
  /** The machine's version the snapshot was written by; absent in older records. */
  machineVersion?: number;
  snapshot: unknown;
  /** Keys of the latest inputs this snapshot has taken (newest last). */
  handled?: string[];
  /** The state of what sits beside the machine (EngineOptions.beside). */
  beside?: unknown;
}

/** The record under a conversation's key, or undefined when it is not one (or unreadable). */
export function readRecord(saved: Versioned<unknown> | undefined): {
  record?: ConversationRecord;
  damaged: boolean;
} {
  if (saved === undefined) return { damaged: false };
  let value: unknown;
  try {
    // Parsed on first read (storedValue): a value that is not JSON throws here.
    value = saved.value;
  } catch {
    return { damaged: true };
  }
  if (typeof value !== 'object' || value === null || !('snapshot' in value)) {
    return { damaged: true };
  }
  const record = value as ConversationRecord;
  const handled = Array.isArray(record.handled)
    ? record.handled.filter((key) => typeof key === 'string')
    : undefined;
  return {
    record: { ...record, ...(handled ? { handled } : { handled: [] }) },
    damaged: false,
  };
}

export interface Versioning {
  /** The machine's version now (BOOKING_MACHINE_VERSION). */
  version: number;
  migrations: Migrations;
}

/**
 * Whether a restored snapshot's view can be drawn (its context has what its step reads);
 * throwing means no.
 */
export type Drawable = (snapshot: SnapshotFrom<BookingMachine>) => void;

/** Why a stored conversation started over. */
export type ResetReason = 'unreadable' | 'newer' | 'no-migration' | 'migration-failed' | 'invalid';

export type Restored =
  | { actor: Actor<BookingMachine>; reset?: undefined }
  | { actor: Actor<BookingMachine>; reset: ResetReason; error?: unknown };

type Carried = { snapshot: StoredSnapshot } | { reset: ResetReason; error?: unknown };

/** The stored snapshot carried from `from` to `versioning.version` by its migrations. */
export function migrate(snapshot: StoredSnapshot, from: number, versioning: Versioning): Carried {
  if (from > versioning.version) return { reset: 'newer' };
  let carried = snapshot;
  for (let version = from; version < versioning.version; version += 1) {
    const migration = versioning.migrations[version];
    if (!migration) return { reset: 'no-migration' };
    try {
      carried = migration(carried);
    } catch (error) {
      return { reset: 'migration-failed', error };
    }
  }
  return { snapshot: carried };
}

/** Whether the snapshot's active states have a view (every state a turn can rest in has). */
function hasView(snapshot: SnapshotFrom<BookingMachine>): boolean {
  const metas = snapshot.getMeta() as Record<string, StepMeta | undefined>;
  return Object.values(metas).some((meta) => meta?.view !== undefined);
}

/** The snapshot as a machine at rest, or why it is not one. */
function restoreAt(
  machine: BookingMachine,
  snapshot: StoredSnapshot,
  input: BookingInput,
  drawable: Drawable,
) {
  if (!restorable(snapshot)) return { reset: 'invalid' as const };
  try {
    // `input` is ignored when a snapshot is given; the types want it anyway.
    const actor = createActor(machine, { snapshot: snapshot as never, input });
    const restored = actor.getSnapshot();
    if (restored.status !== 'active') {
      return { reset: 'invalid' as const, error: (restored as { error?: unknown }).error };
    }
    if (!hasView(restored)) return { reset: 'invalid' as const };
    drawable(restored);
    return { actor };
  } catch (error) {
    return { reset: 'invalid' as const, error };
  }
}

/**
 * The conversation's machine (not started) from its stored record: restored, or started
 * over where it cannot be, with the order of whatever snapshot was there.
 */
export function restoreConversation(
  machine: BookingMachine,
  stored: { record?: ConversationRecord; damaged: boolean },
  input: BookingInput,
  versioning: Versioning,
  drawable: Drawable = () => undefined,
): Restored {
  const fresh = () => createActor(machine, { input });
  if (stored.damaged) return { actor: fresh(), reset: 'unreadable' };
  const record = stored.record;
  if (!record) return { actor: fresh() };
  const snapshot = record.snapshot;
  if (typeof snapshot !== 'object' || snapshot === null) {
    return { actor: fresh(), reset: 'unreadable' };
  }
  const from = Number.isInteger(record.machineVersion) ? record.machineVersion! : UNVERSIONED;
  const carried = migrate(snapshot as StoredSnapshot, from, versioning);
  const restored =
    'snapshot' in carried ? restoreAt(machine, carried.snapshot, input, drawable) : carried;
  if ('actor' in restored) return { actor: restored.actor };
  // The order as the migrations left it, where they ran: in the shape the machine reads.
  const latest = 'snapshot' in carried ? carried.snapshot : snapshot;
  return {
    actor: startedOver(machine, input, orderKept(latest)),
    reset: restored.reset,
    ...(restored.error !== undefined ? { error: restored.error } : {}),
  };
}

/** A new conversation at the machine's first step, with `kept` of an older one's context. */
function startedOver(
  machine: BookingMachine,
  input: BookingInput,
  kept: Partial<BookingContext>,
): Actor<BookingMachine> {
  const initial = createActor(machine, { input }).getSnapshot();
  const snapshot = machine.resolveState({
    value: initial.value,
    context: { ...initial.context, ...kept },
  });
  return createActor(machine, { snapshot, input });
}
