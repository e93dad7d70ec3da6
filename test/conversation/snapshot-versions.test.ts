/**
 * Conversations stored by an earlier release, restored by this one (the real bot: real
 * actors, the sandbox on loopback, Redis). Every state a conversation can rest in is
 * stored as the previous machine version wrote it (the states of a booking driven to its
 * end as they were saved; the others built from the machine's definition) and answers a
 * turn where it was. A snapshot whose state the machine no longer has starts over, the
 * order kept and the customer told once; a value that is not a record at all too; neither
 * stops the process.
 */
import type { CancelCandidate } from '#flows/booking/actors/cancel-booking.js';
import type { CancelVerdict } from '#src/domain/cancel-now.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createActor, type AnyStateNode, type StateValue } from 'xstate';
import { BOOKING_MACHINE_VERSION, bookingMachine } from '#flows/booking/machine.js';
import { UNVERSIONED } from '#flows/booking/migrations.js';
import type { BookingContext } from '#flows/booking/types.js';
import type { ConversationRecord } from '#src/conversation/restore.js';
import { createCatalogService } from '#src/catalog/catalog-service.js';
import { newCartId } from '#src/conversation/actors/cart-id.js';
import { createEngine } from '#src/conversation/engine.js';
import { common } from '#src/i18n/common.js';
import { conversationKey } from '#src/store/keys.js';
import { createRedisStore, serverLayout } from '#src/store/redis-store.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import type { Input } from '#src/conversation/interpret.js';
import { inputFor, museumBooking } from '#test/support/booking-script.js';
import { packageLine } from '#test/flows/packages-harness.js';
import { demoProfile } from '#test/flows/questions-harness.js';
import { startChat, type Chat } from '#test/support/chat.js';

const TTL = 3600;
/** The version the release before this one wrote (the first wrote none). */
const PREVIOUS = BOOKING_MACHINE_VERSION - 1;

type StoredSnapshot = { value: StateValue; context: BookingContext; [key: string]: unknown };

let chat: Chat;
/** Snapshots as the bot saved them while a booking was driven, by state ("reserved.idle"). */
const driven = new Map<string, StoredSnapshot>();
/** Raw access to the bot's Redis (its key prefix): to store what the bot would not write. */
const raw = createRedisStore(inject('redisUrl'));

/** A state value as a dotted path: { reserved: 'idle' } → "reserved.idle". */
function pathOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value)[0]!;
  return inner === undefined ? key : `${key}.${pathOf(inner as StateValue)}`;
}

/** A dotted path as a state value: "reserved.idle" → { reserved: 'idle' }. */
function valueOf(path: string): StateValue {
  const [head, ...rest] = path.split('.');
  return rest.length === 0 ? head! : { [head!]: valueOf(rest.join('.')) };
}

/**
 * Every state a conversation can be saved in: the machine's leaf states that show a view
 * and run no partner call (a turn waits those out before saving).
 */
function restingStates(node: AnyStateNode = bookingMachine.root): string[] {
  const children = Object.values(node.states);
  if (children.length > 0) return children.flatMap((child) => restingStates(child));
  const meta = node.meta as { view?: unknown } | undefined;
  return meta?.view !== undefined && !node.tags.includes('busy') ? [node.path.join('.')] : [];
}

const recordOf = async (conversationId: string) =>
  (await chat.app.store.get<ConversationRecord>(conversationKey(conversationId)))?.value;

/** Stores `snapshot` for a new conversation as the previous release wrote it. */
async function storedByPrevious(snapshot: unknown): Promise<string> {
  const conversationId = `test:${randomUUID()}`;
  const record: ConversationRecord = {
    ...(PREVIOUS >= UNVERSIONED ? { machineVersion: PREVIOUS } : {}),
    snapshot,
    handled: [],
  };
  await chat.app.store.put(conversationKey(conversationId), record, 0, TTL);
  return conversationId;
}

/**
 * The snapshot of `path` built from the machine's definition, with the context of the
 * driven state nearest to it (the longest shared path: the same step's data), over what
 * every driven context held.
 */
function built(path: string): unknown {
  const steps = path.split('.');
  const shared = (other: string) => {
    const its = other.split('.');
    let n = 0;
    while (n < steps.length && steps[n] === its[n]) n += 1;
    return n;
  };
  let nearest: StoredSnapshot | undefined;
  let best = 0;
  for (const [other, snapshot] of driven) {
    if (shared(other) >= best) [nearest, best] = [snapshot, shared(other)];
  }
  const everything = Object.assign({}, ...[...driven.values()].map((s) => s.context));
  const nearby = { ...everything, ...(best > 0 ? nearest!.context : {}) } as BookingContext;
  const context = unreached[path]?.(nearby) ?? nearby;
  const snapshot = bookingMachine.resolveState({ value: valueOf(path), context });
  return createActor(bookingMachine, {
    snapshot,
    input: undefined as never,
  }).getPersistedSnapshot();
}

