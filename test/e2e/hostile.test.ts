/**
 * Hostile input: thousands of random and crafted inputs through the real bot (real
 * actors, the sandbox on loopback), on the memory store and on Redis, several
 * conversations at once. Every input comes from a seeded PRNG (mulberry32), so a failure
 * replays exactly: its message names the conversation, the step and the input.
 *
 * Customers are simulated as a walk: most turns move the booking on (so every step is
 * reached, up to paid tickets), the others are hostile: unknown and forged option ids,
 * ids of another conversation's views, 100 KB texts, odd unicode, commands mid-step,
 * numbers out of range, files where none is expected and bad files where one is.
 *
 * After every input: nothing but BusyError escapes the engine, the reply has a view with
 * a way back or home, the saved snapshot restores in a fresh engine to the same view, and
 * the saved context is well formed, the conversation's own, and keeps no 100 KB text.
 * Then crafted cases: one conversation's buttons never act on another's cart or show its
 * bookings; input is bounded (texts over 4096 characters, lists of more than 10 files);
 * garbage lines through the JSON-lines chat as a real process. The summary line
 * "hostile inputs tried: N" is printed at the end.
 *
 * Found by this suite and fixed: a 100 KB text that matched products was kept as the
 * search and shown back in every browse view (now refused, src/conversation/interpret.ts);
 * a list of files took any number of 5 MB files, each kept in the conversation
 * (src/domain/answers.ts).
 */
import { createReturnUrls } from '#src/payments/return-token.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookingMachine } from '#flows/booking/machine.js';
import type { BookingContext } from '#flows/booking/types.js';
import type { App } from '#src/app.js';
import { createCatalogService } from '#src/catalog/catalog-service.js';
import { createBookingActors } from '#src/conversation/actors/index.js';
import { newCartId } from '#src/conversation/actors/cart-id.js';
import { BusyError, createEngine, type Engine } from '#src/conversation/engine.js';
import type { Input } from '#src/conversation/interpret.js';
import type { Reply, View } from '#flows/view.js';
import type { FileInput } from '#src/domain/answers.js';
import { silentLogger } from '#src/log.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { startChat, type Chat } from '#test/support/chat.js';
import { startJsonlBot, type JsonlBot } from '#test/support/jsonl-process.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const SEED = 0x8_2026;
/** Conversations walked at once on each store, and inputs per conversation. */
const CONVERSATIONS = 6;
const STEPS = 400;

let sandbox: TestSandbox;
/** Hostile inputs sent, and inputs in all (the walk's moves on included). */
let tried = 0;
let inputs = 0;
let atFileQuestions = 0;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
  console.log(
    `hostile inputs tried: ${tried} (of ${inputs} inputs in all; ${atFileQuestions} files sent to file questions)`,
  );
});

