/**
 * The Telegram channel over a fake Bot API with a scripted engine: how views are drawn
 * (paging, link buttons, the contact keyboard, long texts), and how updates become
 * input (commands, files, contacts, failures).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTelegram, type TelegramChannel } from '#src/channels/telegram/index.js';
import { ticketQr } from '#src/channels/telegram/tickets.js';
import { BusyError, type Engine } from '#src/conversation/engine.js';
import type { Input } from '#src/conversation/interpret.js';
import type { Reply, View } from '#flows/view.js';
import type { Lang } from '#src/domain/lang.js';
import { silentLogger } from '#src/log.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import type { Store } from '#src/store/store.js';
import {
  startFakeTelegram,
  type FakeTelegram,
  type FakeUser,
} from '#test/support/fake-telegram.js';
import { newCustomer } from '#test/support/telegram-bot.js';
import { currentView } from '#test/support/telegram-customer.js';

let fake: FakeTelegram;
let store: Store;
let channel: TelegramChannel;
let inputs: Input[];
let answer: (input: Input, conversationId: string) => Reply<unknown> | Promise<Reply<unknown>>;
/** The conversation's language as the engine tells it (none: a new conversation). */
let language: Lang | undefined;
let ana: FakeUser;

const view = (fields: Partial<View>): Reply<unknown> => ({
  notices: [],
  view: { text: 'A view', options: [], expects: 'choice', ...fields },
});
const nav = [
  { id: 'back', label: '⬅️ Back', event: {} },
  { id: 'home', label: '🏠 Home', event: {} },
];

/** The channel on the scripted engine; `chatsAtOnce`: how many chats it handles at once. */
function startChannel(chatsAtOnce?: number): Promise<TelegramChannel> {
  const engine: Engine = {
    async handle(conversationId, input) {
      inputs.push(input);
      return answer(input, conversationId);
    },
    async current(conversationId) {
      return answer({ kind: 'text', text: '' }, conversationId);
    },
    async languageOf() {
      return language;
    },
  };
  return startTelegram({
    config: {
      token: fake.token,
      apiRoot: fake.url,
      webhookSecret: undefined,
      chatLimit: { points: 100, seconds: 60 },
    },
    engine,
    store,
    logger: silentLogger,
    publicUrl: 'http://127.0.0.1:1',
    defaultLanguage: 'en',
    ...(chatsAtOnce !== undefined ? { chatsAtOnce } : {}),
  });
}

beforeEach(async () => {
  fake = await startFakeTelegram();
  store = createMemoryStore();
  inputs = [];
  answer = () => view({});
  language = undefined;
  channel = await startChannel();
  ana = newCustomer();
});
/** Turns a test holds (updates at once): released before the channel stops. */
const releases: (() => void)[] = [];
afterEach(async () => {
  for (const release of releases.splice(0)) release();
  await channel.stop();
  await fake.close();
});

/** Holds the fake's next `method` call until released (by the test, or after it). */
function holdNext(method: string): void {
  releases.push(() => fake.release());
  fake.holdNext(method, 60_000);
}

/** Waits until the one held call is waiting and the chat shows `text` (what: the wait's name). */
const heldShowing = (chatId: number, text: string, what: string) =>
  fake.until(() => fake.holding() === 1 && currentView(fake, chatId).text === text, 10_000, what);

async function act(action: () => number): Promise<void> {
  const updateId = action();
  await channel.whenHandled(updateId);
  await channel.idle();
}

const labels = (fakeView = currentView(fake, ana.id)) => fake.buttons(fakeView).map((b) => b.text);

