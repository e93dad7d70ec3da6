/**
 * The booking machine for the flows' tests, in one place: placed in a step with a
 * prepared context, with the actors a test provides (typed against the machine's own:
 * a fake's input and output must be the real actor's) and every other actor idle (never
 * settling), so only the step under test acts; the demo catalog and a fixed clock for
 * views (Wednesday 10 June 2026, 10:00 in Madrid, the catalog's "today"); and the
 * customer's input read through the current view, as the engine reads it.
 *
 * Each area's harness (test/flows/*-harness.ts) adds its own fixtures (a cart line, a
 * draft, a package search) and the few helpers its tests read best with.
 */
import {
  createActor,
  fromPromise,
  type AnyActorLogic,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import type { Catalog } from '#src/api/catalog.js';
import { indexCatalog } from '#src/catalog/catalog-index.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import { viewOf } from '#src/conversation/engine.js';
import { interpret, type Input } from '#src/conversation/interpret.js';
import { fallbackOf, type Lang } from '#src/domain/lang.js';
import { demoCatalog, type SeedLanguage } from '#src/sandbox/seed/index.js';
import { bookingMachine, type BookingMachine } from '#flows/booking/machine.js';
import { booking } from '#flows/booking/setup.js';
import type { BookingContext, BookingEvent } from '#flows/booking/types.js';
import type { BookingView } from '#flows/booking/view.js';
import { DEFAULT_TEST_NOW } from './clock.js';

/** The harness's clock (the suite's default "now"): 10:00 in Madrid, a Wednesday. */
export const NOW = new Date(DEFAULT_TEST_NOW);
/** The demo catalog's "today": NOW's day. */
export const TODAY = '2026-06-10';

const catalogs = new Map<SeedLanguage, CatalogIndex>();

/** The language of the demo catalog for `lang`: the first of its fallback the seed writes. */
const seedLanguage = (lang: Lang): SeedLanguage =>
  fallbackOf(lang).find((each): each is SeedLanguage => each === 'es' || each === 'en') ?? 'es';

/** The demo catalog in `lang`, indexed once. */
export function demo(lang: Lang = 'en'): CatalogIndex {
  const seed = seedLanguage(lang);
  let found = catalogs.get(seed);
  if (!found) {
    found = indexCatalog(demoCatalog({ today: TODAY, language: seed }));
    catalogs.set(seed, found);
  }
  return found;
}

/** A demo catalog changed by `edit` (a deep copy: the shared one stays as it is). */
export function editedCatalog(edit: (catalog: Catalog) => void, lang: Lang = 'en'): CatalogIndex {
  const copy = structuredClone(demo(lang).catalog);
  edit(copy);
  return indexCatalog(copy);
}

/** The machine's own actors, as the composition root provides them. */
type ProvidedActors = NonNullable<Parameters<BookingMachine['provide']>[0]['actors']>;

/**
 * Actors a test provides, by the machine's names (a misspelt one is a type error, not an
 * actor that silently stays idle); each a fake of its own making.
 */
export type BookingActors = { [Name in keyof ProvidedActors]?: AnyActorLogic };

/** A promise actor that records its inputs and answers with `run`. */
export function fake<Output, In = unknown>(run: (input: In) => Promise<Output> | Output) {
  const inputs: In[] = [];
  const logic = fromPromise<Output, In>(async ({ input }) => {
    inputs.push(input);
    return run(input);
  });
  return { logic, inputs };
}

/** A promise actor that fails with `error`. */
export const failing = (error: unknown) =>
  fromPromise<never, unknown>(async () => {
    throw error;
  });

const never = fromPromise<never, unknown>(() => new Promise<never>(() => undefined));

/** Every actor of the machine as one that never settles. */
const idle: BookingActors = Object.fromEntries(
  Object.keys(bookingMachine.implementations.actors).map((name) => [name, never]),
);

export interface MachineOptions {
  /**
   * Where the machine starts. A path (`'cart'`, `['packages', 'people', 'adults']`) is
   * entered as from the step before: each level's initial state set along it, so its
   * entry actions, `always` transitions and actors run. A state value
   * (`{ cart: 'idle' }`) is resolved as is: nothing runs until the first event.
   */
  at: string | string[] | Exclude<StateValue, string>;
  context: BookingContext;
  actors?: BookingActors;
  /** The catalog views read (default: the demo catalog in the context's language). */
  catalog?: CatalogIndex;
  /**
   * Steps of other modules replaced by inert states: to see that a transition lands
   * there, whatever those steps then do on their own.
   */
  stub?: string[];
}

type StateNode = { initial?: unknown; states?: Record<string, StateNode> };

/** The states config with `initial` set along `path` (the first level is the machine's). */
function startingAt(states: Record<string, StateNode>, path: string[]): Record<string, StateNode> {
  const [head, next, ...rest] = path;
  if (head === undefined || next === undefined) return states;
  const node = states[head]!;
  return {
    ...states,
    [head]: { ...node, initial: next, states: startingAt(node.states ?? {}, [next, ...rest]) },
  };
}

/**
 * The booking machine with another initial state, context or inert steps. XState's types
 * cannot say that a machine made from the booking machine's own config is that machine,
 * so this is the one place that says it.
 */
function variant(path: string[] | undefined, ctx: BookingContext, stub: string[]): BookingMachine {
  if (path === undefined && stub.length === 0) return bookingMachine;
  const states = {
    ...(bookingMachine.config.states as Record<string, StateNode>),
  };
  for (const name of stub) states[name] = {};
  const config = {
    ...bookingMachine.config,
    states: path ? startingAt(states, path) : states,
    ...(path ? { initial: path[0], context: () => ctx } : {}),
  };
  return booking.createMachine(
    config as Parameters<typeof booking.createMachine>[0],
  ) as unknown as BookingMachine;
}

/** What a customer's input did: the event sent, or why none was. */
export interface Reading {
  sent?: BookingEvent;
  refused?: string;
}

export function startMachine(options: MachineOptions) {
  const { context: ctx } = options;
  const path =
    typeof options.at === 'string' ? [options.at] : Array.isArray(options.at) ? options.at : [];
  const entered = path.length > 0;
  const machine = variant(entered ? path : undefined, ctx, options.stub ?? []).provide({
    // A fake's input and output are the test's to match: XState checks an actor's logic
    // against the machine's exactly, which a recording fake cannot say.
    actors: { ...idle, ...options.actors } as ProvidedActors,
  });
  const notices: string[] = [];
  const actor = createActor(machine, {
    input: { language: ctx.language, userKey: ctx.userKey, shoppingCartId: 'cart000000001' },
    ...(entered
      ? {}
      : {
          snapshot: machine.resolveState({
            value: options.at as Exclude<StateValue, string>,
            context: ctx,
          }),
        }),
  });
  actor.on('notice', (event) => notices.push(event.text));
  actor.start();
  const catalog = options.catalog ?? demo(ctx.language);
  const snapshot = (): SnapshotFrom<BookingMachine> => actor.getSnapshot();
  /** Waits while a partner call runs (a state tagged `busy`), as the engine does. */
  const settled = async () => {
    for (let i = 0; i < 100 && snapshot().hasTag('busy'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return snapshot();
  };
  const view = (now = NOW): BookingView => viewOf(snapshot(), { catalog, now });
  const can = (event: BookingEvent) => snapshot().can(event);
  /** A customer's input read through the current view: sent when the state takes it. */
  const input = (value: Input): Reading => {
    const reading = interpret(value, view());
    if ('event' in reading) {
      if (!can(reading.event)) return { refused: 'cannot' };
      actor.send(reading.event);
      return { sent: reading.event };
    }
    if ('error' in reading) return { refused: reading.error };
    return { refused: 'stale' in reading ? 'stale' : 'not understood' };
  };
  const send = (event: BookingEvent) => {
    actor.send(event);
    return snapshot();
  };
  /** The active state as a dotted path: "packages.people.adults". */
  const at = () => {
    const parts: string[] = [];
    let value: StateValue | undefined = snapshot().value;
    while (value !== undefined) {
      if (typeof value === 'string') {
        parts.push(value);
        break;
      }
      const key: string = Object.keys(value)[0]!;
      parts.push(key);
      value = value[key];
    }
    return parts.join('.');
  };
  return {
    actor,
    notices,
    snapshot,
    settled,
    view,
    can,
    input,
    send,
    at,
    state: () => snapshot().value,
    context: () => snapshot().context,
    ids: () => view().options.map((option) => option.id),
  };
}

export type MachineHarness = ReturnType<typeof startMachine>;
