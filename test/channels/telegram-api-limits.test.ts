/**
 * Outgoing Telegram calls under the throttler (grammY's transformer-throttler), with the
 * wait of each call told, and Telegram's refusals counted with the wait a 429 asks for.
 * `previous` stands for the Bot API: a unit test of the two transformers.
 */
import type { Transformer } from 'grammy';
import { describe, expect, it } from 'vitest';
import { countRefusals, throttle } from '#src/channels/telegram/api-limits.js';

type Previous = Parameters<Transformer>[0];

const ok = (() => Promise.resolve({ ok: true, result: true })) as unknown as Previous;

describe('the throttler', () => {
  it("holds a chat's calls beyond its burst until the limit lets them go, and says how long", async () => {
    const waits: number[] = [];
    const refill = 200;
    const transformer = throttle(
      { throttled: (seconds) => waits.push(seconds) },
      {
        global: {},
        out: {
          maxConcurrent: 1,
          reservoir: 1,
          reservoirIncreaseAmount: 1,
          reservoirIncreaseInterval: refill,
          reservoirIncreaseMaximum: 1,
        },
      },
    );
    const order: string[] = [];
    const send = (chat: number, text: string) =>
      transformer(
        ((method: string) => {
          order.push(`${method} ${chat} ${text}`);
          return Promise.resolve({ ok: true, result: true });
        }) as unknown as Previous,
        'sendMessage',
        { chat_id: chat, text } as never,
      );
    await Promise.all([send(1, 'a'), send(1, 'b'), send(1, 'c')]);
    // In order, one by one; the second and third each waited for a refill at least.
    expect(order).toEqual(['sendMessage 1 a', 'sendMessage 1 b', 'sendMessage 1 c']);
    expect(waits).toHaveLength(3);
    const sorted = [...waits].sort((x, y) => x - y);
    expect(sorted[1]).toBeGreaterThanOrEqual((refill * 0.9) / 1000);
    expect(sorted[2]).toBeGreaterThanOrEqual((2 * refill * 0.9) / 1000);
  });

  it('never holds the "typing…" action, nor calls without a chat', async () => {
    const waits: number[] = [];
    const transformer = throttle({ throttled: (seconds) => waits.push(seconds) });
    await transformer(ok, 'sendChatAction', { chat_id: 1, action: 'typing' } as never);
    await transformer(ok, 'answerCallbackQuery', { callback_query_id: 'q' } as never);
    expect(waits).toEqual([]);
  });
});

describe('refusals', () => {
  it('counts each refused call with its code, and the wait a 429 asks for', async () => {
    const refused: unknown[] = [];
    const transformer = countRefusals({
      refused: (method, code, retryAfter) => refused.push([method, code, retryAfter]),
    });
    const flood = (() =>
      Promise.resolve({
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 5',
        parameters: { retry_after: 5 },
      })) as unknown as Previous;
    const blocked = (() =>
      Promise.resolve({
        ok: false,
        error_code: 403,
        description: 'Forbidden: bot was blocked by the user',
      })) as unknown as Previous;
    await transformer(flood, 'sendMessage', { chat_id: 1, text: 'x' } as never);
    await transformer(blocked, 'sendMessage', { chat_id: 2, text: 'x' } as never);
    await transformer(ok, 'sendMessage', { chat_id: 3, text: 'x' } as never);
    expect(refused).toEqual([
      ['sendMessage', 429, 5],
      ['sendMessage', 403, undefined],
    ]);
  });
});
