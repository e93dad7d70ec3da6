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
  /** A job due 300 ms after `other`'s time (and after now). */
  const dueAfter = (other: Job, id: string): Job => ({
    ...job(id, 0),
    at: new Date(Math.max(other.at.getTime(), Date.now()) + 300),
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
    // A job due after it has run: a second run of the first would have come before.
    await scheduler.schedule(job('later', 100));
    await waitFor(() => ran.some((r) => r.id === 'later'));
    expect(ran.map((r) => r.id)).toEqual(['expire:tg:1:a', 'later']);
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
    const old = { ...job('remind:x', 1_000), conversationId: 'tg:old' };
    await scheduler.schedule(old);
    await scheduler.schedule({ ...job('remind:x', 200), conversationId: 'tg:new' });
    await waitFor(() => ran.length >= 1);
    // A job due after the old one's time has run: the old one would have run before it.
    await scheduler.schedule({ ...dueAfter(old, 'later'), conversationId: 'tg:later' });
    await waitFor(() => ran.some((r) => r.id === 'later'));
    expect(ran.map((r) => r.conversationId)).toEqual(['tg:new', 'tg:later']);
  });

  it('never runs a cancelled job', async () => {
    const scheduler = make();
    open.push(scheduler);
    const ran: Job[] = [];
    scheduler.start(async (done) => {
      ran.push(done);
    });
    // Cancelled well before its time, which has passed when the runs are counted.
    const cancelled = job('cancel-me', 1_000);
    await scheduler.schedule(cancelled);
    await scheduler.schedule(job('keep-me', 200));
    await scheduler.cancel('cancel-me');
    await waitFor(() => ran.length >= 1);
    // A job due after the cancelled one's time has run: that one would have run before it.
    await scheduler.schedule(dueAfter(cancelled, 'later'));
    await waitFor(() => ran.some((r) => r.id === 'later'));
    expect(ran.map((r) => r.id)).toEqual(['keep-me', 'later']);
  });

  const target = redisOf[name];
  if (target) {
    it('runs a job once across two instances', async () => {
      const queueName = `test-${randomUUID()}`;
      const first = createBullmqScheduler(target, { queueName });
      const second = createBullmqScheduler(target, { queueName });
      open.push(first, second);
      const ran: string[] = [];
      first.start(async (done) => {
        ran.push(done.id);
      });
      second.start(async (done) => {
        ran.push(done.id);
      });
      const shared = Array.from({ length: 10 }, (_, i) => job(`shared-${i}`, 100));
      for (const one of shared) await first.schedule(one);
      await waitFor(() => ran.length >= 10);
      // A job due after them has run: a second run of any would have come before it.
      await first.schedule(dueAfter(shared[0]!, 'later'));
      await waitFor(() => ran.includes('later'));
      expect(ran.filter((id) => id.startsWith('shared-'))).toHaveLength(10);
      expect(new Set(ran).size).toBe(11);
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