describe('drawing views', () => {
  it('pages a long option list, keeps Back and Home, and takes a choice on page 2', async () => {
    const options = Array.from({ length: 20 }, (_, i) => ({
      id: `item:${i + 1}`,
      label: `Item number ${i + 1}`,
      event: {},
    }));
    answer = () => view({ text: 'Pick one', options: [...options, ...nav] });
    await act(() => fake.text(ana, 'hello'));
    expect(labels()).toEqual([
      ...options.slice(0, 8).map((o) => o.label),
      '1/3',
      '▶',
      '⬅️ Back',
      '🏠 Home',
    ]);

    await act(() => fake.tapButton(ana, '▶'));
    expect(inputs).toHaveLength(1);
    expect(labels()).toEqual([
      ...options.slice(8, 16).map((o) => o.label),
      '◀',
      '2/3',
      '▶',
      '⬅️ Back',
      '🏠 Home',
    ]);
    answer = () => view({ text: 'Chosen' });
    await act(() => fake.tapButton(ana, 'Item number 12'));
    expect(inputs.at(-1)).toEqual({ kind: 'choose', id: 'item:12' });
    expect(currentView(fake, ana.id).text).toBe('Chosen');
    expect(fake.callsOf('editMessageText', ana.id)).toHaveLength(1);
  });

  it('shows the payment link as a URL button, or in the text when Telegram refuses it', async () => {
    answer = () =>
      view({ text: 'Pay here', link: { label: '💳 Pay', url: 'https://pay.example.com/s/1' } });
    await act(() => fake.text(ana, 'pay'));
    expect(fake.buttons(currentView(fake, ana.id))).toEqual([
      { text: '💳 Pay', url: 'https://pay.example.com/s/1' },
    ]);

    answer = () =>
      view({
        text: 'Pay here',
        options: nav,
        link: { label: '💳 Pay', url: 'http://127.0.0.1:8787/pay/1' },
      });
    await act(() => fake.text(ana, 'pay'));
    const shown = currentView(fake, ana.id);
    expect(shown.text).toBe('Pay here\n\n💳 Pay: http://127.0.0.1:8787/pay/1');
    expect(fake.buttons(shown).map((b) => b.text)).toEqual(['⬅️ Back', '🏠 Home']);
  });

  it('asks a phone with the contact button, and removes it afterwards', async () => {
    answer = () => view({ text: 'Your phone?', expects: 'phone', options: nav });
    await act(() => fake.text(ana, 'go'));
    const asked = currentView(fake, ana.id);
    expect(asked.replyKeyboard).toMatchObject({
      keyboard: [
        [{ text: '📱 Share my phone number', request_contact: true }],
        [{ text: '⬅️ Back' }, { text: '🏠 Home' }],
      ],
      one_time_keyboard: true,
    });

    answer = () => view({ text: 'Your e-mail?', expects: 'email', options: nav });
    await act(() => fake.contact(ana, '34 600 000 000'));
    expect(inputs.at(-1)).toEqual({ kind: 'text', text: '+34 600 000 000' });
    const after = fake.messages(ana.id).filter((m) => m.messageId > asked.messageId);
    expect(after.map((m) => m.text)).toEqual(['👌', 'Your e-mail?']);
    expect(after[0]!.replyKeyboard).toEqual({ remove_keyboard: true });
    expect(labels()).toEqual(['⬅️ Back', '🏠 Home']);
  });

  it('sends notices first, and a long text in parts with the buttons on the last', async () => {
    const long = Array.from({ length: 300 }, (_, i) => `Line ${i} of a long product card.`).join(
      '\n',
    );
    answer = () => ({
      notices: [{ text: 'Noted.' }],
      view: { text: long, options: nav, expects: 'choice' },
    });
    await act(() => fake.text(ana, 'card'));
    const messages = fake.messages(ana.id);
    expect(messages[0]!.text).toBe('Noted.');
    expect(messages.length).toBe(4);
    expect(
      messages
        .slice(1)
        .map((m) => m.text!)
        .join('\n'),
    ).toBe(long);
    expect(messages.slice(1).every((m) => m.text!.length <= 4096)).toBe(true);
    expect(messages.at(-1)!.inlineKeyboard).toBeDefined();
    expect(messages[1]!.inlineKeyboard).toBeUndefined();
  });
});