// ---------------------------------------------------------------------------------------
// A seeded PRNG: the same seed gives the same inputs on every run.

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('nothing to pick from');
    return items[this.int(items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** A random string of `length` code units, any of them (lone surrogates and NUL too). */
  units(length: number): string {
    let text = '';
    for (let i = 0; i < length; i += 1) text += String.fromCharCode(this.int(0x10000));
    return text;
  }
}

// ---------------------------------------------------------------------------------------
// Hostile inputs.

const KB100 = 100 * 1024;
const BIG_TEXTS = [
  'a'.repeat(KB100),
  '9'.repeat(KB100),
  '😀'.repeat(KB100 / 2),
  'museum '.repeat(KB100 / 7),
  'Ana García '.repeat(KB100 / 11),
  `${'1, '.repeat(KB100 / 3)}1`,
  '\u200F\u200D\u202E'.repeat(KB100 / 3),
];
const ODD_TEXTS = [
  '\u200F1',
  '\u202Eyes',
  '\u200D',
  '👨‍👩‍👧‍👦',
  '\uD800',
  '\uDFFFabc',
  'a\u0000b',
  '\u0000',
  '\uFEFF/cancel',
  'e\u0301'.repeat(60),
  '１',
  '٣',
  'İstanbul',
  '𝟙',
  '\u2028',
  '\u{E0001}',
  '\t\v\f',
  'Ana\u200BGarcía',
  '🇪🇸',
  '\u0085',
  '<script>alert(1)</script>',
  '{{Placeholder}}',
  "'; DROP TABLE sales; --",
  '${process.exit(1)}',
  '%s%s%s%n',
  '../../../../etc/passwd',
  ' '.repeat(40),
];
const COMMANDS = [
  '/cancel',
  '/cart',
  '/language',
  '/start',
  '/xyz',
  '/book',
  '/help',
  '/mybookings',
  '/CANCEL',
  '/start@some_bot',
  '/ cancel',
  '//',
  '/cancel now',
  '/misreservas',
  `/${'a'.repeat(5000)}`,
];
const NUMBERS = [
  '0',
  '-1',
  '999',
  '1000',
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '99999999999999999999',
  '0x10',
  '1.5',
  '-0',
  '00001',
  '1,000',
  '½',
  '2147483648',
  '9007199254740993',
  '1e-7',
  '31/02/2026',
  '00/00/0000',
  '32/13/99999',
];
const FORGED_IDS = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'qty:0',
  'qty:-5',
  'qty:99999',
  'qty:1.5',
  'qty:NaN',
  'date:0000-00-00',
  'date:2026-02-31',
  'date:1900-01-01',
  'date:9999-12-31',
  'product:../../etc/passwd',
  // Never sold alone: part of a combined product, for packages only, not on sale yet.
  `product:${demoIds.products.comboMuseum}`,
  `product:${demoIds.products.parkHotel}`,
  `product:${demoIds.products.museumShipwrecks}`,
  'product:',
  'remove:',
  'remove:*',
  'session:x:y',
  'toggle:',
  'choice:',
  'lang:fr',
  'edit:__proto__',
  'edit:constructor',
  'x'.repeat(10_000),
  'book ',
  'BOOK',
  'pay',
  'reserve',
  'client:confirm',
  'insurance:yes',
];

const pdf = (name = 'doc.pdf'): FileInput => ({
  name,
  mime: 'application/pdf',
  base64: 'JVBERi0xLjQK',
});
/** Just over the 5 MB a file may have, as valid base64. */
const OVERSIZED = 'A'.repeat(Math.ceil((5 * 1024 * 1024 + 3) / 3) * 4);
const ODD_FILES: FileInput[] = [
  { name: 'big.pdf', mime: 'application/pdf', base64: OVERSIZED },
  { name: 'bad.pdf', mime: 'application/pdf', base64: '!!!!' },
  { name: 'bad.pdf', mime: 'application/pdf', base64: 'JVBERi0xLjQK=' },
  { name: 'empty.pdf', mime: 'application/pdf', base64: '' },
  { name: 'virus.exe', mime: 'application/x-msdownload', base64: 'TVqQAA==' },
  { name: 'page.html', mime: '', base64: 'data:text/html;base64,PHNjcmlwdD4=' },
  { name: 'x.pdf', mime: 'image/*', base64: 'JVBERi0xLjQK' },
  { name: 'x.pdf', mime: 'APPLICATION/PDF', base64: 'JVBERi0xLjQK' },
  { name: 'x.pdf', mime: 'a'.repeat(10_000), base64: 'JVBERi0xLjQK' },
  { name: '../../../etc/passwd', mime: 'application/pdf', base64: 'JVBE\nRi0x\r\nLjQK' },
  { name: 'nul\u0000.pdf', mime: 'application/pdf\u0000', base64: 'JVBERi0xLjQK' },
  { name: '\uD800.png', mime: 'image/png', base64: 'iVBORw0KGgo=' },
  { mime: 'application/pdf', base64: 'data:application/pdf;base64,JVBERi0xLjQK' },
];

interface Scene {
  view: View;
  rng: Rng;
  /** Option ids seen in other conversations' views. */
  foreign: readonly string[];
}

type Hostile = (scene: Scene) => Input;

const text = (value: string): Input => ({ kind: 'text', text: value });
const choose = (id: string): Input => ({ kind: 'choose', id });

