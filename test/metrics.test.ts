/**
 * The metrics listener's answer never waits on what is out of reach: the scheduler's queue
 * waits for Redis however long it is away, and a scrape during an outage must still answer
 * (with the depth unknown), or Prometheus would see the outage's own metrics vanish.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '#src/events.js';
import { createMetrics } from '#src/metrics.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('a scrape while the scheduler cannot answer', () => {
  it('answers with the queue depth unknown (NaN) and the other metrics as they are', async () => {
    vi.useFakeTimers();
    const metrics = createMetrics(createEventBus(), { defaults: false });
    metrics.queueDepth(() => new Promise<number>(() => undefined));
    metrics.redisError('store');
    const scraped = metrics.registry.metrics();
    await vi.advanceTimersByTimeAsync(1_000);
    const text = await scraped;
    expect(text).toMatch(/^bot_scheduler_jobs nan$/im);
    expect(text).toMatch(/^bot_redis_errors_total\{source="store"\} 1$/m);
  });
});
