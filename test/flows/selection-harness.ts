/**
 * The selection steps' fixtures (a demo product opened as the real step opens it, a draft
 * of it, a context with an empty cart) over the one machine harness
 * (test/support/machine-harness.ts), with the catalog in the context's language.
 */
import type { CatalogIndex } from '#src/domain/catalog.js';
import { openProductDraft } from '#flows/booking/choosing/product-rules.js';
import type {
  BookingContext,
  BookingEvent,
  CartLine,
  Draft,
  DraftProduct,
} from '#flows/booking/types.js';
import { NOW, demo, startMachine, type BookingActors } from '#test/support/machine-harness.js';

export { NOW, TODAY, demo, editedCatalog, fake } from '#test/support/machine-harness.js';

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

export interface StartOptions {
  actors?: BookingActors;
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
  const h = startMachine({ at: initial, context: ctx, ...options });
  return {
    ...h,
    view: () => h.view(),
    say: (text: string) => h.input({ kind: 'text', text }),
    choose: (id: string) => h.input({ kind: 'choose', id }),
    send: (event: BookingEvent) => h.send(event),
  };
}