describe('customer input', () => {
  it('passes commands as typed commands', async () => {
    await act(() => fake.text(ana, '/start promo-2026'));
    await act(() => fake.text(ana, '/book@fake_booking_bot'));
    await act(() => fake.text(ana, '/unknown'));
    expect(inputs).toEqual([
      { kind: 'text', text: '/start' },
      { kind: 'text', text: '/book' },
      { kind: 'text', text: '/unknown' },
    ]);
    await act(() => fake.text(ana, '/mybookings'));
    expect(inputs.at(-1)).toEqual({ kind: 'text', text: '/mybookings' });
  });

  it('downloads a document for a file question and gives it to the conversation', async () => {
    const rules = { mimeTypes: ['application/pdf', 'image/*'], maxBytes: 1000 };
    answer = () =>
      view({ text: 'Send the certificate', expects: 'file', file: rules, options: nav });
    await act(() => fake.text(ana, 'next'));

    const pdf = Buffer.from('%PDF-1.4 a small certificate');
    await act(() =>
      fake.document(ana, { name: 'cert.pdf', mime: 'application/pdf', content: pdf }),
    );
    expect(inputs.at(-1)).toEqual({
      kind: 'file',
      file: { name: 'cert.pdf', mime: 'application/pdf', base64: pdf.toString('base64') },
    });

    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await act(() => fake.photo(ana, jpeg));
    expect(inputs.at(-1)).toEqual({
      kind: 'file',
      file: { name: 'photo.jpg', mime: 'image/jpeg', base64: jpeg.toString('base64') },
    });
  });

  it('refuses files that are too large, of the wrong type, or not expected, without downloading', async () => {
    answer = () =>
      view({
        text: 'Send it',
        expects: 'file',
        file: { mimeTypes: ['application/pdf'], maxBytes: 1000 },
        options: nav,
      });
    await act(() => fake.text(ana, 'next'));
    const handled = inputs.length;

    await act(() =>
      fake.document(ana, { name: 'big.pdf', mime: 'application/pdf', content: Buffer.alloc(2000) }),
    );
    expect(fake.messages(ana.id).at(-1)!.text).toBe('That file is too large: the maximum is 1 KB.');
    await act(() =>
      fake.document(ana, { name: 'notes.txt', mime: 'text/plain', content: Buffer.from('hi') }),
    );
    expect(fake.messages(ana.id).at(-1)!.text).toBe(
      'That kind of file is not accepted here. Accepted: PDF.',
    );
    expect(fake.callsOf('getFile')).toHaveLength(0);
    expect(inputs).toHaveLength(handled);

    answer = () => view({ text: 'Pick', options: nav });
    await act(() => fake.text(ana, 'back'));
    await act(() =>
      fake.document(ana, { name: 'a.pdf', mime: 'application/pdf', content: Buffer.from('x') }),
    );
    expect(fake.messages(ana.id).at(-1)!.text).toBe('I do not need a file right now.');
    expect(fake.callsOf('getFile')).toHaveLength(0);
  });

  it('says what it understands when sent a sticker', async () => {
    await act(() =>
      fake.inject({
        message: {
          message_id: 99,
          date: 0,
          chat: { id: ana.id, type: 'private' },
          from: { id: ana.id, is_bot: false, first_name: 'Ana', language_code: 'es' },
          sticker: {
            file_id: 's',
            file_unique_id: 's',
            type: 'regular',
            width: 1,
            height: 1,
            is_animated: false,
            is_video: false,
          },
        },
      }),
    );
    expect(fake.messages(ana.id).at(-1)!.text).toBe(
      'Aquí solo entiendo texto, botones, contactos y archivos.',
    );
    expect(inputs).toHaveLength(0);
  });

  it("speaks the conversation's language, as the engine tells it, over the app's", async () => {
    language = 'en';
    await act(() =>
      fake.inject({
        message: {
          message_id: 98,
          date: 0,
          chat: { id: ana.id, type: 'private' },
          from: { id: ana.id, is_bot: false, first_name: 'Ana', language_code: 'es' },
          sticker: {
            file_id: 's',
            file_unique_id: 's',
            type: 'regular',
            width: 1,
            height: 1,
            is_animated: false,
            is_video: false,
          },
        },
      }),
    );
    expect(fake.messages(ana.id).at(-1)!.text).toBe(
      'Here I understand text, buttons, contacts and files.',
    );
  });

  it('ignores group chats', async () => {
    await act(() =>
      fake.inject({
        message: {
          message_id: 5,
          date: 0,
          chat: { id: -100123, type: 'supergroup', title: 'Group' },
          from: { id: ana.id, is_bot: false, first_name: 'Ana' },
          text: '/start',
        },
      }),
    );
    expect(inputs).toHaveLength(0);
    expect(fake.callsOf('sendMessage')).toHaveLength(0);
  });

  it('tells the customer when a turn fails or is busy, and the button can be tapped again', async () => {
    answer = () =>
      view({ text: 'Choose', options: [{ id: 'go', label: 'Go', event: {} }, ...nav] });
    await act(() => fake.text(ana, 'hi'));

    answer = () => {
      throw new BusyError('Still working on your previous request; one moment, please.');
    };
    await act(() => fake.tapButton(ana, 'Go'));
    expect(fake.messages(ana.id).at(-1)!.text).toBe(
      'Still working on your previous request; one moment, please.',
    );

    answer = () => {
      throw new Error('boom');
    };
    await act(() => fake.tapButton(ana, 'Go'));
    expect(fake.messages(ana.id).at(-1)!.text).toBe(
      'Something went wrong on our side; nothing was lost. Please try again.',
    );

    answer = () => view({ text: 'Gone' });
    await act(() => fake.tapButton(ana, 'Go'));
    expect(inputs.filter((input) => input.kind === 'choose')).toHaveLength(3);
    expect(currentView(fake, ana.id).text).toBe('Gone');
  });
});

