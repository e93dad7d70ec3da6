/**
 * A booking in Telegram as the customer makes it, step by step: two tickets of the Sea
 * Museum's jellyfish feeding, then the checkout questions, Reserve, Confirm and pay.
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
  { name: '/start', act: say('/start'), expect: /booking assistant/, killOn: ['catalog'] },
  { name: 'book', act: tap('Book tickets'), expect: /What would you like to book/, killOn: [] },
  { name: 'place', act: tap('Valencia Sea Museum'), expect: /choose a category/ },
  { name: 'category', act: tap(/^Tickets$/), expect: /choose a product/ },
  { name: 'product', act: tap(/Jellyfish aquarium/), expect: /From €/ },
  { name: 'date', act: tap('Choose a date'), expect: /Which day/ },
  { name: 'day', act: firstDay, expect: /Choose the session/, killOn: ['availablecapacity'] },
  { name: 'session', act: tap('Assign one for me'), expect: /How many/, killOn: [] },
  { name: 'quantity', act: tap(/^2$/), expect: /Your cart/, killOn: ['cart-add'] },
  {
    name: 'check out',
    act: tap('Check out'),
    expect: /Refund insurance/,
    killOn: ['insurancepolicycheck'],
  },
  {
    name: 'insurance',
    act: tap('No, thanks'),
    expect: /Contact phone/,
    killOn: ['checkticketsquestions'],
  },
  { name: 'contact phone', act: say('+34600000000'), expect: /agenda/, killOn: [] },
  { name: 'agenda', act: tap(/^No$/), expect: /How did you hear/ },
  { name: 'survey', act: tap('Skip'), expect: /Comments for the provider/ },
  { name: 'comments', act: tap('Skip'), expect: /Full name/ },
  { name: 'full name', act: say('Ana García'), expect: /E-mail address/ },
  { name: 'e-mail', act: say('ana@example.com'), expect: /Mobile phone/ },
  { name: 'mobile', act: tap('Skip'), expect: /ID card or passport/ },
  { name: 'id', act: tap('Skip'), expect: /Date of birth/ },
  { name: 'birth', act: tap('Skip'), expect: /Country of residence/ },
  { name: 'country', act: tap('Skip'), expect: /first name/ },
  { name: 'first name', act: say('Ana'), expect: /surname/ },
  { name: 'surname', act: say('García'), expect: /ID card \(DNI/ },
  { name: 'document', act: say('X1234567L'), expect: /contact phone number/ },
  {
    name: 'share contact',
    act: (fake, user) => fake.contact(user, '34600000000'),
    expect: /Your e-mail address/,
    killOn: [],
  },
  { name: 'client e-mail', act: say('ana@example.com'), expect: /check your details/ },
  { name: 'details', act: tap('All correct'), expect: /Check your order/ },
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
