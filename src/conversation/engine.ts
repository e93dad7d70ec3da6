/**
 * One customer turn: under the conversation's lock, restore the machine from its
 * snapshot, interpret the input against the current view, send the event, wait until
 * no partner call is running, save the snapshot with a version check, and render the
 * new view. The same engine serves every channel.
 *
 * XState re-runs invoked actors when a snapshot is restored; we only ever save settled
 * snapshots (no state tagged `busy`), and the actors that change state at the partner
 * guard themselves with idempotency records, so a crash between two steps is safe.
 *
 * Across instances and crashes: the lock is a lease (kept alive while the turn runs), so
 * an instance killed mid-turn holds the conversation for seconds, not minutes; and an
 * input may carry a key (the channel's id for it: a Telegram update, a rendered view),
 * remembered in the snapshot it produced, in the same write. An input handled again
 * (redelivered after a crash, or taken by two instances) then changes nothing: the turn
 * answers with the current view, whether or not the first handling got to answer.
 */
import { waitFor, type SnapshotFrom } from 'xstate';
import { BOOKING_MACHINE_VERSION, type BookingMachine } from '#flows/booking/machine.js';
import { bookingMigrations } from '#flows/booking/migrations.js';
import type { BookingContext } from '#flows/booking/types.js';
import type { BookingView, StepMeta, ViewDeps } from '#flows/booking/view.js';
import { withLanguageOffer } from '#flows/booking/steps/language.js';
import type { CatalogService } from '#src/catalog/catalog-service.js';
import { isLang, type Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import { catalogMessages, text } from '#src/i18n/catalog.js';
import { currentTurn, silentLogger, type Logger } from '#src/log.js';
import { conversationKey } from '#src/store/keys.js';
import {
  keepLease,
  LockTimeoutError,
  type Lock,
  type Store,
  type Versioned,
  type Write,
} from '#src/store/store.js';
import type { Input } from './interpret.js';
import { createLiveActors, type Beyond, type LiveActors, type Running } from './live-actors.js';
import { applyReading, languageEvent, RETRY_ID } from './turn-reading.js';
import { startTurn, TurnWrites } from './turn-writes.js';
import type { TurnWork } from './turn-work.js';
import type { Beside, BesideAnswer, Who } from './beside.js';
import {
  readRecord,
  restoreConversation,
  type ConversationRecord,
  type Versioning,
} from './restore.js';
import type { Notice, Reply } from '#flows/view.js';

export interface EngineOptions {
  machine: BookingMachine;
  store: Store;
  catalog: CatalogService;
  defaultLanguage: Lang;
  now?: () => Date;
  /** A new ShoppingCartId (13 characters, unique). */
  newCartId: () => string;
  /** How long an idle conversation (and the personal data in it) is kept. */
  ttlSeconds?: number;
  /** Upper bound of one turn; above the partner calls' own time limits. */
  turnTimeoutMs?: number;
  /**
   * The conversation lock's lease: how long a crashed holder keeps the conversation
   * (a live one extends it while its turn runs).
   */
  lockLeaseMs?: number;
  logger?: Logger;
  /**
   * How many conversations keep their running actor between turns in this process (an
   * LRU; 0: every turn restores from the snapshot). Bounds the memory it takes.
   */
  liveConversations?: number;
  /**
   * Told the context before and after every turn, before it is saved: the work that
   * follows the conversation from outside (turn-work.ts), or undefined when this turn
   * needs none.
   */
  onSettled?: (
    conversationId: string,
    before: BookingContext,
    after: BookingContext,
  ) => TurnWork | undefined;
  /** What sits beside the machine (the handoff to a person). */
  beside?: Beside;
  /**
   * The machine's version written with every snapshot and the migrations of older ones
   * (default: the booking machine's, flows/booking/migrations.ts).
   */
  versioning?: Versioning;
}

type Persisted = ConversationRecord;

/** How many input keys a conversation remembers. */
const HANDLED_KEYS = 32;

/** The input keys remembered once `key` is taken: the latest HANDLED_KEYS, in one copy. */
function remembered(handled: readonly string[], key: string): string[] {
  const kept = handled.slice(Math.max(0, handled.length - HANDLED_KEYS + 1));
  kept.push(key);
  return kept;
}

export interface TurnOptions {
  /**
   * The input's identity at the channel (e.g. `tg:update:<id>`, or the stamp of the
   * view a button belongs to): an input whose key the conversation has already taken
   * changes nothing.
   */
  key?: string;
  /** Who wrote (for a handoff's summary); never kept in the record. */
  who?: Who;
  /**
   * A channel's own keys, read with the conversation in the exchange that takes its lease
   * (`got` is given their values, in order): what the channel would read next otherwise.
   * Not read with `begun` (the channel read them in its own exchange).
   */
  also?: { keys: string[]; got(values: (Versioned<unknown> | undefined)[]): void };
  /**
   * The conversation's lease, taken by the channel in an exchange of its own as
   * `Engine.turnBegins` describes (free then), with the conversation read: the turn starts
   * from it, without an exchange to take it, and frees it as its own.
   */
  begun?: Lock<unknown>;
  /**
   * A channel's own writes for the reply (its view's record), carried by the exchange that
   * saves the turn: written whatever is stored, even when the turn is dropped.
   */
  writes?: (reply: Reply<unknown>) => Write[];
  /** A message sent at once, before the reply (turn-writes.ts, `TurnAbout.early`). */
  early?: (text: string) => void;
}

type Snapshot = SnapshotFrom<BookingMachine>;

const messages = catalogMessages(import.meta.url, { retry: text });

/**
 * What a turn shows when the partner's catalog cannot be loaded (no step can be drawn
 * without it): the customer hears the service is down, and gets a button to try again.
 * Its event is never sent: the next turn reads the input against the real view, and
 * this button there just shows where the customer is.
 */
function unavailableView(language: Lang): Reply<unknown>['view'] {
  return {
    text: common(language).serviceDown,
    expects: 'choice',
    options: [{ id: RETRY_ID, label: messages(language).retry, event: { type: 'nav.home' } }],
  };
}

export interface Engine {
  /** Handles one input of a conversation and answers with what to show. */
  handle(conversationId: string, input: Input, options?: TurnOptions): Promise<Reply<unknown>>;
  /** What the conversation shows now, without changing it. */
  current(conversationId: string): Promise<Reply<unknown>>;
  /**
   * The language the conversation is in (the customer's choice), read from what is saved,
   * without its lock; undefined before its first saved turn. For a channel's own words.
   */
  languageOf(conversationId: string): Promise<Lang | undefined>;
  /**
   * For a tap on a button of a view the conversation has moved past (rare: a channel asks
   * only then): the conversation's language, and what sits beside the machine answers it
   * with while it holds the conversation (a handoff: "paused"), or undefined. One read of
   * what is saved, without its lock; nothing changes.
   */
  earlierTap?(conversationId: string): Promise<{ language?: Lang; answer?: string }>;
  /** How many conversations' actors this process keeps running between turns now. */
  live?(): number;
  /**
   * The conversation's lease as a channel may take it for a turn to come, in an exchange of
   * its own (a lock to take if free, `LockOptions.take`, with what it reads): handed to
   * `handle` as `TurnOptions.begun`, the turn makes no exchange to begin. Taken but not
   * handed on, it must be released by the channel.
   */
  turnBegins?(conversationId: string): { key: string; read: string };
}

/** The default of `liveConversations` (LIVE_CONVERSATIONS). */
export const LIVE_CONVERSATIONS = 1_000;

const DAY = 24 * 60 * 60;

/** The view of the deepest active state that has one (with the language offered, if any). */
export function viewOf(snapshot: Snapshot, deps: ViewDeps): BookingView {
  const metas = snapshot.getMeta() as Record<string, StepMeta | undefined>;
  const ids = Object.keys(metas).sort((a, b) => b.length - a.length);
  for (const id of ids) {
    const view = metas[id]?.view;
    if (view) return withLanguageOffer(view(snapshot.context, deps), snapshot.context);
  }
  throw new Error(`state ${JSON.stringify(snapshot.value)} has no view`);
}

/**
 * What a turn's last exchange carries besides its own write: the channel's records drawn
 * from the reply (`TurnOptions.writes`) and what the turn's actors held back, now closed.
 */
function endWrites(turnOptions: TurnOptions, reply: Reply<unknown>, writes: TurnWrites): Write[] {
  return [...(turnOptions.writes?.(reply) ?? []), ...writes.close()];
}

/** What an engine's turns work with: its options, their defaults applied, and its parts. */
interface Env {
  options: EngineOptions;
  machine: BookingMachine;
  store: Store;
  ttlSeconds: number;
  turnTimeoutMs: number;
  lockLeaseMs: number;
  logger: Logger;
  liveConversations: number;
  versioning: Versioning;
  live: LiveActors;
  /** What views need; undefined when the catalog cannot be loaded now (service down). */
  deps(language: Lang): Promise<ViewDeps | undefined>;
  /** Resolves once no partner call of the actor runs (no state tagged `busy`). */
  settled(actor: Running): Promise<unknown>;
}

/** One turn's fixed parts: the engine, the conversation, what the turn was given. */
interface TurnCall {
  env: Env;
  conversationId: string;
  turnOptions: TurnOptions;
  /** The conversation as read when the lease was taken. */
  saved: Versioned<Persisted> | undefined;
  lock: Lock<Persisted>;
  /** The writes the turn's actors hold back (turn-writes.ts), carried by its last exchange. */
  writes: TurnWrites;
}

export function createEngine(options: EngineOptions): Engine {
  const env = engineEnv(options);
  return {
    handle: (conversationId, input, turnOptions) =>
      lockedTurn(env, conversationId, input, turnOptions),
    current: (conversationId) => lockedTurn(env, conversationId, undefined),
    languageOf: (conversationId) => savedLanguage(env, conversationId),
    earlierTap: (conversationId) => earlierTap(env, conversationId),
    live: () => env.live.size(),
    // Taken with the conversation read, named as `lockedTurn` takes it (a cluster names a
    // lock by what it reads).
    turnBegins: (conversationId) => {
      const key = conversationKey(conversationId);
      return { key, read: key };
    },
  };
}

function engineEnv(options: EngineOptions): Env {
  const {
    catalog,
    now = () => new Date(),
    turnTimeoutMs = 60_000,
    logger = silentLogger,
    liveConversations = LIVE_CONVERSATIONS,
  } = options;
  return {
    options,
    machine: options.machine,
    store: options.store,
    ttlSeconds: options.ttlSeconds ?? 3 * DAY,
    turnTimeoutMs,
    lockLeaseMs: options.lockLeaseMs ?? 4_000,
    logger,
    liveConversations,
    versioning: options.versioning ?? {
      version: BOOKING_MACHINE_VERSION,
      migrations: bookingMigrations,
    },
    live: createLiveActors(liveConversations),
    deps: async (language) => {
      try {
        return { catalog: await catalog.get(language), now: now() };
      } catch (error) {
        logger.warn({ err: error, language }, 'catalog unavailable; turn answered without it');
        return undefined;
      }
    },
    settled: (actor) =>
      waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: turnTimeoutMs }),
  };
}

