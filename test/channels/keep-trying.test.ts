import { afterEach, describe, expect, it, vi } from 'vitest';
import { FatalChannelError, keepTrying } from '#src/channels/keep-trying.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('keepTrying', () => {
  it('retries failures with a doubling delay, capped, until an attempt succeeds', async () => {
    vi.useFakeTimers();
    const waits: number[] = [];
    let calls = 0;
    keepTrying(
      () => {
        calls += 1;
        if (calls < 5) return Promise.reject(new Error('unreachable'));
        return Promise.resolve(true);
      },
      { minMs: 100, maxMs: 400, onFailure: (_error, next) => waits.push(next) },
    );
    await vi.runAllTimersAsync();
    expect(calls).toBe(5);
    expect(waits).toEqual([100, 200, 400, 400]);
  });

  it('stops at a fatal error, and when stopped', async () => {
    vi.useFakeTimers();
    const fatal: unknown[] = [];
    let calls = 0;
    keepTrying(
      () => {
        calls += 1;
        return Promise.reject(new FatalChannelError('token refused'));
      },
      { onFatal: (error) => fatal.push(error) },
    );
    await vi.runAllTimersAsync();
    expect(calls).toBe(1);
    expect(fatal).toHaveLength(1);

    let tries = 0;
    const retrying = keepTrying(() => {
      tries += 1;
      return Promise.resolve(false);
    });
    await vi.advanceTimersByTimeAsync(0);
    retrying.stop();
    await vi.runAllTimersAsync();
    expect(tries).toBe(1);
  });

  it('waits before the first attempt when told the caller has just tried', async () => {
    vi.useFakeTimers();
    let tries = 0;
    keepTrying(
      () => {
        tries += 1;
        return Promise.resolve(true);
      },
      { immediately: false, minMs: 500 },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(tries).toBe(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(tries).toBe(1);
  });
});
