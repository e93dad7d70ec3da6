/**
 * A customer who wants one thing and takes whatever way the bot offers to get it: from
 * any view of the booking, the next move towards a plan's product in the cart, paid, with
 * its tickets. The fault tests use it to reach the step that makes a partner call, and,
 * after the fault, to prove the booking can still be completed from wherever the bot left
 * the customer (a retry button, the cart with the draft, the quantity again, …).
 */
import type { OutputLine } from '#src/channels/console/lines.js';
import type { Chat } from './chat.js';

export interface Plan {
  providerId: string;
  baseId?: string;
  productId: string;
  /** Lines of the product the cart must hold before checking out. */
  lines: number;
  /** Which date button to take on a product's first date question (default 2). */
  dateIndex?: number;
}

export type Move = { kind: 'choose'; id: string } | { kind: 'say'; text: string };

/** What the customer remembers between moves. */
export interface Memo {
  /** Question texts whose first choice was already ticked (multi-select). */
  ticked: Set<string>;
  /** Payment pages already paid. */
  paid: Set<string>;
}

export const newMemo = (): Memo => ({ ticked: new Set(), paid: new Set() });

const has = (view: OutputLine, id: string) => view.options.some((option) => option.id === id);
const firstWith = (view: OutputLine, prefix: string) =>
  view.options.find((option) => option.id.startsWith(prefix))?.id;

/** The booking is over: the tickets are shown. */
export const finished = (view: OutputLine) => (view.tickets?.length ?? 0) > 0;

/** Lines in the cart, as the cart view offers to remove them. */
export const cartLines = (view: OutputLine) =>
  view.options.filter((option) => option.id.startsWith('remove:')).length;

/** A typed answer that fits the question (the demo's question and client texts). */
function typedAnswer(view: OutputLine): string {
  const text = view.text.toLowerCase();
  // The buyer's details asked together: given together.
  if (/in one message/.test(text)) return 'Ana García, X1234567L, +34600000000, ana@example.com';
  if (view.expects === 'email' || /e-?mail/.test(text)) return 'ana@example.com';
  if (view.expects === 'phone' || /phone|tel[eé]fono/.test(text)) return '+34600000000';
  if (/first name|tu nombre/.test(text)) return 'Ana';
  if (/surname|apellido/.test(text)) return 'García';
  if (/document|passport|dni/.test(text)) return 'X1234567L';
  if (view.expects === 'date') return '15/08/1990';
  if (view.expects === 'number') return '30';
  if (/name|nombre/.test(text)) return 'Ana García';
  return 'Ana';
}

/** Pays a debit partner's payment page (the customer opening the link and paying). */
async function payAt(url: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=ok',
  });
  if (response.status !== 200) throw new Error(`payment page answered ${response.status}`);
}

/** The next move towards the plan from `view`; undefined when it knows none. */
export async function nextMove(
  view: OutputLine,
  plan: Plan,
  memo: Memo,
): Promise<Move | undefined> {
  const choose = (id: string): Move => ({ kind: 'choose', id });
  const link = view.link?.url;
  if (link !== undefined && has(view, 'paid')) {
    if (!memo.paid.has(link)) {
      await payAt(link);
      memo.paid.add(link);
    }
    return choose('paid');
  }
  for (const id of [
    'service:retry',
    'retry',
    'tickets',
    'renew',
    'pay',
    'reserve',
    'client:confirm',
    'insurance:yes',
    'cart:add-draft',
  ]) {
    if (has(view, id)) return choose(id);
  }
  if (has(view, 'cart:add-more') || has(view, 'checkout') || has(view, 'reservation')) {
    if (cartLines(view) < plan.lines && has(view, 'cart:add-more')) return choose('cart:add-more');
    return choose(has(view, 'reservation') ? 'reservation' : 'checkout');
  }
  // Home: to the cart when it holds what we want, else to book.
  const cartOption = view.options.find((option) => option.id === 'cart');
  if (has(view, 'book') && cartOption !== undefined) {
    const held = Number(/\((\d+)\)/.exec(cartOption.label)?.[1] ?? 0);
    return choose(held >= plan.lines ? 'cart' : 'book');
  }
  if (has(view, 'book')) return choose('book');
  for (const id of [
    `provider:${plan.providerId}`,
    ...(plan.baseId !== undefined ? [`base:${plan.baseId}`] : []),
    `product:${plan.productId}`,
  ]) {
    if (has(view, id)) return choose(id);
  }
  // Inside another provider or category: back out; a long list: its next page.
  if (firstWith(view, 'provider:') || firstWith(view, 'base:') || firstWith(view, 'product:')) {
    return choose(has(view, 'more') ? 'more' : 'back');
  }
  if (has(view, 'next')) return choose('next');
  const dates = view.options.filter((option) => option.id.startsWith('date:'));
  if (dates.length > 0) {
    // A later enclosure's date: the same day; the first date: a day with every session ahead.
    const index = /^(And for|¿Y para)/.test(view.text) ? 0 : (plan.dateIndex ?? 2);
    return choose(dates[Math.min(index, dates.length - 1)]!.id);
  }
  const session = firstWith(view, 'session:');
  if (session !== undefined) return choose(session);
  if (has(view, 'qty:1')) return choose('qty:1');
  // The ticket-types step starts at one of the ticket chosen.
  if (has(view, 'types:go')) return choose('types:go');
  // Questions: skip what may be skipped, tick one and finish a multi-select, else answer.
  if (has(view, 'skip')) return choose('skip');
  const toggle = firstWith(view, 'toggle:');
  if (toggle !== undefined) {
    if (memo.ticked.has(view.text) && has(view, 'done')) return choose('done');
    memo.ticked.add(view.text);
    return choose(toggle);
  }
  if (has(view, 'yes')) return choose('yes');
  const choice = firstWith(view, 'choice:');
  if (choice !== undefined) return choose(choice);
  if (view.expects !== 'choice' && view.expects !== 'none') {
    return { kind: 'say', text: typedAnswer(view) };
  }
  return undefined;
}

export async function take(chat: Chat, move: Move): Promise<OutputLine[]> {
  return move.kind === 'choose' ? chat.choose(move.id) : chat.say(move.text);
}

function describe(view: OutputLine): string {
  return `${view.text}\n  [${view.options.map((o) => `${o.id} | ${o.label}`).join('; ')}]`;
}

/**
 * Moves towards the plan until `stop(view)` holds (checked before every move) or the
 * tickets are shown; throws when the view offers no known way on, or after `limit`
 * moves (a conversation going round in circles).
 */
export async function drive(
  chat: Chat,
  plan: Plan,
  memo: Memo,
  stop: (view: OutputLine) => boolean = () => false,
  limit = 80,
): Promise<OutputLine> {
  for (let moves = 0; moves < limit; moves += 1) {
    const view = chat.last();
    if (stop(view) || finished(view)) return view;
    const move = await nextMove(view, plan, memo);
    if (move === undefined) throw new Error(`no way on from:\n${describe(view)}`);
    await take(chat, move);
  }
  throw new Error(
    `no end after ${limit} moves; last views:\n${chat.transcript
      .slice(-6)
      .map(describe)
      .join('\n')}`,
  );
}