// An actor at rest is not waited for: waitFor would arm (and clear) a timer and a
// subscription for it, three times a turn, to answer at once; and the turn awaits
// nothing then (`busy(actor) && (await env.settled(actor))`): an await costs a promise.
const busy = (actor: Running) => actor.getSnapshot().hasTag('busy');

/**
 * The conversation's actor from what is stored (restore.ts): restored, or started over
 * keeping the order, the customer told once (the reset is saved with the turn). Not
 * started; an error the actor meets later is the turn's, never the process's.
 */
async function restore(
  env: Env,
  conversationId: string,
  saved: ReturnType<typeof readRecord>,
  notices: Notice[],
): Promise<Running> {
  const { options, logger } = env;
  const input = {
    language: options.defaultLanguage,
    userKey: conversationId,
    shoppingCartId: options.newCartId(),
  };
  // A snapshot restored is one whose view can be drawn (without the catalog, that is
  // left to the turn, which then shows the service down).
  const viewDeps = saved.record && (await env.deps(languageIn(saved.record) ?? input.language));
  const drawable = (snapshot: Snapshot) => void (viewDeps && viewOf(snapshot, viewDeps));
  const restored = restoreConversation(env.machine, saved, input, env.versioning, drawable);
  const { actor } = restored;
  if (restored.reset !== undefined) {
    logger.warn(
      { conversationId, reason: restored.reset, err: restored.error },
      'conversation could not be restored; started over, order kept',
    );
    notices.push({ text: common(actor.getSnapshot().context.language).startedOver });
  }
  // XState throws an error no observer takes outside of everything (a timer): taken here,
  // the turn that meets it fails (`failedMachine`) and the process goes on.
  actor.subscribe({
    error: (error) => logger.error({ conversationId, err: error }, 'booking machine failed'),
  });
  return actor;
}

