/**
 * The scheduler contract on timers and on BullMQ (real Redis: one server, and a Redis
 * Cluster): a job runs once, at its time; scheduling an id again replaces it; a
 * cancelled job never runs; with two instances on one Redis, a job still runs once.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createBullmqScheduler } from '#src/scheduler/bullmq-scheduler.js';
import { createMemoryScheduler } from '#src/scheduler/memory-scheduler.js';
import type { Job, Scheduler } from '#src/scheduler/scheduler.js';
import type { RedisTarget } from '#src/store/redis-target.js';

const open: Scheduler[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((scheduler) => scheduler.close()));
});

function waitFor(predicate: () => boolean, timeoutMs = 8_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (predicate()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('timed out waiting'));
      else setTimeout(poll, 10);
    };
    poll();
  });
}

const redisOf: Record<string, RedisTarget> = {
  bullmq: inject('redisUrl'),
  'bullmq cluster': { cluster: inject('redisCluster') },
};

const makers: [string, () => Scheduler][] = [
  ['memory', () => createMemoryScheduler()],
  ...Object.entries(redisOf).map(([name, target]): [string, () => Scheduler] => [
    name,
    () => createBullmqScheduler(target, { queueName: `test-${randomUUID()}` }),
  ]),
];

describe.each(makers)('%s scheduler', (name, make) => {
  const job = (id: string, inMs: number): Job => ({
    id,
    kind: 'reservation.expired',
    conversationId: 'tg:1',
    at: new Date(Date.now() + inMs),
  });

  it('runs a job once, not before its time', async () => {
    const scheduler = make();
    open.push(scheduler);
    const ran: { id: string; at: number }[] = [];
    scheduler.start(async (done) => {
      ran.push({ id: done.id, at: Date.now() });
    });
    const due = Date.now() + 150;
    await scheduler.schedule(job('expire:tg:1:a', 150));
    await waitFor(() => ran.length === 1);
    await sleep(200);
    expect(ran.map((r) => r.id)).toEqual(['expire:tg:1:a']);
    expect(ran[0]!.at).toBeGreaterThanOrEqual(due - 5);
  });

  it('replaces a job scheduled again under its id', async () => {
    const scheduler = make();
    open.push(scheduler);
    const ran: Job[] = [];
    scheduler.start(async (done) => {
      ran.push(done);
    });
    // The old job is due well after the new one is scheduled (a loaded machine is slow),
    // and its time has passed when the runs are counted.
    await scheduler.schedule({ ...job('remind:x', 1_000), conversationId: 'tg:old' });
    await scheduler.schedule({ ...job('remind:x', 200), conversationId: 'tg:new' });
    await waitFor(() => ran.length >= 1);
    await sleep(1_100);
    expect(ran.map((r) => r.conversationId)).toEqual(['tg:new']);
  });

  it('never runs a cancelled job', async () => {
    const scheduler = make();
    open.push(scheduler);
    const ran: Job[] = [];
    scheduler.start(async (done) => {
      ran.push(done);
    });
    // Cancelled well before its time, which has passed when the runs are counted.
    await scheduler.schedule(job('cancel-me', 1_000));
    await scheduler.schedule(job('keep-me', 200));
    await scheduler.cancel('cancel-me');
    await waitFor(() => ran.length >= 1);
    await sleep(1_100);
    expect(ran.map((r) => r.id)).toEqual(['keep-me']);
  });

  const target = redisOf[name];
  if (target) {
    it('runs a job once across two instances', async () => {
      const queueName = `test-${randomUUID()}`;
      const first = createBullmqScheduler(target, { queueName });
      const second = createBullmqScheduler(target, { queueName });
      open.push(first, second);
      const ran: string[] = [];
      first.start(async () => {
        ran.push('first');
      });
      second.start(async () => {
        ran.push('second');
      });
      for (let i = 0; i < 10; i += 1) await first.schedule(job(`shared-${i}`, 100));
      await waitFor(() => ran.length >= 10);
      await sleep(300);
      expect(ran).toHaveLength(10);
    });
  }

  it('closes right after it starts, leaving no rejected command behind', async () => {
    const rejected: unknown[] = [];
    const listen = (reason: unknown) => rejected.push(reason);
    process.on('unhandledRejection', listen);
    try {
      // A bot stopped as soon as it started (a test, a failed start): BullMQ is still
      // setting its connections up. Several times, since each is a race.
      for (let i = 0; i < 12; i += 1) {
        const scheduler = make();
        scheduler.start(async () => {});
        await sleep(i % 4);
        await scheduler.close();
      }
      // A connection dropped mid-set-up rejects its commands when its socket closes.
      await sleep(200);
      expect(rejected).toEqual([]);
    } finally {
      process.off('unhandledRejection', listen);
    }
  });
});
