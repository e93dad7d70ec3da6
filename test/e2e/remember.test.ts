/**
 * Remembering a customer, with consent, through the JSON-lines chat on a
 * real Redis: offered after a purchase, never kept without a yes, confirmed in one tap at
 * the next checkout, erased by /forget, expiring after CUSTOMER_TTL_DAYS, and never read
 * by another chat.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startChat, type Chat } from '#test/support/chat.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const DETAILS = 'Ana García, 12345678Z, +34600111222, ana@example.com';
const CUSTOMER_TTL_DAYS = 30;

let sandbox: TestSandbox;
let redis: Redis;
const chats: Chat[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  redis = new Redis(inject('redisUrl'));
});
afterAll(async () => {
  await redis.quit();
  await sandbox.close();
});
afterEach(async () => {
  for (const chat of chats.splice(0)) await chat.close();
});

async function chatAs(conversationId?: string): Promise<Chat> {
  const chat = await startChat({
    sandbox,
    env: {
      REDIS_URL: inject('redisUrl'),
      PAYMENT_MODE: 'on-account',
      CUSTOMER_TTL_DAYS: String(CUSTOMER_TTL_DAYS),
    },
    ...(conversationId !== undefined ? { conversationId } : {}),
  });
  chats.push(chat);
  await chat.start();
  return chat;
}

/** From the home menu to the cart: one museum ticket on the first date. */
async function toCart(chat: Chat): Promise<void> {
  await chat.choose('book');
  await chat.pick('Sea Museum');
  await chat.pick(/^Tickets$/);
  await chat.pick('adult');
  await chat.choose(chat.last().options[0]!.id); // the first date, on the card
  await chat.choose('types:go'); // one adult: the ticket chosen starts at one
  await chat.say('Ana García');
  await chat.choose('skip');
  await chat.say('15/08/1990');
  expect(chat.last().text).toMatch(/Your cart/);
}

const keyOf = (chat: Chat) => `bot:kv:customer:${chat.conversationId}`;

describe('remembering the customer', () => {
  it('keeps nothing without a yes; with one, a one-tap confirmation next time; /forget erases', async () => {
    const chat = await chatAs();
    await toCart(chat);
    await chat.choose('checkout');
    expect(chat.last().text).toMatch(/Your details: full name/);
    await chat.say(DETAILS);
    await chat.choose('reserve');
    await chat.choose('pay');
    expect(chat.last().text).toMatch(/Purchase confirmed/);
    // Offered, not assumed: nothing stored yet.
    expect(chat.last().options.map((o) => o.label)).toContain(
      '💾 Remember my details for next time',
    );
    expect(await redis.exists(keyOf(chat))).toBe(0);
    const saved = await chat.choose('remember');
    expect(saved.map((line) => line.text).join('\n')).toMatch(
      /Saved: next time you only confirm them/,
    );
    expect(chat.last().options.some((o) => o.id === 'remember')).toBe(false);
    const ttl = await redis.ttl(keyOf(chat));
    expect(ttl).toBeGreaterThan(CUSTOMER_TTL_DAYS * 86_400 - 60);
    expect(ttl).toBeLessThanOrEqual(CUSTOMER_TTL_DAYS * 86_400);

    // The same chat, a new conversation (the old one expired): the details in one tap.
    await redis.del(`bot:kv:conv:${chat.conversationId}`);
    const again = await chatAs(chat.conversationId);
    await toCart(again);
    await again.choose('checkout');
    expect(again.last().text).toBe(
      'Please check your details:\nName: Ana\nSurname: García\nDocument: 12345678Z\nPhone: +34600111222\nE-mail: ana@example.com',
    );
    await again.choose('client:confirm');
    expect(again.last().text).toMatch(/^📋 Check your order/);
    // Already remembered: not offered again after this purchase.
    await again.choose('reserve');
    await again.choose('pay');
    expect(again.last().options.some((o) => o.id === 'remember')).toBe(false);

    // /forget: erased, said, and the next checkout asks again.
    const forgot = await again.say('/forget');
    expect(forgot.map((line) => line.text)).toContain(
      'Done: I have erased your details and everything this conversation kept about you (the cart and the order under way too). Your paid bookings are still in /mybookings. Next time I will ask for your details again.',
    );
    expect(await redis.exists(keyOf(again))).toBe(0);
    await toCart(again);
    await again.choose('checkout');
    expect(again.last().text).toMatch(/Your details: full name/);
  });

  it("never reads another chat's details", async () => {
    const ana = await chatAs();
    await toCart(ana);
    await ana.choose('checkout');
    await ana.say(DETAILS);
    await ana.choose('reserve');
    await ana.choose('pay');
    await ana.choose('remember');
    expect(await redis.exists(keyOf(ana))).toBe(1);
    const ben = await chatAs();
    await toCart(ben);
    await ben.choose('checkout');
    expect(ben.last().text).toMatch(/Your details: full name/);
    await ben.say('/forget');
    // Ben's /forget erases nothing of Ana's.
    expect(await redis.exists(keyOf(ana))).toBe(1);
  });
});