/** A machine that failed (an action threw): its turn fails, nothing of it is saved. */
function failedMachine(actor: Running): void {
  const snapshot = actor.getSnapshot();
  if (snapshot.status !== 'error') return;
  throw new Error('the booking machine failed', { cause: snapshot.error });
}

/**
 * A turn under the conversation's lease `lock`, from `saved` (read when the lease was
 * taken). With no work to follow the turn, the snapshot is written and the lease
 * released in one exchange; with it, the lease is kept until that work is done. The
 * writes its actors hold back go to `writes` (turn-writes.ts), carried by that exchange.
 */
async function turn(
  env: Env,
  conversationId: string,
  received: Input | undefined,
  turnOptions: TurnOptions,
  saved: Versioned<Persisted> | undefined,
  lock: Lock<Persisted>,
  writes: TurnWrites,
): Promise<Reply<unknown>> {
  const call: TurnCall = { env, conversationId, turnOptions, saved, lock, writes };
  const inputKey = turnOptions.key;
  const reused = saved && env.live.take(conversationId, saved.version);
  // The saved record's rest: the live actor's copy of it, else the record read.
  const stored = reused ? undefined : readRecord(saved);
  const beyond: Beyond | undefined = reused ? reused.beyond : stored?.record;
  const handled = beyond?.handled ?? [];
  // Taken before (a redelivery, a retry after a crash): answered with where things are.
  const repeated = inputKey !== undefined && handled.includes(inputKey);
  const input = repeated ? undefined : received;
  if (repeated) env.logger.info({ conversationId }, 'input already taken; current view shown');
  const notices: Notice[] = [];
  const actor = reused?.actor ?? (await restore(env, conversationId, stored!, notices));
  const listening = actor.on('notice', (event) => notices.push({ text: event.text }));
  // The customer asked to be forgotten (/forget): the beside's state goes too.
  let forgotten = false;
  const forgetting = actor.on('forgotten', () => {
    forgotten = true;
  });
  // Before any of the turn's events (a live actor too: it ran the turn before).
  startTurn(actor.system, writes, {
    conversationId,
    ...(turnOptions.who?.firstName ? { firstName: turnOptions.who.firstName } : {}),
    ...(turnOptions.early ? { early: turnOptions.early } : {}),
  });
  if (!reused) actor.start();
  // Kept running for the next turn once its snapshot is written; else stopped.
  let kept = false;
  try {
    failedMachine(actor);
    if (busy(actor)) await env.settled(actor);
    const first = actor.getSnapshot();
    const aside =
      input && env.options.beside
        ? await besideTakes(call, env.options.beside, input, beyond, first)
        : undefined;
    if (aside) return await besideTurn(call, aside, handled, actor);
    const heard = await hear(env, actor, first, input, notices);
    const { before } = heard;
    if (heard.unread) {
      // Nothing saved: the reply does not tell a language the conversation has not got.
      const reply = { notices, view: unavailableView(before.context.language) };
      await lock.release({ writes: endWrites(turnOptions, reply, writes) });
      return reply;
    }
    failedMachine(actor);
    const after = actor.getSnapshot();
    noteStep(after.value);
    const { reply, beside } = await drawReply(call, input, beyond, after, heard, {
      notices,
      forgotten,
    });
    const persisted = {
      machineVersion: env.versioning.version,
      snapshot: actor.getPersistedSnapshot(),
      handled: inputKey !== undefined && !repeated ? remembered(handled, inputKey) : handled,
      ...(beside !== undefined ? { beside } : {}),
    } satisfies Persisted;
    const { version, work } = await saveTurn(call, reply, persisted, before, after);
    if (version === undefined) {
      if (work?.run) await lock.release();
      // Someone else wrote this conversation meanwhile (our lock had expired): our
      // result is dropped, and the customer is asked to go on from what is saved.
      env.logger.warn({ conversationId }, 'conversation changed concurrently; turn dropped');
      const { key: _taken, ...rest } = turnOptions;
      const key = conversationKey(conversationId);
      return turn(env, conversationId, undefined, rest, await env.store.get(key), lock, writes);
    }
    if (env.liveConversations > 0) {
      const { snapshot: _written, ...rest } = persisted;
      env.live.keep(conversationId, actor, version, rest);
      kept = true;
    }
    work?.saved?.();
    if (work?.run) {
      try {
        await work.run();
      } finally {
        await lock.release();
      }
    }
    return reply;
  } finally {
    listening.unsubscribe();
    forgetting.unsubscribe();
    if (!kept) actor.stop();
  }
}