/** Every kind of hostile input; each as likely as the others unless weighted below. */
const HOSTILE: Record<string, Hostile> = {
  randomId: ({ rng }) => choose(rng.units(1 + rng.int(40))),
  forgedId: ({ rng }) => choose(rng.pick(FORGED_IDS)),
  foreignId: ({ rng, foreign, view }) => {
    const own = new Set(view.options.map((option) => option.id));
    const others = foreign.filter((id) => !own.has(id));
    return choose(others.length > 0 ? rng.pick(others) : 'remove:someone-else');
  },
  foreignIdAsText: ({ rng, foreign }) => text(foreign.length > 0 ? rng.pick(foreign) : 'x'),
  bigText: ({ rng }) => text(rng.pick(BIG_TEXTS)),
  oddText: ({ rng }) => text(rng.pick(ODD_TEXTS)),
  randomText: ({ rng }) => text(rng.units(1 + rng.int(200))),
  command: ({ rng }) => text(rng.pick(COMMANDS)),
  number: ({ rng }) => text(rng.pick(NUMBERS)),
  numberedOption: ({ rng, view }) => text(String(view.options.length + 1 + rng.int(1000))),
  file: ({ rng }) => ({ kind: 'file', file: rng.chance(0.3) ? pdf() : rng.pick(ODD_FILES) }),
};
/**
 * Commands mostly start over: were they as frequent as the others, the walk would rarely
 * get past the first steps, which would then take all the hostility.
 */
const HOSTILE_KINDS = Object.keys(HOSTILE).flatMap((kind) =>
  kind === 'command' ? [kind] : [kind, kind, kind, kind],
);

// ---------------------------------------------------------------------------------------
// A customer who moves the booking on (so that every step gets its share of hostility).

const NAV = new Set(['back', 'home', 'cart', 'help', 'language', 'previous', 'search', 'edit']);

function answerFor(view: View, rng: Rng): string {
  const asked = view.text;
  if (view.expects === 'email' || /e-?mail|correo/i.test(asked)) return 'ana@example.com';
  if (view.expects === 'phone' || /phone|teléfono/i.test(asked)) return '+34600111222';
  if (/surname|apellidos/i.test(asked)) return 'García';
  if (/ID card|passport|DNI|documento/i.test(asked)) return '12345678Z';
  if (/first name|tu nombre/i.test(asked)) return 'Ana';
  if (view.expects === 'date') return rng.pick(['15/08/1990', '1990-08-15', '15 August 1990']);
  if (view.expects === 'number') return rng.pick(['1', '2', '30', '1,15']);
  return rng.pick(['Ana García', 'Ana', 'yes', 'no']);
}

function progress(view: View, rng: Rng): Input {
  const options = view.options;
  if (options.length > 0 && rng.chance(0.05)) return choose(rng.pick(options).id);
  const onward = options.filter((option) => !NAV.has(option.id));
  const dates = onward.filter((option) => option.id.startsWith('date:'));
  const quantities = onward.filter((option) => option.id.startsWith('qty:'));
  if (dates.length > 0 && rng.chance(0.8)) return choose(rng.pick(dates.slice(0, 3)).id);
  if (quantities.length > 0) return choose(rng.pick(quantities.slice(0, 2)).id);
  if (view.expects === 'file') return { kind: 'file', file: pdf() };
  const skip = onward.find((option) => option.id === 'skip');
  if (skip && rng.chance(0.6)) return choose(skip.id);
  if (view.expects === 'choice' || (onward.length > 0 && view.expects === 'none')) {
    const first = onward.find((option) => option.id !== 'skip') ?? onward[0] ?? options[0];
    if (first)
      return choose(rng.chance(0.8) ? first.id : rng.pick(onward.length ? onward : options).id);
  }
  return text(answerFor(view, rng));
}

// ---------------------------------------------------------------------------------------
// What must hold after every input.

