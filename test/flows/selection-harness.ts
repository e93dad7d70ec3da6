/**
 * The booking machine for the selection steps' tests: started in a state with a context,
 * with fake actors (the others never settle), the demo catalog for views, a fixed clock
 * (Wednesday 10 June 2026, 10:00 in Madrid), and the customer's input read through the
 * current view as the engine reads it.
 */
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import type { Catalog } from '#src/api/catalog.js';
import { indexCatalog, type CatalogIndex } from '#src/catalog/catalog-index.js';
import { viewOf } from '#src/conversation/engine.js';
import { interpret, type Input } from '#src/conversation/interpret.js';
import type { Lang } from '#src/domain/lang.js';
import { bookingMachine } from '#flows/booking/machine.js';
import { booking } from '#flows/booking/setup.js';
import { openProductDraft } from '#flows/booking/choosing/product-rules.js';
import type {
  BookingContext,
  BookingEvent,
  CartLine,
  Draft,
  DraftProduct,
} from '#flows/booking/types.js';
import type { BookingView } from '#flows/booking/view.js';
import { demoCatalog } from '#src/sandbox/seed/index.js';

export const TODAY = '2026-06-10';
/** 10:00 in Madrid (summer time), a Wednesday. */
export const NOW = new Date('2026-06-10T08:00:00Z');

const catalogs = new Map<Lang, CatalogIndex>();
export function demo(lang: Lang = 'en'): CatalogIndex {
  let found = catalogs.get(lang);
  if (!found) {
    found = indexCatalog(demoCatalog({ today: TODAY, language: lang }));
    catalogs.set(lang, found);
  }
  return found;
}

/** A demo catalog changed by `edit` (a deep copy: the shared one stays as it is). */
export function editedCatalog(edit: (catalog: Catalog) => void, lang: Lang = 'en'): CatalogIndex {
  const copy = structuredClone(demo(lang).catalog);
  edit(copy);
  return indexCatalog(copy);
}

/** The DraftProduct the real openProduct logic makes for a demo product. */
export function opened(
  productId: string,
  options: {
    cart?: CartLine[];
    catalog?: CatalogIndex;
    capacity?: Parameters<typeof openProductDraft>[0]['capacity'];
  } = {},
): DraftProduct {
  const catalog = options.catalog ?? demo();
  const opening = openProductDraft({
    entry: catalog.product(productId)!,
    catalog,
    instant: NOW,
    cart: options.cart ?? [],
    capacity: options.capacity,
  });
  if (!opening.ok) throw new Error(`not opened: ${opening.reason}`);
  return opening.product;
}

/** A product as if it had no ticket types: its quantity step is the plain one. */
export function withoutTypes(product: DraftProduct): DraftProduct {
  const { types: _types, ...rest } = product;
  return rest;
}

export function draftOf(product: DraftProduct, over: Partial<Draft> = {}): Draft {
  return { product, sessions: [], questionSets: [], answers: {}, questionCursor: 0, ...over };
}

export function context(over: Partial<BookingContext> = {}): BookingContext {
  return {
    language: 'en',
    userKey: 'test:selection',
    browse: { page: 0 },
    cart: { shoppingCartId: 'cart000000001', lines: [] },
    checkout: { insuranceDeclined: false, profileAnswers: {} },
    // Remembered details are looked up once (the client step); none here.
    customer: { recalled: true, saved: false },
    ...over,
  };
}

/** Every actor of the machine as one that never settles. */
const idle = Object.fromEntries(
  Object.keys(bookingMachine.implementations.actors).map((name) => [
    name,
    fromPromise(() => new Promise<never>(() => undefined)),
  ]),
);

export interface StartOptions {
  actors?: Record<string, AnyActorLogic>;
  catalog?: CatalogIndex;
}

/**
 * The machine in `initial`: a top-level step name is entered as from the step before
 * (its `always` and actors run); an object such as `{ date: 'pick' }` is resolved as is.
 */
export function start(
  initial: string | Record<string, string>,
  ctx: BookingContext,
  options: StartOptions = {},
) {
  const actors = { ...idle, ...options.actors };
  const machine =
    typeof initial === 'string'
      ? booking
          .createMachine({ ...bookingMachine.config, initial, context: () => ctx } as never)
          .provide({ actors } as never)
      : bookingMachine.provide({ actors } as never);
  const notices: string[] = [];
  const actor = createActor(machine, {
    input: { language: ctx.language, userKey: ctx.userKey, shoppingCartId: 'cart000000001' },
    ...(typeof initial === 'string'
      ? {}
      : { snapshot: machine.resolveState({ value: initial, context: ctx }) }),
  });
  actor.on('notice', (event) => notices.push(event.text));
  actor.start();
  const catalog = options.catalog ?? demo(ctx.language);
  const snapshot = () => actor.getSnapshot();
  const settled = async () => {
    for (let i = 0; i < 100 && actor.getSnapshot().hasTag('busy'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return actor.getSnapshot();
  };
  const view = (): BookingView =>
    viewOf(actor.getSnapshot() as never, { catalog: catalog, now: NOW });
  /** What a customer's input does through the current view: the event sent, or why not. */
  const input = (value: Input): { sent?: BookingEvent; refused?: string } => {
    const reading = interpret(value, view());
    if ('event' in reading) {
      if (!actor.getSnapshot().can(reading.event)) return { refused: 'cannot' };
      actor.send(reading.event);
      return { sent: reading.event };
    }
    if ('error' in reading) return { refused: reading.error };
    return { refused: 'stale' in reading ? 'stale' : 'not understood' };
  };
  const say = (text: string) => input({ kind: 'text', text });
  const choose = (id: string) => input({ kind: 'choose', id });
  const send = (event: BookingEvent) => {
    actor.send(event);
    return actor.getSnapshot();
  };
  const state = () => actor.getSnapshot().value;
  return { actor, notices, settled, view, say, choose, send, snapshot, state };
}

/** A fake promise actor that records its inputs. */
export function fake<Output, In>(run: (input: In) => Promise<Output> | Output) {
  const inputs: In[] = [];
  const logic = fromPromise<Output, In>(async ({ input }) => {
    inputs.push(input);
    return run(input);
  });
  return { logic, inputs };
}