/** What sits beside the machine answers for the input, or undefined: the machine reads it. */
function besideTakes(
  { conversationId, turnOptions }: TurnCall,
  beside: Beside,
  input: Input,
  beyond: Beyond | undefined,
  before: Snapshot,
): Promise<BesideAnswer | undefined> {
  return beside.take({
    conversationId,
    input,
    state: beyond?.beside,
    context: before.context,
    step: before.value,
    ...(turnOptions.who ? { who: turnOptions.who } : {}),
  });
}

/** What the machine made of the input (`hear`), and the view it was read against. */
interface Heard {
  /** The machine once the input's language is taken, before the input itself. */
  before: Snapshot;
  /** The view the input was read against. */
  shown?: BookingView;
  /** The input is the bot's own event and the step had no use for it. */
  ignored: boolean;
  /** The catalog could not be loaded: the customer's input was left unread. */
  unread?: boolean;
}

/**
 * The input heard by the machine: its language first (turn-reading.ts), then the input
 * read against the view shown before it. Without the catalog the customer's input cannot
 * be read against the view: it is left unread (nothing changes). The bot's own events
 * need no view.
 */
async function hear(
  env: Env,
  actor: Running,
  first: Snapshot,
  input: Input | undefined,
  notices: Notice[],
): Promise<Heard> {
  let before = first;
  const noticed = languageEvent(input, before.context.languageOpen === true);
  if (noticed && before.can(noticed)) {
    actor.send(noticed);
    if (busy(actor)) await env.settled(actor);
    before = actor.getSnapshot();
  }
  if (!input) return { before, ignored: false };
  const beforeDeps = await env.deps(before.context.language);
  if (beforeDeps === undefined && input.kind !== 'event') {
    return { before, ignored: false, unread: true };
  }
  const shown: BookingView =
    beforeDeps === undefined
      ? { text: '', options: [], expects: 'none' }
      : viewOf(before, beforeDeps);
  const ignored = applyReading(actor, before, input, shown, notices);
  if (busy(actor)) await env.settled(actor);
  return { before, shown, ignored };
}

