/**
 * /forget erases every copy of the customer's personal data the bot keeps. The real bot
 * (createApp + startTelegram) against the fake Bot API, the sandbox and a real Redis, an
 * in-memory desk for the handoff: a customer buys with their name, document, e-mail and
 * phone, has them remembered, talks to a person (the handoff's transcript holds what they
 * wrote and what staff answered), then says /forget while still handed off. Every key of
 * the store, of every type (the bot's own and BullMQ's), is then read whole: none holds
 * the name, the document, the e-mail or the phone. Before /forget the same scan finds
 * them, so the scan is known to see them.
 *
 * Kept, by design: the paid sale's record by its ids and amounts (bookings:<chat>, and the
 * sale's ids in the conversation), which hold no personal data; /mybookings still finds
 * the booking.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  startFakeTelegram,
  type FakeTelegram,
  type FakeUser,
} from '#test/support/fake-telegram.js';
import { createMemoryDesk, type MemoryDesk } from '#test/support/memory-desk.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer, startTelegramBot, type TelegramBot } from '#test/support/telegram-bot.js';
import { currentView } from '#test/support/telegram-customer.js';

/** A DNI: eight digits and the letter they call for. */
const dni = (digits: number) => `${digits}${'TRWAGMYFPDXBNJZSQVHLCKE'[digits % 23]}`;

const CUSTOMER = {
  name: 'Luciana',
  surname: 'Quintanilla-Oyarzun',
  document: dni(48_213_765),
  email: 'luciana.quintanilla.forget@example.org',
  phone: '+34612987654',
};

/** Each piece as it may be written somewhere: whole, normalized or in part. */
const PERSONAL = [
  CUSTOMER.surname,
  CUSTOMER.surname.toLowerCase(),
  CUSTOMER.document,
  CUSTOMER.document.slice(0, 8),
  CUSTOMER.email,
  CUSTOMER.email.split('@')[0]!,
  CUSTOMER.phone.slice(3),
];

/** Where a piece of personal data is found: every key of the database, every type, whole. */
async function findPersonal(redis: Redis): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const text = `${key}\n${await contentOf(redis, key)}`;
      for (const piece of PERSONAL) if (text.includes(piece)) found.push(`${key}: ${piece}`);
    }
  } while (cursor !== '0');
  return found;
}

async function contentOf(redis: Redis, key: string): Promise<string> {
  const type = await redis.type(key);
  const texts = (values: Buffer[]) => values.map((value) => value.toString('utf8')).join('\n');
  switch (type) {
    case 'string':
      return (await redis.getBuffer(key))?.toString('utf8') ?? '';
    case 'hash':
      return texts(Object.values(await redis.hgetallBuffer(key)));
    case 'list':
      return texts(await redis.lrangeBuffer(key, 0, -1));
    case 'set':
      return texts(await redis.smembersBuffer(key));
    case 'zset':
      return texts(await redis.zrangeBuffer(key, 0, -1));
    case 'stream':
      return JSON.stringify(await redis.xrange(key, '-', '+'));
    case 'none':
      return '';
    default:
      throw new Error(`a key of a type the scan cannot read: ${key} (${type})`);
  }
}

/** The records of the views the chat was shown (bot:kv:tg:view:<stamp>, naming the chat). */
async function viewsOf(redis: Redis, chatId: number): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', 'bot:kv:tg:view:*', 'COUNT', 1000);
    cursor = next;
    for (const key of found) {
      const json = await redis.hget(key, 'json');
      if (json && (JSON.parse(json) as { chatId?: number }).chatId === chatId) keys.push(key);
    }
  } while (cursor !== '0');
  return keys;
}

/**
 * A database of the suite's Redis for this file alone: the scan reads every key of it,
 * and other files' customers (the same fixtures' names) are elsewhere.
 */
const DATABASE = `${inject('redisUrl')}/11`;