/**
 * What the states no journey here reaches read, added to the nearest driven context: a
 * product sold for one day only, questions asked at checkout, an invoice (a channel with
 * payments; the JSON-lines chat has none), a package's stay refused by the reservation.
 */
const unreached: Record<string, (context: BookingContext) => BookingContext> = {
  'date.fixed': (context) => ({
    ...context,
    draft: {
      ...context.draft!,
      product: { ...context.draft!.product, fixedDate: context.draft!.accessDate ?? '2026-06-10' },
    },
  }),
  'checkoutQuestions.asking': (context) => {
    const contact = demoProfile(demoIds.profiles.providerMuseum);
    const set = {
      profileId: contact.id,
      level: 'provider' as const,
      label: 'Visit contact',
      questions: contact.questions,
    };
    return {
      ...context,
      checkout: { ...context.checkout, questions: { sets: [set], asking: [0], cursor: 0 } },
    };
  },
  'collect.awaiting': (context) => ({
    ...context,
    payment: {
      expiresAt: context.reservation!.expiresAt,
      invoice: {
        payload: 'invoice-1',
        currency: 'EUR',
        title: 'Sea Museum',
        description: 'Your order',
        lines: [{ label: 'Sea Museum', amount: 1200 }],
        total: 1200,
      },
    },
  }),
  'bookings.cancelConfirm': (context) => cancellingOne(context, { kind: 'free' }),
  'bookings.cancelSent': (context) => ({
    ...cancellingOne(context, { kind: 'free' }),
    cancelChosen: { ...boughtBooking({ kind: 'free' }), requested: true },
  }),
  'bookings.cancelRefused': (context) => cancellingOne(context, { kind: 'nonRefundable' }),
  'packages.stayFailed': (context) => ({
    ...context,
    cart: { ...context.cart, lines: [...context.cart.lines, packageLine('package-1')] },
    packages: { ...context.packages!, replace: { cartItemId: 'package-1' } },
  }),
};

/** A bought booking the customer asked to cancel, as the cancel step keeps it. */
function boughtBooking(verdict: CancelVerdict): CancelCandidate {
  return {
    partnerSaleId: 'partner-sale-1',
    saleIds: ['sale-1'],
    name: 'Sea Museum',
    date: '2026-06-13',
    policy: 'free of charge at any time',
    policyForStaff: 'free of charge at any time',
    verdict,
    order: { products: [{ name: 'Sea Museum', date: '2026-06-13', quantity: 2 }] },
  };
}

function cancellingOne(context: BookingContext, verdict: CancelVerdict): BookingContext {
  const chosen = boughtBooking(verdict);
  return { ...context, cancelling: { candidates: [chosen] }, cancelChosen: chosen };
}

/** What the customer does: choose an option by id, by label, by place; or type. */
type Step = { choose: string } | { pick: string } | { nth: number } | { say: string };

/** Drives a new conversation through `steps`, keeping each state's latest snapshot. */
async function drive(steps: Step[] | ((conversationId: string) => Step[])): Promise<void> {
  const conversationId = `test:${randomUUID()}`;
  let view = (await chat.app.engine.current(conversationId)).view;
  const list = typeof steps === 'function' ? steps(conversationId) : steps;
  for (const step of list) {
    const option =
      'pick' in step
        ? view.options.find((o) => o.label.toLowerCase().includes(step.pick.toLowerCase()))
        : 'nth' in step
          ? view.options[step.nth]
          : undefined;
    if (('pick' in step || 'nth' in step) && !option) {
      throw new Error(`no option ${JSON.stringify(step)} in: ${view.text}`);
    }
    const input: Input =
      'say' in step
        ? { kind: 'text', text: step.say }
        : { kind: 'choose', id: 'choose' in step ? step.choose : option!.id };
    view = (await chat.app.engine.handle(conversationId, input)).view;
    const snapshot = (await recordOf(conversationId))!.snapshot as StoredSnapshot;
    driven.set(pathOf(snapshot.value), snapshot);
  }
}

const startedOver = () => common('en').startedOver;

/**
 * Past the moment XState throws what no observer took: it does so in a `setTimeout(fn)`
 * scheduled when it meets the error, and timers of the same delay run in the order they
 * were set, so one set after the turn runs after it (an order, not a time).
 */
