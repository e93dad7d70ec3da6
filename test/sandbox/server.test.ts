/**
 * The sandbox's HTTP layer: authorization, unreadable bodies, unknown routes, injected
 * faults, stats, reset and clock. Operation behaviour is tested per area.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { giftCardOperation } from '#src/api/giftcards.js';
import {
  PartnerEnvelopeError,
  PartnerHttpError,
  PartnerInvalidResponseError,
  PartnerNetworkError,
  PartnerTimeoutError,
} from '#src/api/errors.js';
import { createPartnerClient } from '#src/api/client.js';
import { startSandbox } from '#src/sandbox/index.js';
import { testNow } from '#test/support/clock.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.extra('reset', {});
});

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.sandbox.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: 'ApiKey sandbox-key',
      ...headers,
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('sandbox HTTP layer', () => {
  it('answers 401 with an envelope to a request without the right key', async () => {
    const wrong = await post('/activity/catalog', '{}', { authorization: 'ApiKey nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.Success).toBe(false);
    const client = createPartnerClient({ baseUrl: t.sandbox.url, apiKey: 'nope' });
    const error = await client
      .call(giftCardOperation, { giftCardIdentifier: 'X' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerEnvelopeError);
    expect((error as PartnerEnvelopeError).status).toBe(401);
  });

  it('answers a body that is not JSON with an envelope, not a 5xx', async () => {
    const answer = await post('/ShoppingCart/Add', '{"ShoppingCartId": ');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ Success: false });
    expect(JSON.stringify(answer.body.Errors)).toMatch(/not valid JSON/);
  });

  it('names the wire field of a body that fails the schema', async () => {
    const answer = await post('/availablecapacity', '{"Dates": ["2026-02-30"]}');
    expect(answer.status).toBe(400);
    expect(answer.body.ErrorMessage).toMatch(/^Dates\[0\]: /);
    expect(answer.body.ErrorCodes).toEqual(['1000']);
  });

  it('answers an unknown path with an envelope', async () => {
    const unknown = await post('/activity/nothing', '{}');
    expect(unknown.status).toBe(404);
    expect(unknown.body.Success).toBe(false);
  });

  it('counts calls per operation and resets them', async () => {
    await post('/activity/giftcard', '{}').catch(() => undefined);
    await t.client.call(giftCardOperation, { giftCardIdentifier: 'X' }).catch(() => undefined);
    await t.client.call(giftCardOperation, { giftCardIdentifier: 'Y' }).catch(() => undefined);
    expect(await t.extra('stats')).toMatchObject({ calls: { giftcard: 2 }, total: 2 });
    await t.extra('reset', {});
    expect(await t.extra('stats')).toEqual({ calls: {}, total: 0 });
  });

  it('injects HTTP errors, drops, malformed JSON, refusals and latency per operation', async () => {
    const call = () =>
      t.client.call(giftCardOperation, { giftCardIdentifier: 'X' }).catch((e: unknown) => e);
    await t.extra('faults', { faults: [{ operation: 'giftcard', status: 503 }] });
    expect(await call()).toBeInstanceOf(PartnerHttpError);
    await t.extra('faults', { faults: [{ operation: 'giftcard', drop: true }] });
    expect(await call()).toBeInstanceOf(PartnerNetworkError);
    await t.extra('faults', { faults: [{ operation: 'giftcard', malformedJson: true }] });
    expect(await call()).toBeInstanceOf(PartnerInvalidResponseError);
    await t.extra('faults', {
      faults: [
        { operation: 'giftcard', failure: { code: '5001', message: 'Daily amount exceeded' } },
      ],
    });
    const refused = (await call()) as PartnerEnvelopeError;
    expect(refused).toBeInstanceOf(PartnerEnvelopeError);
    expect(refused.codes).toEqual(['5001']);
    const slow = createPartnerClient({
      baseUrl: t.sandbox.url,
      apiKey: 'sandbox-key',
      retry: { limit: 0, delayMs: 1 },
      timeoutMs: { giftcard: 50 },
    });
    await t.extra('faults', { faults: [{ operation: 'giftcard', latencyMs: 200 }] });
    expect(
      await slow.call(giftCardOperation, { giftCardIdentifier: 'X' }).catch((e: unknown) => e),
    ).toBeInstanceOf(PartnerTimeoutError);
  });

  it('limits a fault to a number of calls', async () => {
    await t.extra('faults', { faults: [{ operation: 'giftcard', status: 500, times: 1 }] });
    const noRetry = createPartnerClient({
      baseUrl: t.sandbox.url,
      apiKey: 'sandbox-key',
      retry: { limit: 0, delayMs: 1 },
    });
    const first = await noRetry
      .call(giftCardOperation, { giftCardIdentifier: 'X' })
      .catch((e: unknown) => e);
    expect(first).toBeInstanceOf(PartnerHttpError);
    expect(await t.extra('faults')).toEqual({ faults: [] });
  });

  it('refuses a malformed fault description', async () => {
    const response = await fetch(`${t.sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { authorization: 'ApiKey sandbox-key' },
      body: JSON.stringify({ faults: [{ operation: 'giftcard', status: 200 }] }),
    });
    expect(response.status).toBe(400);
  });

  it('moves its clock and resets it', async () => {
    const before = t.sandbox.clock.now().getTime();
    const moved = (await t.extra('clock', { advanceMinutes: 20 })) as { now: string };
    expect(Date.parse(moved.now) - before).toBeGreaterThanOrEqual(20 * 60_000);
    await t.extra('reset', {});
    // Back to the instant it started at (the suite's pinned now), not the machine's time.
    expect(Math.abs(t.sandbox.clock.now().getTime() - testNow().getTime())).toBeLessThan(60_000);
  });

  it('starts its clock at a given instant, and its "today" is that instant\'s date in Madrid', async () => {
    // 23:30 UTC on 24 November is already 25 November in Madrid (UTC+1).
    const pinned = await startSandbox({ clockStart: new Date('2026-11-24T23:30:00Z') });
    try {
      expect(pinned.context().data.today).toBe('2026-11-25');
      pinned.clock.advance(3 * 3_600_000);
      pinned.clock.reset();
      expect(
        Math.abs(pinned.clock.now().getTime() - Date.parse('2026-11-24T23:30:00Z')),
      ).toBeLessThan(60_000);
    } finally {
      await pinned.close();
    }
  });

  it('changes partner options on reset', async () => {
    const answer = (await t.extra('reset', {
      options: { debitPartner: true, reservationMinutes: 5 },
    })) as {
      options: { debitPartner: boolean; reservationMinutes: number };
    };
    expect(answer.options).toMatchObject({ debitPartner: true, reservationMinutes: 5 });
    expect(t.sandbox.context().options.debitPartner).toBe(true);
  });
});

describe('its extras', () => {
  const KEY = 'an-extras-key-not-to-be-echoed';
  let keyed: TestSandbox;
  beforeAll(async () => {
    keyed = await startTestSandbox({ apiKey: KEY });
  });
  afterAll(() => keyed.close());

  const routes: { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
    { method: 'GET', path: '/__sandbox/stats' },
    { method: 'POST', path: '/__sandbox/reset', body: { options: { reservationMinutes: 5 } } },
    { method: 'GET', path: '/__sandbox/faults' },
    { method: 'POST', path: '/__sandbox/faults', body: { faults: [] } },
    { method: 'POST', path: '/__sandbox/clock', body: { advanceMinutes: 1 } },
    { method: 'GET', path: '/__sandbox/anything-else' },
  ];
  const call = (route: (typeof routes)[number], authorization?: string) =>
    fetch(`${keyed.sandbox.url}${route.path}`, {
      method: route.method,
      headers: authorization === undefined ? {} : { authorization },
      ...(route.body === undefined ? {} : { body: JSON.stringify(route.body) }),
    });

  it('refuse a request without the key, or with another, and change nothing', async () => {
    const fault = { operation: 'giftcard', status: 503 };
    await keyed.extra('faults', { faults: [fault] });
    for (const route of routes) {
      for (const authorization of [undefined, 'ApiKey sandbox-key', KEY, `Bearer ${KEY}`]) {
        const response = await call(route, authorization);
        expect(response.status, `${route.method} ${route.path} with ${authorization}`).toBe(401);
        expect(await response.text()).not.toContain(KEY);
      }
    }
    // Neither the reset nor the faults' replacement was made.
    expect(await keyed.extra('faults')).toMatchObject({ faults: [fault] });
    expect(keyed.sandbox.context().options.reservationMinutes).toBe(15);
  });

  it('answer with the key, and no answer holds it', async () => {
    for (const route of routes) {
      const response = await call(route, `ApiKey ${KEY}`);
      const expected = route.path.endsWith('anything-else') ? 404 : 200;
      expect(response.status, `${route.method} ${route.path}`).toBe(expected);
      expect(await response.text()).not.toContain(KEY);
    }
    // The reset took its options; its answer shows them without the key.
    expect(keyed.sandbox.context().options.reservationMinutes).toBe(5);
    const reset = (await keyed.extra('reset', { options: { reservationMinutes: 15 } })) as {
      options: Record<string, unknown>;
    };
    expect(reset.options).not.toHaveProperty('apiKey');
    expect(reset.options).toMatchObject({ reservationMinutes: 15 });
  });

  it('leave the payment page to its token: a browser opens it without the key', async () => {
    const response = await fetch(`${keyed.sandbox.url}/__sandbox/pay/deadbeef`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(KEY);
  });
});
