/**
 * Every vendor example parses with its operation's schema: requests with the request
 * schema (as the sandbox reads them), responses with the response schema after the
 * envelope check (as the client reads them). The area tests check the values.
 */
import { describe, expect, it } from 'vitest';
import { envelopeFailure } from '#src/api/envelope.js';
import { isOperationName, operations } from '#src/api/operations.js';
import { fromWire, wirePath } from '#src/api/wire.js';
import { fixtures } from '#test/support/fixtures.js';

const all = fixtures();

describe('vendor fixtures', () => {
  it('every fixture names a known operation', () => {
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((fixture) => !isOperationName(fixture.operation)).map((f) => f.file)).toEqual(
      [],
    );
  });

  for (const fixture of all) {
    it(`${fixture.file} parses`, () => {
      if (!isOperationName(fixture.operation)) throw new Error(`unknown ${fixture.operation}`);
      const operation = operations[fixture.operation];
      const body = fromWire(fixture.body);
      if (fixture.kind === 'response') expect(envelopeFailure(body)).toBeUndefined();
      const schema = fixture.kind === 'request' ? operation.request : operation.response;
      const result = schema.safeParse(body);
      const issue = result.error?.issues[0];
      expect(issue ? `${wirePath(issue.path)}: ${issue.message}` : 'ok').toBe('ok');
    });
  }
});