describe('/forget', () => {
  let fake: FakeTelegram;
  let sandbox: TestSandbox;
  let bot: TelegramBot;
  let desk: MemoryDesk;
  let redis: Redis;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    sandbox = await startTestSandbox();
    bot = await startTelegramBot({
      mode: 'webhook',
      fake,
      sandbox,
      redisUrl: DATABASE,
      env: {
        PAYMENT_MODE: 'on-account',
        SLACK_BOT_TOKEN: 'xoxb-test',
        SLACK_SIGNING_SECRET: 'signing-secret',
        SLACK_SUPPORT_CHANNEL: 'C0SUPPORT',
      },
    });
    desk = createMemoryDesk();
    bot.app.support!.useDesk(desk);
    redis = new Redis(DATABASE);
  });
  afterAll(async () => {
    redis?.disconnect();
    await bot?.stop();
    await fake?.close();
    await sandbox?.close();
  });

  const texts = (customer: FakeUser) =>
    fake.messages(customer.id).map((message) => message.text ?? '');

  /** Two jellyfish tickets bought, with the customer's details typed in the chat. */
  async function buy(customer: FakeUser): Promise<void> {
    await bot.act(() => fake.text(customer, '/start'));
    await bot.act(() => fake.tapButton(customer, 'Book tickets'));
    await bot.act(() => fake.tapButton(customer, 'Valencia Sea Museum'));
    await bot.act(() => fake.tapButton(customer, /^Tickets$/));
    await bot.act(() => fake.tapButton(customer, /Jellyfish aquarium/));
    await bot.act(() => fake.tapButton(customer, 'Another date'));
    const calendar = currentView(fake, customer.id);
    const day = fake.buttons(calendar).find((button) => /:d:/.test(button.callback_data ?? ''))!;
    await bot.act(() => fake.tap(customer, calendar.messageId, day.callback_data!));
    await bot.act(() => fake.tapButton(customer, 'Assign one for me'));
    await bot.act(() => fake.tapButton(customer, /^2$/));
    await bot.act(() => fake.tapButton(customer, 'Check out'));
    expect(currentView(fake, customer.id).text).toMatch(/Your details/);
    const { name, surname, document, email, phone } = CUSTOMER;
    await bot.act(() => fake.text(customer, `${name} ${surname}, ${document}, ${email}`));
    expect(currentView(fake, customer.id).text).toMatch(/contact phone number/);
    await bot.act(() => fake.text(customer, phone));
    expect(currentView(fake, customer.id).text).toMatch(/Check your order/);
    await bot.act(() => fake.tapButton(customer, 'Reserve'));
    await bot.act(() => fake.tapButton(customer, 'Confirm and pay'));
    expect(texts(customer).join('\n')).toMatch(/Purchase confirmed/);
  }

  it(
    'erases the details, the transcript and what the conversation kept, in every key of the store',
    { timeout: 90_000 },
    async () => {
      const luciana: FakeUser = { ...newCustomer(), firstName: CUSTOMER.name };
      await buy(luciana);
      await bot.act(() => fake.tapButton(luciana, '💾 Remember my details for next time'));
      expect(texts(luciana).join('\n')).toMatch(/Saved: next time you only confirm them/);

      // A person, who hears the customer's details again and answers with their name.
      await bot.act(() => fake.text(luciana, 'talk to someone'));
      const thread = desk.threads.at(-1)!;
      expect(thread.summary.conversationId).toBe(`tg:${luciana.id}`);
      await bot.act(() =>
        fake.text(luciana, `My phone is ${CUSTOMER.phone}, write to ${CUSTOMER.email}`),
      );
      const staff = { id: 'U-marta', name: 'Marta' };
      expect(
        await bot.app.support!.line.staffSaid(
          thread.threadId,
          staff,
          `Thanks ${CUSTOMER.name} ${CUSTOMER.surname}, your DNI ${CUSTOMER.document} is fine`,
        ),
      ).toBe('delivered');
      await bot.channel.idle();

      // The scan sees them: the remembered details, the conversation's record.
      const before = await findPersonal(redis);
      expect(before.some((where) => where.startsWith(`bot:kv:customer:tg:${luciana.id}:`))).toBe(
        true,
      );
      expect(before.some((where) => where.startsWith(`bot:kv:conv:tg:${luciana.id}:`))).toBe(true);
      const transcript = JSON.stringify(await redis.hget(`bot:kv:conv:tg:${luciana.id}`, 'json'));
      expect(transcript).toContain('My phone is');

      // The views shown so far are on record (their labels may name the customer).
      expect((await viewsOf(redis, luciana.id)).length).toBeGreaterThan(5);

      // /forget, written while still handed off: the thread is told, and closed.
      await bot.act(() => fake.text(luciana, '/forget'));
      expect(texts(luciana)).toContain(
        'Done: I have erased your details and everything this conversation kept about you (the cart and the order under way too). Your paid bookings are still in /mybookings. Next time I will ask for your details again.',
      );
      expect(await findPersonal(redis)).toEqual([]);
      // Of the views, only the one drawn after the erasure is left.
      expect(await viewsOf(redis, luciana.id)).toHaveLength(1);
      expect(thread.notes.at(-1)).toMatch(/asked the bot to erase their details/);
      expect(await bot.app.support!.line.staffSaid(thread.threadId, staff, 'Still there?')).toBe(
        'closed',
      );

      // What money needs is kept, without personal data: the paid booking is still found.
      const record = await redis.hget(`bot:kv:conv:tg:${luciana.id}`, 'json');
      expect(record).not.toBeNull();
      await bot.act(() => fake.text(luciana, '/mybookings'));
      expect(currentView(fake, luciana.id).text).toMatch(/Jellyfish aquarium/);
      // The next checkout asks for the details again.
      await bot.act(() => fake.text(luciana, '/book'));
      expect(await findPersonal(redis)).toEqual([]);
    },
  );
});