/**
 * The turn's reply, drawn before the write (the channel's writes for it ride with it): the
 * step's view as what sits beside the machine presents it, and the beside's state to save.
 */
async function drawReply(
  { env, conversationId }: TurnCall,
  input: Input | undefined,
  beyond: Beyond | undefined,
  after: Snapshot,
  heard: Heard,
  { notices, forgotten }: { notices: Notice[]; forgotten: boolean },
): Promise<{ reply: Reply<unknown>; beside: unknown }> {
  const besides = env.options.beside;
  const language = after.context.language;
  const afterDeps = await env.deps(language);
  const stepView = afterDeps === undefined ? unavailableView(language) : viewOf(after, afterDeps);
  const beside =
    besides && forgotten
      ? besides.forget(beyond?.beside)
      : besides && input
        ? besides.record(
            {
              conversationId,
              input,
              state: beyond?.beside,
              context: after.context,
              step: after.value,
            },
            { notices, view: stepView },
            heard.shown,
          )
        : beyond?.beside;
  const view = besides
    ? besides.present(beside, stepView, {
        language,
        ...(input ? { input } : {}),
        ...(heard.shown ? { shown: heard.shown } : {}),
      })
    : stepView;
  const reply: Reply<unknown> = heard.ignored
    ? { notices, view, ignored: true, language }
    : { notices, view, language, ...(forgotten ? { forgotten } : {}) };
  return { reply, beside };
}