describe('updates at once', () => {
  /** A turn the engine holds until `release()` (released when the test ends, whatever happens). */
  function hold() {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    releases.push(release);
    return { held, release };
  }
  const textOf = (input: Input) => (input.kind === 'text' ? input.text : input.kind);

  it("handles another chat's update while one chat's turn runs, and keeps that chat's updates in order", async () => {
    const bea = newCustomer();
    const turn = hold();
    const seen: string[] = [];
    answer = async (input, conversationId) => {
      const who = conversationId === `tg:${ana.id}` ? 'ana' : 'bea';
      seen.push(`${who}: ${textOf(input)}`);
      if (textOf(input) === 'first') await turn.held;
      return view({ text: `Got ${textOf(input)}` });
    };
    const first = fake.text(ana, 'first');
    await fake.until(() => seen.length === 1, 10_000, "Ana's first turn");
    const second = fake.text(ana, 'second');
    // Bea's update, made after Ana's second, is handled to its end while Ana's first runs.
    await channel.whenHandled(fake.text(bea, 'hello'));
    expect(currentView(fake, bea.id).text).toBe('Got hello');
    // Ana's second waits for her first: the engine has not seen it.
    expect(seen).toEqual(['ana: first', 'bea: hello']);
    expect(fake.messages(ana.id)).toHaveLength(0);

    turn.release();
    await channel.whenHandled(first);
    await channel.whenHandled(second);
    await channel.idle();
    expect(seen).toEqual(['ana: first', 'bea: hello', 'ana: second']);
    expect(fake.messages(ana.id).map((message) => message.text)).toEqual([
      'Got first',
      'Got second',
    ]);
  });

  it('takes no more chats at once than its limit; a chat in hand answers its taps meanwhile', async () => {
    await channel.stop();
    channel = await startChannel(1);
    const bea = newCustomer();
    const turn = hold();
    const seen: string[] = [];
    answer = async (input, conversationId) => {
      const who = conversationId === `tg:${ana.id}` ? 'ana' : 'bea';
      seen.push(`${who}: ${textOf(input)}`);
      if (input.kind === 'choose') await turn.held;
      return view({ text: 'Choose', options: [{ id: 'go', label: 'Go', event: {} }, ...nav] });
    };
    await act(() => fake.text(ana, 'hi'));
    const tap = fake.tapButton(ana, 'Go');
    await fake.until(() => seen.length === 2, 10_000, "Ana's choice");
    const waiting = fake.text(bea, 'hello');
    // Ana's second tap joins her chat, already in hand: answered at once, "on it".
    await channel.whenHandled(fake.tapButton(ana, 'Go'));
    expect(fake.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe('One moment, I am on it.');
    // Bea's update, made before that tap, waits for the one slot: the engine has not seen it.
    expect(seen).toEqual(['ana: hi', 'ana: choose']);

    turn.release();
    await channel.whenHandled(tap);
    await channel.whenHandled(waiting);
    expect(seen).toEqual(['ana: hi', 'ana: choose', 'bea: hello']);
    expect(currentView(fake, bea.id).text).toBe('Choose');
  });

  it("gives a choice to the conversation while the tap's answer is on its way; the update ends after it", async () => {
    const choose = view({
      text: 'Choose',
      options: [{ id: 'go', label: 'Go', event: {} }, ...nav],
    });
    answer = (input) => (input.kind === 'choose' ? view({ text: 'Chosen' }) : choose);
    await act(() => fake.text(ana, 'hi'));
    holdNext('answerCallbackQuery');
    const tap = fake.tapButton(ana, 'Go');
    // The turn is taken and its view drawn while Telegram has not yet taken the answer.
    await heldShowing(ana.id, 'Chosen', 'the choice handled while its answer is held');
    expect(inputs.at(-1)).toEqual({ kind: 'choose', id: 'go' });
    let handled = false;
    void channel.whenHandled(tap).then(() => (handled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(handled).toBe(false);

    fake.release();
    await channel.whenHandled(tap);
    expect(fake.callsOf('answerCallbackQuery').at(-1)!.error).toBeUndefined();
  });

  it("sends the next view while the old view's buttons are being removed", async () => {
    answer = (input) =>
      view({
        text: input.kind === 'text' && input.text === 'again' ? 'Second' : 'First',
        options: [{ id: 'go', label: 'Go', event: {} }, ...nav],
      });
    await act(() => fake.text(ana, 'hi'));
    holdNext('editMessageReplyMarkup');
    const typed = fake.text(ana, 'again');
    await heldShowing(ana.id, 'Second', 'the new view sent while the old buttons are held');
    fake.release();
    await channel.whenHandled(typed);
    await channel.idle();
    // The old view lost its buttons; the new one has them.
    expect(fake.messages(ana.id).map((message) => fake.buttons(message).length > 0)).toEqual([
      false,
      true,
    ]);
  });

  it("sends a view's tickets after it, in order, their photos drawn while it is on its way", async () => {
    const tickets = ['AC-1', 'AC-2', 'AC-3'].map((accessCode) => ({
      accessCode,
      title: `Ticket ${accessCode}`,
      lines: [],
    }));
    answer = () => view({ text: 'Purchase confirmed', tickets });
    holdNext('sendMessage');
    const typed = fake.text(ana, 'pay');
    // The photos are drawn meanwhile (ticket-delivery.ts); none may go before the view.
    await fake.until(() => fake.holding() === 1, 10_000, 'the view held');
    fake.release();
    await channel.whenHandled(typed);
    const messages = fake.messages(ana.id);
    expect(messages.map((message) => message.text ?? message.caption)).toEqual([
      'Purchase confirmed',
      ...tickets.map((ticket) => `Ticket ${ticket.accessCode}\nCode: ${ticket.accessCode}`),
    ]);
    for (const [index, ticket] of tickets.entries()) {
      expect(messages[index + 1]!.photo!.bytes).toEqual(await ticketQr(ticket.accessCode));
    }
  });
});

describe('a view shown before its pointer is written', () => {
  it('takes a tap on it (an instance that dies there, or a quick customer, is not left with dead buttons)', async () => {
    answer = (input) =>
      view({
        text: input.kind === 'choose' ? `Chose ${input.id}` : 'First',
        options: [{ id: 'go', label: 'Go', event: {} }, ...nav],
      });
    await act(() => fake.text(ana, 'hi'));
    // The update that sends "Second" waits on the old view's buttons before its last
    // exchange (the one that moves the chat's pointer): "Second" shows, unpointed.
    holdNext('editMessageReplyMarkup');
    answer = (input) =>
      view({
        text: input.kind === 'choose' ? `Chose ${input.id}` : 'Second',
        options: [{ id: 'go', label: 'Go', event: {} }, ...nav],
      });
    const typed = fake.text(ana, 'again');
    await heldShowing(ana.id, 'Second', 'the new view shown while its update has not ended');
    const tap = fake.tapButton(ana, 'Go');
    // Gone through the gate: a tap refused as stale is answered there and then.
    await fake.until(
      () => fake.callsOf('answerCallbackQuery').length > 0 || inputs.at(-1)?.kind === 'choose',
      10_000,
      'the tap at the gate',
    );
    fake.release();
    await channel.whenHandled(typed);
    await channel.whenHandled(tap);
    await channel.idle();
    expect(fake.callsOf('answerCallbackQuery').map((call) => call.params.text ?? '')).toEqual(['']);
    expect(inputs.at(-1)).toEqual({ kind: 'choose', id: 'go' });
    expect(currentView(fake, ana.id).text).toBe('Chose go');
  });
});
