/**
 * A booking in Telegram as the customer makes it, step by step: two tickets of the Sea
 * Museum's jellyfish feeding, then the buyer's details, Reserve, Confirm and pay.
 * Each step says what the customer does, the view it leads to, and (for the crash
 * tests) on which partner calls an instance may be killed mid-step.
 */
import type { FakeTelegram, FakeUser } from './fake-telegram.js';

export type Act = (fake: FakeTelegram, user: FakeUser) => number;

export interface Step {
  name: string;
  act: Act;
  /** The view the step leads to. */
  expect: RegExp;
  /**
   * Partner operations to kill the instance on, in turn, while each is in flight (the
   * second on the instance that took the retry); none: killed as soon as it took the
   * update.
   */
  killOn?: string[];
}

const tap =
  (label: string | RegExp): Act =>
  (fake, user) =>
    fake.tapButton(user, label);
const say =
  (text: string): Act =>
  (fake, user) =>
    fake.text(user, text);
const firstDay: Act = (fake, user) => {
  const calendar = fake.lastKeyboard(user.id)!;
  const day = fake.buttons(calendar).find((button) => /:d:/.test(button.callback_data ?? ''))!;
  return fake.tap(user, calendar.messageId, day.callback_data!);
};

/** A booking of two jellyfish feeding tickets, as the customer does it, step by step. */
export const booking: Step[] = [
  // The catalog is loaded before the channel takes updates (app.loadCatalog), so /start
  // calls nothing: the instance is killed once it has taken the update.
  { name: '/start', act: say('/start'), expect: /booking assistant/, killOn: [] },
  { name: 'book', act: tap('Book tickets'), expect: /What would you like to book/, killOn: [] },
  { name: 'place', act: tap('Valencia Sea Museum'), expect: /choose a category/ },
  { name: 'category', act: tap(/^Tickets$/), expect: /choose a product/ },
  { name: 'product', act: tap(/Jellyfish aquarium/), expect: /From €/ },
  // The card offers its first days; "Another date" opens the calendar.
  { name: 'date', act: tap('Another date'), expect: /Which day/ },
  { name: 'day', act: firstDay, expect: /Choose the session/, killOn: ['availablecapacity'] },
  { name: 'session', act: tap('Assign one for me'), expect: /How many/, killOn: [] },
  { name: 'quantity', act: tap(/^2$/), expect: /Your cart/, killOn: ['cart-add'] },
  {
    // The buyer's details (no insurance: the feeding is free to cancel). What the checkout
    // reads was asked for at the Add, while the cart was read (on the instance that took
    // the Add): the instance is killed once it has taken the update.
    name: 'check out',
    act: tap('Check out'),
    expect: /Your details/,
    killOn: [],
  },
  {
    name: 'details',
    act: say('Ana García, X1234567L, ana@example.com'),
    expect: /contact phone number/,
    killOn: [],
  },
  {
    // The last detail: the checkout questions are loaded, and answered from the details
    // (asked for at the Add: killed once it has taken the update).
    name: 'share contact',
    act: (fake, user) => fake.contact(user, '34600000000'),
    expect: /Check your order/,
    killOn: [],
  },
  { name: 'reserve', act: tap('Reserve'), expect: /order is reserved/, killOn: ['cart-confirm'] },
  {
    name: 'pay',
    act: tap('Confirm and pay'),
    expect: /Purchase confirmed/,
    // Killed while the Sale is out (the service makes it), then again while the retry
    // reconciles it with GET /Sale.
    killOn: ['cart-sale', 'sales'],
  },
];
