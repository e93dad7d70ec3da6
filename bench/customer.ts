/**
 * Simulated customers on the fake Bot API: each reads what its chat shows now and makes
 * the next move of a short booking (search a product by name, pick it, a date, 2
 * tickets, check out, no insurance, the buyer's details, reserve, pay), the way a
 * person would: tapping buttons, typing text, sharing the phone as a contact. The same
 * moves drive our bot and the baseline (which uses the same words and buttons).
 *
 * A move is one Telegram update; the bench waits until the bot reports it handled
 * before the customer moves again (a closed loop per conversation).
 */
import type { BotMessage, FakeTelegram, FakeUser } from '#test/support/fake-telegram.js';
import type { BotProcess } from './processes.js';
import type { TurnRecord } from './protocol.js';

export interface Plan {
  /** The product's exact name, typed as the search and picked from the results. */
  product: string;
  /** Which of the offered days to pick (modulo their number): spreads the bookings. */
  day: number;
  /** Tickets to buy: 2 unless told (1 where the product sells one alone). */
  tickets?: 1 | 2;
}

export interface Move {
  /** What the move is (for per-step figures): start, book, search, product, … */
  step: string;
  act: () => number;
}

/** One handled move: the bot's record, what it was, and the customer's wait for it. */
export interface Sample extends TurnRecord {
  step: string;
  /** From the update's creation to the bot's report: polling and queueing included. */
  roundTripMs: number;
}

/** The bot's newest text message in the chat: the current view. */
function currentView(fake: FakeTelegram, chatId: number): BotMessage | undefined {
  const messages = fake.messages(chatId);
  for (let at = messages.length - 1; at >= 0; at -= 1) {
    if (messages[at]!.text !== undefined) return messages[at];
  }
  return undefined;
}

const asksForContact = (message: BotMessage) =>
  JSON.stringify(message.replyKeyboard ?? {}).includes('request_contact');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A product's button in a list: its name, then maybe its price ("Activity 4 · from €12.00"). */
export const productButton = (name: string) => new RegExp(`^${escape(name)}( · .+)?$`);

/** A date button: our calendar's `<token>:d:<date>`, or the baseline's `d:<date>`. */
const DATE_BUTTON = /(?:^|:)d:(\d{4}-\d{2}-\d{2})$/;

/** The next move of a customer following `plan`, or `done` once the tickets are in. */
export function nextMove(fake: FakeTelegram, user: FakeUser, plan: Plan): Move | 'done' {
  const view = currentView(fake, user.id);
  if (!view) return { step: 'start', act: () => fake.text(user, '/start') };
  const text = view.text ?? '';
  const buttons = fake.buttons(view);
  const has = (pattern: RegExp) => buttons.some((button) => pattern.test(button.text));
  const tap = (step: string, label: string | RegExp): Move => ({
    step,
    act: () => fake.tapButton(user, label),
  });
  const type = (step: string, value: string): Move => ({
    step,
    act: () => fake.text(user, value),
  });

  if (/Purchase confirmed/.test(text)) return 'done';
  if (/What would you like to do/.test(text)) return tap('book', 'Book tickets');
  if (/What would you like to book/.test(text)) return type('search', plan.product);
  if (/I found \d+ products?/.test(text)) {
    const exact = productButton(plan.product);
    if (has(exact)) return tap('product', exact);
    // Our bot shows the last search again: back to the search for another product.
    if (!text.includes(`"${plan.product}"`)) return tap('back', /Back/);
    if (has(/More/)) return tap('page', 'More');
    if (has(/^▶$/)) return tap('page', /^▶$/);
    throw new Error(`${plan.product} is not among the results: ${text}`);
  }
  // The card offers its first days; the calendar is one tap further.
  if (has(/Another date|Choose a date/)) return tap('card', /Another date|Choose a date/);
  if (/Which day/.test(text)) {
    const days = buttons.filter((button) => DATE_BUTTON.test(button.callback_data ?? ''));
    if (days.length === 0) throw new Error(`no day to pick: ${text}`);
    const day = days[plan.day % days.length]!;
    return { step: 'date', act: () => fake.tap(user, view.messageId, day.callback_data!) };
  }
  if (has(/Assign one for me/)) return tap('session', 'Assign one for me');
  if (/How many/.test(text)) {
    return tap('quantity', plan.tickets === 1 && has(/^1$/) ? /^1$/ : /^2$/);
  }
  if (/Your cart/.test(text) && has(/Check out/)) return tap('checkout', 'Check out');
  if (/Refund insurance/.test(text)) return tap('insurance', 'No, thanks');
  if (/check your details/i.test(text)) return tap('details', 'All correct');
  if (/Check your order/.test(text)) return tap('reserve', 'Reserve');
  if (/Held until/.test(text)) return tap('pay', 'Confirm and pay');
  if (asksForContact(view)) return { step: 'client', act: () => fake.contact(user, '34600000000') };
  // The buyer's details asked together (ours): given together.
  if (/in one message/.test(text)) {
    return type('client', 'Ana García, X1234567L, +34600000000, ana@example.com');
  }
  if (/first name/i.test(text)) return type('client', 'Ana');
  if (/surname/i.test(text)) return type('client', 'García');
  if (/Full name/i.test(text)) return type('client', 'Ana García');
  if (/e-mail/i.test(text)) return type('client', 'ana@example.com');
  if (has(/Skip/)) return tap('client', 'Skip');
  if (/ID card|passport|document/i.test(text)) return type('client', 'X1234567L');
  if (/phone/i.test(text)) return type('client', '+34600000000');
  if (has(/^No$/)) return tap('client', /^No$/);
  throw new Error(
    `no move for: ${text.slice(0, 300)} [${buttons.map((button) => button.text).join(' | ')}]`,
  );
}

/** Makes one move and waits until the bot has handled it. */
export async function play(bot: BotProcess, move: Move): Promise<Sample> {
  const sent = performance.now();
  const updateId = move.act();
  const turn = await bot.handled(updateId);
  return { ...turn, step: move.step, roundTripMs: performance.now() - sent };
}

/** A whole booking from where the chat is now to the tickets. */
export async function book(
  fake: FakeTelegram,
  bot: BotProcess,
  user: FakeUser,
  plan: Plan,
  onSample: (sample: Sample) => void,
  maxMoves = 60,
): Promise<void> {
  for (let moves = 0; moves < maxMoves; moves += 1) {
    const move = nextMove(fake, user, plan);
    if (move === 'done') return;
    onSample(await play(bot, move));
  }
  throw new Error(`the booking of ${plan.product} did not end in ${maxMoves} moves`);
}