const xstateReported = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(async () => {
  // Sold on account: the booking goes on to its sale without a payment channel.
  chat = await startChat({ env: { REDIS_URL: inject('redisUrl'), PAYMENT_MODE: 'on-account' } });
  const keep = async () => {
    const snapshot = (await recordOf(chat.conversationId))!.snapshot as StoredSnapshot;
    driven.set(pathOf(snapshot.value), snapshot);
  };
  await chat.start();
  await keep();
  for (const step of museumBooking) {
    await chat.send(
      ((input) =>
        'choose' in input
          ? { kind: 'choose' as const, id: input.choose }
          : { kind: 'text' as const, text: input.text })(inputFor(step, chat.last())),
    );
    await keep();
  }
  for (const command of ['/cart', '/mybookings', '/giftcard', '/language']) {
    await chat.say(command);
    await keep();
  }
  // A gift card bought, up to its summary.
  await drive([
    { pick: 'Gift cards' },
    { pick: 'Buy a gift card' },
    { choose: `gift:${demoIds.products.museumGiftCard}` },
    { pick: 'Continue' },
    { say: 'Happy birthday, Sara!' },
    { say: 'Sara Cruz' },
    { say: 'sara.cruz@example.com' },
  ]);
  // A package: its people, its dates, an accommodation's offer.
  await drive([
    { choose: 'packages' },
    { pick: 'Escapada Atlántico' },
    { say: '2' },
    { choose: 'count:1' },
    { choose: 'count:0' },
    { say: '8' },
    { choose: 'rooms:done' },
    { nth: 3 },
    { pick: '2 nights' },
    { nth: 1 },
    { pick: 'Hotel Faro Sur' },
  ]);
  // A combined product, up to its price.
  await drive([
    { choose: 'book' },
    { choose: `provider:${demoIds.providers.museum}` },
    { choose: `combined:${demoIds.combinedProducts.maritimeValencia}` },
    { nth: 2 },
    { say: '2' },
  ]);
});

afterAll(async () => {
  await raw.close();
  await chat.close();
});

/**
 * An order being paid: the driven reservation, with its sale under way and the charge the
 * channel took for it (what a reset must never forget).
 */
function paying(): StoredSnapshot {
  const reserved = driven.get('reserved.idle')!;
  const { context } = reserved;
  return {
    ...reserved,
    context: {
      ...context,
      sale: {
        partnerSaleId: 'sale-1',
        saleIds: [],
        shoppingCartId: context.cart.shoppingCartId,
      },
      payment: { paid: { chargeId: 'charge-1', amount: 1200, currency: 'EUR' } },
    },
  };
}

