/**
 * The store's names are a storage format: data already in Redis is found by them. Each
 * family's format is pinned here, byte for byte, and so is where the Redis store puts a
 * value under its names (`bot:` then `kv:`, `claim:`, `lock:`; on a cluster the name
 * hash-tagged, `bot:kv:{<name>}`).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import * as keys from '#src/store/keys.js';
import { createRedisStore } from '#src/store/redis-store.js';

/** Each family with an example of its arguments and the exact name they make. */
const pinned: Record<keyof typeof keys, [unknown[], string]> = {
  conversationKey: [['tg:42'], 'conv:tg:42'],
  customerKey: [['tg:42'], 'customer:tg:42'],
  bookingsKey: [['tg:42'], 'bookings:tg:42'],
  bookingChargesKey: [['tg:42'], 'bookings:tg:42:charges'],
  bookingStaysKey: [['tg:42'], 'bookings:tg:42:stays'],
  invoiceKey: [['inv-1'], 'invoice:inv-1'],
  effectKey: [['cart000000001', 'sale', 'sale'], 'effect:cart000000001:sale:sale'],
  paymentReturnKey: [['tok'], 'payment-return:tok'],
  paymentReturnPushingKey: [['tok', 'ok'], 'payment-return-pushing:tok:ok'],
  paymentReturnAgainKey: [['tok', 'ok'], 'payment-return-again:tok:ok'],
  PAYMENT_RETURN_SECRET_KEY: [[], 'payment-return-secret'],
  telegramViewKey: [['st4mp'], 'tg:view:st4mp'],
  telegramPointerKey: [[42], 'tg:chat:42'],
  telegramTapKey: [['st4mp'], 'tg:tap:st4mp'],
  telegramUpdateKey: [[7, 1001], 'tg:update:7:1001'],
  telegramFloodKey: [[42], 'tg:flood:42'],
  TELEGRAM_CHAT_RATE_LIMIT: [[], 'tg-chat'],
  telegramTicketsKey: [[42], 'tickets-pending:42'],
  slackDeliveryKey: [['event:Ev1'], 'slack:delivery:event:Ev1'],
  slackSearchKey: [['tok'], 'slack:search:tok'],
  slackIdKey: [['3616139180081608727'], 'slack:id:3616139180081608727'],
  slackRedeemedKey: [['9f86d081884c7d65'], 'slack:redeemed:9f86d081884c7d65'],
  slackHandoffQueueKey: [['C0SUPPORT'], 'slack:handoffs:C0SUPPORT'],
  addressRateLimit: [['bot.example.com'], 'addr:bot.example.com'],
  partnerOutageKey: [['C0ALERTS'], 'outage:partner:C0ALERTS'],
  HEALTH_PROBE_KEY: [[], 'healthz:probe'],
  reminderJobId: [['tg:42'], 'remind:tg:42'],
  expiryJobId: [['tg:42'], 'expire:tg:42'],
  supportThreadKey: [['1712345678.000100'], 'support:thread:1712345678.000100'],
  supportTimeoutJobId: [['tg:42', '1712345678.000100'], 'support-timeout:tg:42:1712345678.000100'],
};

describe('the names of what the store keeps', () => {
  it.each(Object.entries(pinned))('%s keeps its format', (name, [args, expected]) => {
    const family = keys[name as keyof typeof keys] as string | ((...a: unknown[]) => string);
    expect(typeof family === 'string' ? family : family(...args)).toBe(expected);
  });

  it('pins every family the module names', () => {
    // The record's type already demands it; this holds it at run time too.
    expect(Object.keys(keys).sort()).toEqual(Object.keys(pinned).sort());
  });
});

describe('the Redis store under those names', () => {
  const redis = createRedisStore(inject('redisUrl'));
  const conversation = `tg:${randomUUID()}`;

  afterAll(async () => {
    // ioredis prefixes DEL's keys with `bot:` itself.
    await redis.redis.del(
      `kv:${keys.conversationKey(conversation)}`,
      `claim:${keys.conversationKey(conversation)}`,
    );
    await redis.close();
  });

  it('keeps a value at bot:kv:<name>, a claim at bot:claim:<name>, a lock at bot:lock:<name>', async () => {
    const name = keys.conversationKey(conversation);
    await redis.put(name, { snapshot: {} }, 0, 60);
    await redis.claim(name, 60);
    const lock = await redis.lock(name, { ttlMs: 5_000, waitMs: 0 });
    // A second client without a prefix sees the server's own names.
    const raw = redis.redis.duplicate({ keyPrefix: '' });
    try {
      expect(await raw.hget(`bot:kv:conv:${conversation}`, 'json')).toBe('{"snapshot":{}}');
      expect(await raw.exists(`bot:claim:conv:${conversation}`)).toBe(1);
      expect(await raw.exists(`bot:lock:conv:${conversation}`)).toBe(1);
    } finally {
      await lock.release();
      await raw.quit();
    }
  });
});

describe('the Redis store on a cluster under those names', () => {
  const redis = createRedisStore({ cluster: inject('redisCluster') });
  const conversation = `tg:${randomUUID()}`;
  const name = keys.conversationKey(conversation);

  afterAll(async () => {
    await redis.redis.del(`kv:{${name}}`);
    await redis.redis.del(`claim:{${name}}`);
    await redis.close();
  });

  it('keeps them hash-tagged: bot:kv:{<name>}, bot:claim:{<name>}, bot:lock:{<name>}', async () => {
    await redis.put(name, { snapshot: {} }, 0, 60);
    await redis.claim(name, 60);
    const lock = await redis.lock(name, { ttlMs: 5_000, waitMs: 0 });
    // A second client without a prefix sees the server's own names.
    const raw = redis.redis.duplicate(undefined, { keyPrefix: '' });
    try {
      expect(await raw.hget(`bot:kv:{conv:${conversation}}`, 'json')).toBe('{"snapshot":{}}');
      expect(await raw.exists(`bot:claim:{conv:${conversation}}`)).toBe(1);
      expect(await raw.exists(`bot:lock:{conv:${conversation}}`)).toBe(1);
    } finally {
      await lock.release();
      await raw.quit();
    }
  });
});