const EXPECTS = new Set(['choice', 'text', 'date', 'number', 'email', 'phone', 'file', 'none']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const WAY_OUT = new Set(['back', 'home', 'cancel', 'book']);
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 1;

function viewProblems(reply: Reply<unknown>): string[] {
  const problems: string[] = [];
  const { view } = reply;
  if (!view) return ['no view'];
  if (typeof view.text !== 'string' || view.text.trim() === '') problems.push('view without text');
  if (!EXPECTS.has(view.expects)) problems.push(`view expects ${String(view.expects)}`);
  if (!Array.isArray(view.options)) return [...problems, 'options is not a list'];
  const ids = view.options.map((option) => option.id);
  if (new Set(ids).size !== ids.length) problems.push(`repeated option ids: ${ids.join(' ')}`);
  for (const option of view.options) {
    if (typeof option.id !== 'string' || option.id === '') problems.push('an option without id');
    if (typeof option.label !== 'string' || option.label.trim() === '')
      problems.push(`option ${option.id} without label`);
  }
  // Every step offers a way back, home or to start over (home itself offers to book).
  if (!view.options.some((option) => WAY_OUT.has(option.id)))
    problems.push(`no way back or home: ${ids.join(' ')}`);
  for (const notice of reply.notices) {
    if (typeof notice.text !== 'string' || notice.text.trim() === '') problems.push('empty notice');
  }
  return problems;
}

interface Persisted {
  snapshot: { value: unknown; context: BookingContext };
}

/** The start of each 100 KB text as it would look in saved JSON, were it kept. */
const BIG_PIECES = BIG_TEXTS.map((big) =>
  JSON.stringify([...big].slice(0, 1000).join('')).slice(1, -1),
);

/** A 100 KB text kept in the conversation (where it would be stored and shown again). */
const keptBigText = (saved: unknown): boolean => {
  const json = JSON.stringify(saved);
  return BIG_PIECES.some((piece) => json.includes(piece));
};

function contextProblems(context: BookingContext, conversationId: string): string[] {
  const problems: string[] = [];
  if (context.language !== 'es' && context.language !== 'en')
    problems.push(`language ${String(context.language)}`);
  if (context.userKey !== conversationId) problems.push(`userKey ${context.userKey}`);
  if (!/^[A-Za-z0-9]{13}$/.test(context.cart.shoppingCartId))
    problems.push(`shoppingCartId ${context.cart.shoppingCartId}`);
  if (!Number.isInteger(context.browse.page) || context.browse.page < 0)
    problems.push(`browse page ${context.browse.page}`);
  for (const line of context.cart.lines) {
    const wrong =
      typeof line.cartItemId !== 'string' ||
      line.cartItemId === '' ||
      typeof line.productId !== 'string' ||
      line.productId === '' ||
      !isCount(line.quantity) ||
      !Number.isInteger(line.unitPrice.cents) ||
      line.unitPrice.cents < 0 ||
      !/^[A-Z]{3}$/.test(line.unitPrice.currency) ||
      !DATE.test(line.accessDate) ||
      !Array.isArray(line.sessions);
    if (wrong) problems.push(`cart line ${JSON.stringify(line).slice(0, 300)}`);
  }
  const ids = context.cart.lines.map((line) => line.cartItemId);
  if (new Set(ids).size !== ids.length) problems.push(`repeated cart items: ${ids.join(' ')}`);
  const draft = context.draft;
  if (draft) {
    if (draft.quantity !== undefined && !isCount(draft.quantity))
      problems.push(`draft quantity ${draft.quantity}`);
    if (draft.accessDate !== undefined && !DATE.test(draft.accessDate))
      problems.push(`draft date ${draft.accessDate}`);
    const questions = draft.questionSets.reduce((sum, set) => sum + set.questions.length, 0);
    if (
      !Number.isInteger(draft.questionCursor) ||
      draft.questionCursor < 0 ||
      draft.questionCursor > questions
    )
      problems.push(`question cursor ${draft.questionCursor} of ${questions}`);
  }
  return problems;
}

/** An engine of its own (its own catalog and actors) on the same store: a restart. */
function freshEngine(app: App): Engine {
  // The restarted engine keeps the app's clock (the sandbox's), as a restart would.
  const now = app.now;
  const catalog = createCatalogService(app.client);
  const actors = createBookingActors({
    client: app.client,
    catalog,
    store: app.store,
    now,
    returnUrls: createReturnUrls(
      'http://127.0.0.1:3000',
      'a-test-secret-of-at-least-32-characters',
    ),
    logger: silentLogger,
  });
  return createEngine({
    machine: bookingMachine.provide({ actors }),
    store: app.store,
    catalog,
    defaultLanguage: 'en',
    now,
    newCartId,
  });
}

const short = (input: Input): string => {
  const json = JSON.stringify(input);
  return json.length > 120 ? `${json.slice(0, 120)}…(${json.length} chars)` : json;
};

// ---------------------------------------------------------------------------------------
// The walk.

interface Walked {
  tried: number;
  hostile: number;
  /** Hostile files sent where a file was asked for. */
  atFileQuestions: number;
  problems: string[];
  /** States visited (top-level), to show the walk went deep. */
  states: Set<string>;
  /** Cart items and cart ids each conversation ever held. */
  items: Map<string, Set<string>>;
}

async function walk(app: App, label: string, seed: number): Promise<Walked> {
  const fresh = freshEngine(app);
  const seen = new Map<string, Set<string>>();
  const result: Walked = {
    tried: 0,
    hostile: 0,
    atFileQuestions: 0,
    problems: [],
    states: new Set(),
    items: new Map(),
  };
  const conversations = Array.from({ length: CONVERSATIONS }, (_, index) => ({
    id: `hostile:${label}:${index}:${randomUUID()}`,
    rng: new Rng(seed + index),
  }));
  for (const { id } of conversations) {
    seen.set(id, new Set());
    result.items.set(id, new Set());
  }

  const run = async (conversation: (typeof conversations)[number]) => {
    const { id, rng } = conversation;
    let view: View = (await app.engine.current(id)).view;
    for (let step = 0; step < STEPS && result.problems.length < 50; step += 1) {
      const foreign = [...seen.entries()]
        .filter(([other]) => other !== id)
        .flatMap(([, ids]) => [...ids]);
      const hostile = rng.chance(0.55);
      const kind = hostile ? rng.pick(HOSTILE_KINDS) : 'progress';
      const input = hostile ? HOSTILE[kind]!({ view, rng, foreign }) : progress(view, rng);
      if (kind === 'file' && view.expects === 'file') result.atFileQuestions += 1;
      const where = `${label} conversation ${id} step ${step} (${kind}) ${short(input)}`;
      // Now and then the same input twice at once (a double tap): both are answered.
      const times = rng.chance(0.03) ? 2 : 1;
      result.tried += times;
      if (hostile) result.hostile += times;
      const replies = await Promise.allSettled(
        Array.from({ length: times }, () => app.engine.handle(id, input)),
      );
      let reply: Reply<unknown> | undefined;
      for (const settled of replies) {
        if (settled.status === 'fulfilled') reply = settled.value;
        else if (!(settled.reason instanceof BusyError))
          result.problems.push(
            `${where}: threw ${String(settled.reason?.stack ?? settled.reason)}`,
          );
      }
      if (!reply) continue;
      for (const problem of viewProblems(reply)) result.problems.push(`${where}: ${problem}`);
      view = reply.view;
      for (const option of view.options) seen.get(id)!.add(option.id);

      const saved = await app.store.get<Persisted>(`conv:${id}`);
      if (!saved) {
        result.problems.push(`${where}: nothing saved`);
        continue;
      }
      const { context, value } = saved.value.snapshot;
      result.states.add(typeof value === 'string' ? value : Object.keys(value as object)[0]!);
      for (const problem of contextProblems(context, id))
        result.problems.push(`${where}: ${problem}`);
      if (keptBigText(saved.value)) result.problems.push(`${where}: a 100 KB text was kept`);
      const mine = result.items.get(id)!;
      mine.add(`cart:${context.cart.shoppingCartId}`);
      // Item ids are the cart's own (some are local, as `package-1`): named with the cart.
      for (const line of context.cart.lines)
        mine.add(`${context.cart.shoppingCartId}/${line.cartItemId}`);

      // A restart at any moment: a fresh engine shows the same view, without notices.
      if (times === 1) {
        const restored = await fresh.current(id).catch((error: unknown) => error);
        if (restored instanceof Error) {
          result.problems.push(`${where}: restore threw ${restored.stack}`);
        } else {
          const again = restored as Reply<unknown>;
          const same =
            again.view.text === view.text &&
            again.view.options.map((o) => o.id).join(' ') ===
              view.options.map((o) => o.id).join(' ');
          if (!same || again.notices.length > 0)
            result.problems.push(
              `${where}: restored as ${JSON.stringify({ notices: again.notices, text: again.view.text.slice(0, 200) })} instead of ${JSON.stringify(view.text.slice(0, 200))}`,
            );
        }
      }
    }
  };
  await Promise.all(conversations.map(run));
  return result;
}

function expectWalkedWell(walked: Walked) {
  tried += walked.hostile;
  inputs += walked.tried;
  atFileQuestions += walked.atFileQuestions;
  expect(walked.problems).toEqual([]);
  // The walk reached the deep steps, so they had their share of hostile inputs.
  for (const state of [
    'browse',
    'date',
    'quantity',
    'questions',
    'cart',
    'client',
    'review',
    'done',
  ])
    expect(walked.states, `never reached ${state}`).toContain(state);
  // No cart or cart item ever belonged to two conversations.
  const owners = new Map<string, string>();
  for (const [conversation, items] of walked.items) {
    for (const item of items) {
      expect(owners.get(item), `${item} in two conversations`).toBeUndefined();
      owners.set(item, conversation);
    }
  }
}

/**
 * About input, not about taking the money: the operator sells on account on purpose
 * (PAYMENT_MODE=on-account), so walks reach the tickets with the sandbox's partner.
 */
const ON_ACCOUNT = { PAYMENT_MODE: 'on-account' };

describe('hostile input through the engine', () => {
  it('on the memory store', { timeout: 600_000 }, async () => {
    const chat = await startChat({ sandbox, env: ON_ACCOUNT });
    try {
      expectWalkedWell(await walk(chat.app, 'memory', SEED));
    } finally {
      await chat.close();
    }
  });

  it('on Redis', { timeout: 600_000 }, async () => {
    const chat = await startChat({
      sandbox,
      env: { REDIS_URL: inject('redisUrl'), ...ON_ACCOUNT },
      // The walk tries input, not Redis's latency: thousands of turns on a loaded 2-core
      // runner can see one command wait past production's limit.
      storeCommandTimeoutMs: 15_000,
    });
    try {
      expectWalkedWell(await walk(chat.app, 'redis', SEED + 1000));
    } finally {
      await chat.close();
    }
  });
});

// ---------------------------------------------------------------------------------------
// Crafted cases.

const staleButton = 'That button is no longer valid. Here is where you are:';

async function savedContext(chat: Chat): Promise<BookingContext> {
  const found = await chat.app.store.get<Persisted>(`conv:${chat.conversationId}`);
  if (!found) throw new Error('nothing saved');
  return found.value.snapshot.context;
}

/** Does each step: a number picks that option of a list; anything else is typed. */
async function run(chat: Chat, steps: readonly string[]): Promise<void> {
  for (const step of steps) {
    const view = chat.last();
    if (view.expects === 'choice' && /^\d+$/.test(step)) {
      const option = view.options[Number(step) - 1];
      if (!option) throw new Error(`no option ${step} in: ${view.text}`);
      await chat.choose(option.id);
    } else {
      await chat.say(step);
    }
  }
}

/** From home to a museum ticket in the cart (answers by `who`). */
const toCart = (who: string) => [
  ...['1', '1', '1', '1', '1', '1'], // book → museum → tickets → adult → first date → 1
  who,
  'no',
  '15/08/1990', // ticket questions (the age is worked out)
];

/** From the cart to tickets, with the buyer's details. */
const toTickets = (client: { name: string; surname: string; email: string; doc: string }) => [
  '1', // check out
  // The buyer's details; the checkout questions are answered from them.
  `${client.name} ${client.surname}, ${client.doc}, +34611222333, ${client.email}`,
  '1', // reserve
  '1', // confirm and pay
];

describe('conversations are kept apart', () => {
  it("another conversation's buttons never act on a cart, nor show its bookings", async () => {
    const env = { REDIS_URL: inject('redisUrl'), ...ON_ACCOUNT };
    // Two instances of the bot on one Redis, one customer on each.
    const a = await startChat({ sandbox, env });
    const b = await startChat({ sandbox, env });
    try {
      await a.start();
      await b.start();
      await run(a, toCart('Marta Ruiz'));
      await run(b, toCart('Pablo Soto'));
      const [aLine] = (await savedContext(a)).cart.lines;
      const [bLine] = (await savedContext(b)).cart.lines;
      expect(aLine && bLine).toBeTruthy();
      const aRemove = `remove:${aLine!.cartItemId}`;
      expect(a.last().options.map((option) => option.id)).toContain(aRemove);

      // B presses A's remove button, types it, and presses every button A was ever shown.
      expect((await b.choose(aRemove))[0]?.text).toBe(staleButton);
      await b.say(aRemove);
      await b.say(aLine!.cartItemId);
      const aIds = new Set(a.transcript.flatMap((line) => line.options.map((o) => o.id)));
      for (const id of aIds) if (id !== `remove:${bLine!.cartItemId}`) await b.choose(id);
      tried += aIds.size + 3;
      inputs += aIds.size + 3;
      const aAfter = await savedContext(a);
      const bAfter = await savedContext(b);
      expect(aAfter.cart.lines).toEqual([aLine]);
      expect(bAfter.cart.lines.map((line) => line.cartItemId)).toContain(bLine!.cartItemId);
      expect(bAfter.cart.shoppingCartId).not.toBe(aAfter.cart.shoppingCartId);

      // A buys; B's /mybookings shows nothing of A's, and B's conversation holds none of it.
      await a.say('/cart');
      const client = {
        name: 'Marta',
        surname: 'Ruiz',
        email: 'marta.ruiz@example.org',
        doc: '87654321X',
      };
      await run(a, toTickets(client));
      const codes = (a.last().tickets ?? []).map((ticket) => ticket.accessCode);
      expect(codes.length).toBeGreaterThan(0);
      const aBookings = await a.say('/mybookings');
      expect(aBookings.at(-1)?.text).toContain(codes[0]);
      const seenByB = [
        ...(await b.say('/mybookings')),
        ...(await b.say('/misreservas')),
        ...(await b.say(codes[0]!)),
      ];
      tried += 4;
      inputs += 4;
      const bJson = JSON.stringify({ seenByB, saved: await savedContext(b) });
      for (const secret of [...codes, client.email, client.doc, 'Ruiz', aAfter.cart.shoppingCartId])
        expect(bJson.includes(secret), `B sees ${secret}`).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('bounded input', () => {
  it('a message over 4096 characters is refused unread, and kept nowhere', async () => {
    const chat = await startChat({ sandbox });
    try {
      await chat.start();
      await chat.choose('book');
      const before = chat.last();
      const reply = await chat.say('museum '.repeat(KB100 / 7));
      tried += 1;
      inputs += 1;
      expect(reply.map((line) => line.text)).toEqual([
        'That message is too long (over 4,096 characters), so I did not read it. Please write it shorter.',
        before.text,
      ]);
      expect(JSON.stringify(await savedContext(chat))).not.toContain('museum museum');
      // At the limit it is read as usual (here: a search).
      const atLimit = await chat.say(`museum ${'x'.repeat(4096 - 7)}`);
      expect(atLimit[0]?.text).not.toMatch(/too long/);
    } finally {
      await chat.close();
    }
  });

  it('a list of files takes at most 10 files', async () => {
    const chat = await startChat({ sandbox });
    try {
      await chat.start();
      await run(chat, ['1', '3']); // book → the mountain provider
      await chat.choose(`product:${demoIds.products.mountainHike}`);
      await chat.choose('next');
      await chat.choose(chat.last().options.find((o) => o.id.startsWith('date:'))!.id);
      await chat.say('20');
      await run(chat, ['nuts', 'yes', '15/08/2026', '70']);
      await chat.choose('toggle:picnic');
      await chat.choose('done');
      await chat.send({ kind: 'file', file: pdf('certificate.pdf') });
      expect(chat.last().text).toMatch(/Send the files one at a time/);
      // A megabyte each: without a bound, every file sent would grow the conversation.
      const megabyte: FileInput = {
        name: 'scan.pdf',
        mime: 'application/pdf',
        base64: 'AAAA'.repeat(349_526),
      };
      for (let sent = 1; sent <= 10; sent += 1) {
        const reply = await chat.send({ kind: 'file', file: megabyte });
        expect(reply.at(-1)?.text).toContain(`Files received: ${sent}.`);
      }
      const eleventh = await chat.send({ kind: 'file', file: megabyte });
      const twelfth = await chat.send({ kind: 'file', file: megabyte });
      tried += 12;
      inputs += 12;
      for (const reply of [eleventh, twelfth]) {
        expect(reply[0]?.text).toBe(
          'I already have 10 files, the most this answer takes: press Done.',
        );
        expect(reply.at(-1)?.text).toContain('Files received: 10.');
      }
      await chat.choose('done');
      expect(chat.last().text).toMatch(/^Ticket 2 of 20/);
    } finally {
      await chat.close();
    }
  });
});

// ---------------------------------------------------------------------------------------
// The JSON-lines chat as a real process.

/** Lines that are not what the chat expects (none blank, none with a line break). */
function garbageLines(rng: Rng): (string | Buffer)[] {
  const fixed: (string | Buffer)[] = [
    '{',
    '}',
    'not json',
    '\u0000',
    '{"text":',
    '[]',
    '123',
    'null',
    'true',
    '"text"',
    '{"choose":""}',
    '{"choose":1}',
    '{"choose":null}',
    '{"text":null}',
    '{"text":1}',
    '{"text":"a","choose":"b"}',
    '{"file":{}}',
    '{"file":null}',
    '{"file":{"name":1,"mime":"x","base64":"y"}}',
    '{"file":{"name":"a.pdf","mime":"application/pdf","base64":"JVBERi0xLjQK","extra":1}}',
    '{"__proto__":{"text":"x"}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"text":"hi","__proto__":{"polluted":true}}',
    '{"event":{"type":"payment.result","outcome":"ok"}}',
    '{"kind":"event","event":{"type":"confirm"}}',
    '{"choose":"book"}{"choose":"book"}',
    '{"choose":"book"} trailing',
    '\uFEFF{"choose":"book"}',
    '{"text":"\\ud800"}',
    '{"text":"\\u0000/cancel"}',
    '{"text":"a\\u2028b"}',
    '['.repeat(100_000),
    '{"a":'.repeat(20_000),
    'x'.repeat(1_000_000),
    `{"text":"${'y'.repeat(200_000)}"}`,
    `{"choose":"${'z'.repeat(200_000)}"}`,
    Buffer.from([0xff, 0xfe, 0xfd]),
    Buffer.from([0xc0, 0x80, 0x41]),
    Buffer.concat([Buffer.from('{"text":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
  ];
  const random = Array.from({ length: 300 }, () => {
    const bytes = Buffer.from(
      Array.from({ length: 1 + rng.int(200) }, () => {
        const byte = rng.int(256);
        return byte === 0x0a || byte === 0x0d ? 0x20 : byte;
      }),
    );
    // Never blank (a blank line gets no answer): one printable character at least.
    return Buffer.concat([bytes, Buffer.from([0x21 + rng.int(94)])]);
  });
  const valid = '{"choose":"book"}';
  const mutated = Array.from({ length: 100 }, () => {
    const chars = [...valid];
    for (let flips = 1 + rng.int(3); flips > 0; flips -= 1)
      chars[rng.int(chars.length)] = String.fromCharCode(0x20 + rng.int(95));
    return chars.join('');
  });
  const objects = Array.from({ length: 60 }, (_, index) =>
    JSON.stringify(
      index % 3 === 0
        ? { choose: rng.pick(FORGED_IDS) || 'x' }
        : index % 3 === 1
          ? { text: rng.pick([...ODD_TEXTS, ...COMMANDS, ...NUMBERS]) }
          : { file: { name: 'x', ...rng.pick(ODD_FILES.slice(1)) } },
    ),
  );
  return [...fixed, ...random, ...mutated, ...objects].filter(
    (line) => line.toString().trim() !== '',
  );
}

function within<T>(promise: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no view within ${ms} ms: ${what()}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe('garbage through the JSON-lines chat', () => {
  it(
    'a real process answers every line with a view, and resumes after',
    { timeout: 300_000 },
    async () => {
      const env = { PARTNER_API_URL: sandbox.sandbox.url, REDIS_URL: inject('redisUrl') };
      const conversation = `jsonl:hostile-${randomUUID()}`;
      let bot: JsonlBot = startJsonlBot(env, conversation);
      try {
        await bot.ready();
        const lines = garbageLines(new Rng(SEED + 7));
        let refused = 0;
        for (const line of lines) {
          const what = () =>
            `${line.toString().slice(0, 80)} → ${JSON.stringify(bot.lines.at(-1))}`;
          const reply = await within(bot.sendRaw(line), 30_000, what);
          const view = reply.at(-1)!;
          expect(view.text.length, what()).toBeGreaterThan(0);
          if (reply[0]?.text.startsWith('Each line must be')) refused += 1;
        }
        tried += lines.length;
        inputs += lines.length;
        // Most lines are not the chat's objects: each was answered with what is expected.
        expect(refused).toBeGreaterThan(lines.length / 2);
        // Still a working chat, and the same after kill -9.
        const home = await bot.send({ text: '/start' });
        const books = await bot.send({ choose: 'book' });
        expect(home.at(-1)?.options.map((option) => option.id)).toContain('book');
        const view = books.at(-1)!;
        expect(view.options.some((option) => option.id.startsWith('provider:'))).toBe(true);
        expect(bot.stderr()).not.toMatch(/"level":(50|60)/);
        await bot.kill('SIGKILL');
        bot = startJsonlBot(env, conversation);
        const resumed = (await bot.ready()).at(-1)!;
        expect({ text: resumed.text, options: resumed.options }).toEqual({
          text: view.text,
          options: view.options,
        });
      } finally {
        await bot.kill();
      }
    },
  );
});