describe('conversations stored by the previous release', () => {
  it('drives a booking to its sale, through the states a customer meets', () => {
    expect([...driven.keys()]).toEqual(
      expect.arrayContaining(['home', 'browse', 'cart.idle', 'reserved.idle', 'done.showing']),
    );
    const reserved = driven.get('reserved.idle')!.context;
    expect(reserved.cart.lines.length).toBeGreaterThan(0);
    expect(reserved.reservation).toBeDefined();
  });

  it('restores every state the machine can rest in and answers a turn there', async () => {
    const states = restingStates();
    expect(states.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const path of states) {
      const snapshot = driven.get(path) ?? built(path);
      const conversationId = await storedByPrevious(snapshot);
      try {
        const reply = await chat.app.engine.handle(conversationId, { kind: 'text', text: '/help' });
        const after = await recordOf(conversationId);
        const at = pathOf((after!.snapshot as StoredSnapshot).value);
        const told = reply.notices.map((notice) => notice.text);
        if (told.includes(startedOver())) failures.push(`${path}: started over`);
        // After the sale the conversation is at home: the help is answered there.
        else if (at !== path && !(path === 'done.showing' && at === 'home'))
          failures.push(`${path}: now at ${at}`);
        else if (after!.machineVersion !== BOOKING_MACHINE_VERSION)
          failures.push(`${path}: saved as version ${after!.machineVersion}`);
        else if (reply.view.expects === 'none' && reply.view.text === '')
          failures.push(`${path}: no view`);
      } catch (error) {
        failures.push(`${path}: ${String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('a conversation the current machine cannot restore', () => {
  it('starts over at home with the order kept, says so once, and the process serves on', async () => {
    const uncaught: unknown[] = [];
    const listen = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', listen);
    process.on('unhandledRejection', listen);
    try {
      const stored = paying();
      const [step, inner] = Object.entries(valueOf(pathOf(stored.value)))[0] ?? [];
      // The state it was in, renamed by a release with no migration for it.
      const renamed = { ...stored, value: { [`${String(step)}V2`]: inner ?? 'idle' } };
      const conversationId = await storedByPrevious(renamed);

      const turn = chat.app.engine.handle(conversationId, { kind: 'text', text: 'hello' });
      const first = await turn.catch((error: unknown) => ({ failed: error }));
      await xstateReported();
      expect(uncaught).toEqual([]);
      if ('failed' in first) throw first.failed;
      expect(first.notices.map((notice) => notice.text)).toContain(startedOver());
      const after = (await recordOf(conversationId))!;
      const context = (after.snapshot as StoredSnapshot).context;
      expect(after.machineVersion).toBe(BOOKING_MACHINE_VERSION);
      expect(context.cart).toEqual(stored.context.cart);
      expect(context.reservation).toEqual(stored.context.reservation);
      expect(context.sale).toEqual(stored.context.sale);
      expect(context.payment).toEqual(stored.context.payment);
      expect(context.language).toBe(stored.context.language);

      // Told once: the next turn goes on from where it started over.
      const next = await chat.app.engine.handle(conversationId, { kind: 'text', text: '/cart' });
      expect(next.notices.map((notice) => notice.text)).not.toContain(startedOver());
      expect(next.view.text).toMatch(/cart/i);

      // Another customer is served meanwhile, by the same process.
      const other = await chat.app.engine.current(`test:${randomUUID()}`);
      expect(other.view.options.length).toBeGreaterThan(0);
    } finally {
      process.off('uncaughtException', listen);
      process.off('unhandledRejection', listen);
    }
  });

  it.each([
    ['not JSON', '{"snapshot": {"value": "home", "context"'],
    ['JSON but not a record', '"hello"'],
    ['a record without a snapshot', '{"handled": ["a"]}'],
    ['a snapshot that is not an object', '{"snapshot": 42}'],
  ])('starts a conversation whose stored value is %s over, and says so', async (_name, json) => {
    const conversationId = `test:${randomUUID()}`;
    const key = conversationKey(conversationId);
    await raw.redis.hset(serverLayout.value(key), 'v', '3', 'json', json);
    await raw.redis.expire(serverLayout.value(key), TTL);

    expect(await chat.app.engine.languageOf(conversationId)).toBeUndefined();
    const reply = await chat.app.engine.handle(conversationId, { kind: 'text', text: '/start' });
    // In the bot's default language (PARTNER_LANGUAGE): nothing else is known.
    expect(reply.notices.map((notice) => notice.text)).toContain(startedOver());
    const after = (await recordOf(conversationId))!;
    expect(after.machineVersion).toBe(BOOKING_MACHINE_VERSION);
    expect(pathOf((after.snapshot as StoredSnapshot).value)).toBe('home');
  });

  it('fails the turn, not the process, when the machine fails in it (an action throws)', async () => {
    const uncaught: unknown[] = [];
    const listen = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', listen);
    process.on('unhandledRejection', listen);
    try {
      const failing = createEngine({
        machine: bookingMachine.provide({
          actions: {
            notify: () => {
              throw new Error('an action that throws');
            },
          },
        }),
        store: chat.app.store,
        catalog: createCatalogService(chat.app.client),
        defaultLanguage: 'en',
        now: chat.app.now,
        newCartId,
      });
      const conversationId = `test:${randomUUID()}`;
      await failing.current(conversationId);
      await expect(failing.handle(conversationId, { kind: 'text', text: '/help' })).rejects.toThrow(
        'the booking machine failed',
      );
      await xstateReported();
      expect(uncaught).toEqual([]);
      // Nothing of the failed turn was saved: the bot goes on from before it.
      const next = await chat.app.engine.handle(conversationId, { kind: 'text', text: '/help' });
      expect(next.notices.map((notice) => notice.text).join('\n')).toMatch(/help|book/i);
    } finally {
      process.off('uncaughtException', listen);
      process.off('unhandledRejection', listen);
    }
  });

  it('restores a snapshot stored before versions were stored when it is valid', async () => {
    const stored = driven.get('cart.idle')!;
    const conversationId = await storedByPrevious(stored);
    const reply = await chat.app.engine.current(conversationId);
    expect(reply.notices).toEqual([]);
    const after = (await recordOf(conversationId))!;
    expect(pathOf((after.snapshot as StoredSnapshot).value)).toBe('cart.idle');
    expect((after.snapshot as StoredSnapshot).context.cart).toEqual(stored.context.cart);
  });
});