/**
 * Saves the turn's record; undefined `version` when someone else wrote the conversation
 * meanwhile. What follows the turn (turn-work.ts): its records ride the save, made only
 * with it; its run (scheduling) keeps the lease until done (the save keeps it:
 * putAndKeep), the release waiting for it.
 */
async function saveTurn(
  { env, conversationId, turnOptions, saved, lock, writes }: TurnCall,
  reply: Reply<unknown>,
  persisted: Persisted,
  before: Snapshot,
  after: Snapshot,
): Promise<{ version: number | undefined; work: TurnWork | undefined }> {
  const key = conversationKey(conversationId);
  const work = env.options.onSettled?.(conversationId, before.context, after.context);
  const reads = work?.reads ?? [];
  const records = work?.writes?.(reads.length > 0 ? await env.store.getMany(reads) : []) ?? [];
  // The writes the turn's actors held back (an effect's "done") ride with the snapshot.
  const ending = { writes: endWrites(turnOptions, reply, writes), ifWritten: records };
  const { ttlSeconds } = env;
  const version = work?.run
    ? await lock.putAndKeep(key, persisted, saved?.version ?? 0, ttlSeconds, ending)
    : await lock.putAndRelease(key, persisted, saved?.version ?? 0, ttlSeconds, ending);
  return { version, work };
}

/**
 * A turn the beside took (src/conversation/handoff): the machine's snapshot is saved
 * as it was, with the beside's new state; the reply is its notices, with the step's view
 * shown again or left as it is.
 */
async function besideTurn(
  call: TurnCall,
  answer: BesideAnswer,
  handled: string[],
  actor: Running,
): Promise<Reply<unknown>> {
  const { env, conversationId, turnOptions, saved, lock, writes } = call;
  const before = actor.getSnapshot();
  const language = before.context.language;
  const outcome = answer.outcome !== undefined ? { outcome: answer.outcome } : {};
  if ('ignored' in answer) {
    return {
      notices: [],
      view: { text: '', options: [], expects: 'none' },
      ignored: true,
      ...outcome,
    };
  }
  const key = conversationKey(conversationId);
  const inputKey = turnOptions.key;
  // The reply is drawn before the write: the channel's writes for it ride with it.
  const stepDeps = await env.deps(language);
  const stepView = stepDeps === undefined ? unavailableView(language) : viewOf(before, stepDeps);
  const presented = env.options.beside!.present(answer.state, stepView, { language });
  const view = answer.tickets ? { ...presented, tickets: answer.tickets } : presented;
  const reply: Reply<unknown> = {
    notices: answer.notices,
    view,
    ...(answer.documents ? { documents: answer.documents } : {}),
    language,
    ...(answer.show === 'notices' ? { keepView: true } : {}),
    ...outcome,
  };
  const version = await lock.putAndRelease(
    key,
    {
      machineVersion: env.versioning.version,
      snapshot: actor.getPersistedSnapshot(),
      handled: inputKey !== undefined ? remembered(handled, inputKey) : handled,
      beside: answer.state,
    } satisfies Persisted,
    saved?.version ?? 0,
    env.ttlSeconds,
    { writes: endWrites(turnOptions, reply, writes) },
  );
  if (version === undefined) {
    env.logger.warn({ conversationId }, 'conversation changed concurrently; turn dropped');
    const { key: _taken, ...rest } = turnOptions;
    return turn(env, conversationId, undefined, rest, await env.store.get(key), lock, writes);
  }
  return reply;
}

