/**
 * Every request example of the vendor for the cart area's operations, sent raw (POST
 * body, or GET query string), gets an envelope and never a 5xx. The gift card and
 * cancellation request examples find the seeded records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, isOperationName } from '#src/api/operations.js';
import { fixtures } from '#test/support/fixtures.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const CART_AREA = [
  'cart-add',
  'cart-confirm',
  'cart-sale',
  'cart-remove',
  'cart-cancelconfirm',
  'giftcard',
  'sales',
  'salecancellationrequest',
];

const requests = fixtures().filter(
  (fixture) => fixture.kind === 'request' && CART_AREA.includes(fixture.operation),
);

function query(body: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body as Record<string, unknown>))
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  return params.toString();
}

async function send(operation: string, body: unknown) {
  if (!isOperationName(operation)) throw new Error(`unknown operation ${operation}`);
  const { method, path } = operations[operation];
  const headers = { authorization: 'ApiKey sandbox-key', 'content-type': 'application/json' };
  const response =
    method === 'GET'
      ? await fetch(`${t.sandbox.url}${path}?${query(body)}`, { headers })
      : await fetch(`${t.sandbox.url}${path}`, { method, headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('vendor request examples of the cart area', () => {
  it('covers every operation that has examples', () => {
    expect(new Set(requests.map((r) => r.operation))).toEqual(
      new Set([
        'cart-add',
        'cart-confirm',
        'cart-sale',
        'cart-remove',
        'cart-cancelconfirm',
        'giftcard',
        'salecancellationrequest',
      ]),
    );
  });

  it.each(requests.map((r) => [r.file, r] as const))(
    '%s gets an envelope',
    async (_file, fixture) => {
      const answer = await send(fixture.operation, fixture.body);
      expect(answer.status).toBeLessThan(500);
      expect(typeof answer.body.Success).toBe('boolean');
      if (answer.body.Success === false) {
        const errors = (answer.body.Errors ?? [answer.body.ErrorMessage]) as unknown[];
        expect(errors.length).toBeGreaterThan(0);
      }
    },
  );

  it('finds the seeded records of the gift card and cancellation request examples', async () => {
    for (const fixture of requests.filter((r) => r.operation === 'giftcard')) {
      const answer = await send('giftcard', fixture.body);
      expect(answer.body).toMatchObject({ Success: true, IsExchanged: false });
    }
    const [cancellations] = requests.filter((r) => r.operation === 'salecancellationrequest');
    const answer = await send('salecancellationrequest', cancellations!.body);
    expect(answer.body.Success).toBe(true);
    expect(answer.body.CancellationRequests).toHaveLength(3);
  });
});