/** The saved conversation's language, whatever shape an older snapshot has. */
function languageIn(saved: Persisted | undefined): Lang | undefined {
  const snapshot = saved?.snapshot as { context?: { language?: unknown } } | null | undefined;
  const language = snapshot?.context?.language;
  return isLang(language) ? language : undefined;
}

/** The saved conversation's record, if it is one. */
async function savedRecord(env: Env, conversationId: string) {
  return readRecord(await env.store.get<unknown>(conversationKey(conversationId))).record;
}

async function savedLanguage(env: Env, conversationId: string): Promise<Lang | undefined> {
  return languageIn(await savedRecord(env, conversationId));
}

async function earlierTap(
  env: Env,
  conversationId: string,
): Promise<{ language?: Lang; answer?: string }> {
  const saved = await savedRecord(env, conversationId);
  const language = languageIn(saved);
  const answer =
    saved?.beside !== undefined
      ? env.options.beside?.earlierTap?.(saved.beside, language ?? env.options.defaultLanguage)
      : undefined;
  return { ...(language ? { language } : {}), ...(answer !== undefined ? { answer } : {}) };
}

/**
 * A turn holding the conversation's lease, taken with the saved conversation read (here,
 * or by the channel: `TurnOptions.begun`).
 */
async function lockedTurn(
  env: Env,
  conversationId: string,
  input: Input | undefined,
  turnOptions: TurnOptions = {},
): Promise<Reply<unknown>> {
  const { store, logger, lockLeaseMs } = env;
  try {
    const key = conversationKey(conversationId);
    const also = turnOptions.also;
    const begun = turnOptions.begun as Lock<Persisted> | undefined;
    const lock =
      begun ??
      (await store.lock<Persisted>(key, {
        ttlMs: lockLeaseMs,
        waitMs: env.turnTimeoutMs,
        read: key,
        ...(also ? { also: also.keys } : {}),
      }));
    if (also && !begun) also.got(lock.also ?? []);
    const writes = new TurnWrites();
    return await keepLease(lock, lockLeaseMs, async () => {
      try {
        return await turn(env, conversationId, input, turnOptions, lock.read, lock, writes);
      } finally {
        // A turn that failed before its end (or a beside's ignored input) still writes
        // what its actors held back (a partner call's outcome is kept whether or not the
        // turn is), in the exchange that frees the conversation: never after it, when
        // another turn could read the attempt as "started" or have settled it since.
        // keepLease's own release then sends nothing.
        const left = writes.close();
        if (left.length > 0)
          await lock
            .release({ writes: left })
            .catch((error: unknown) =>
              logger.warn({ err: error, conversationId }, 'held-back writes not made'),
            );
      }
    });
  } catch (error) {
    if (error instanceof LockTimeoutError) {
      const language = await savedLanguage(env, conversationId);
      throw new BusyError(common(language ?? env.options.defaultLanguage).busy);
    }
    throw error;
  }
}

/** The step a turn ended on, for its log line: `booking.choosing.date`. */
function noteStep(value: unknown): void {
  const turn = currentTurn();
  if (turn) turn.step = stepName(value);
}

export function stepName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return String(value);
  return Object.entries(value)
    .map(([name, inner]) => `${name}.${stepName(inner)}`)
    .join(',');
}

/** The conversation is held by another turn for longer than a turn may take. */
export class BusyError extends Error {
  override name = 'BusyError';
}
