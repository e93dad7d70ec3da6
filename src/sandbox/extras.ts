/**
 * The sandbox's own routes, not part of the real service:
 * - GET  /__sandbox/stats   calls per operation since the last reset
 * - POST /__sandbox/reset   fresh state, no faults, real time; `{"options": {...}}` may
 *                           change reservationMinutes, debitPartner, requireClient, language
 * - GET/POST /__sandbox/faults   list, or replace with `{"faults": [...]}` (see faults.ts)
 * - POST /__sandbox/clock   `{"advanceMinutes": n}`, `{"advanceMs": n}` or `{"set": iso}`
 * and the debit partner's payment page (cart/payment-page.ts).
 *
 * The extras change what every client of the sandbox sees (its state, its faults, its
 * time), so they take the same `Authorization: ApiKey <key>` as the operations; none of
 * their answers holds the key (reset answers the options without it). The payment page is
 * the exception: a customer's browser opens it, without the key; its random token is what
 * lets one in.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Clock } from './clock.js';
import type { SandboxContext, SandboxOptions } from './context.js';
import { faultsRequest, type Faults } from './faults.js';
import type { Extras } from './server.js';

const resetRequest = z.object({
  options: z
    .object({
      reservationMinutes: z.number().positive().optional(),
      debitPartner: z.boolean().optional(),
      requireClient: z.boolean().optional(),
      language: z.enum(['es', 'en']).optional(),
    })
    .optional(),
});

const clockRequest = z.union([
  z.object({ advanceMinutes: z.number() }),
  z.object({ advanceMs: z.number() }),
  z.object({ set: z.iso.datetime({ offset: true }) }),
]);

/** Whether a path is one of the extras' (the payment page's are not: it has no key). */
const isExtra = (path: string) =>
  path.startsWith('/__sandbox/') && !path.startsWith('/__sandbox/pay/');

export interface ExtrasParts {
  clock: Clock;
  faults: Faults;
  stats: Map<string, number>;
  context: () => SandboxContext;
  reset(options: Partial<SandboxOptions>): void;
  /** The payment page's routes; true when it answered. */
  payment(
    context: SandboxContext,
    request: IncomingMessage,
    url: URL,
    body: string,
    response: ServerResponse,
  ): Promise<boolean>;
}

function reply(response: ServerResponse, status: number, body: unknown): true {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
  return true;
}

/** The sandbox's options as its answers show them: everything but the key. */
function shownOptions({
  apiKey: _secret,
  ...options
}: SandboxOptions): Omit<SandboxOptions, 'apiKey'> {
  return options;
}

function readJson<T extends z.ZodType>(schema: T, body: string): z.output<T> | string {
  let value: unknown;
  try {
    value = body.trim() === '' ? {} : JSON.parse(body);
  } catch {
    return 'the body is not valid JSON';
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`;
  }
  return parsed.data;
}

export function createExtras(parts: ExtrasParts): Extras {
  return {
    async handle(request, body, response) {
      const url = new URL(request.url ?? '/', 'http://sandbox');
      const route = `${request.method} ${url.pathname}`;
      if (!isExtra(url.pathname))
        return parts.payment(parts.context(), request, url, body, response);
      if (request.headers.authorization !== `ApiKey ${parts.context().options.apiKey}`) {
        return reply(response, 401, { error: 'missing or wrong Authorization: ApiKey' });
      }
      switch (route) {
        case 'GET /__sandbox/stats': {
          const calls = Object.fromEntries([...parts.stats].sort(([a], [b]) => a.localeCompare(b)));
          const total = [...parts.stats.values()].reduce((sum, n) => sum + n, 0);
          return reply(response, 200, { calls, total });
        }
        case 'POST /__sandbox/reset': {
          const input = readJson(resetRequest, body);
          if (typeof input === 'string') return reply(response, 400, { error: input });
          parts.reset(input.options ?? {});
          return reply(response, 200, {
            reset: true,
            options: shownOptions(parts.context().options),
          });
        }
        case 'GET /__sandbox/faults':
          return reply(response, 200, { faults: parts.faults.list() });
        case 'POST /__sandbox/faults': {
          const input = readJson(faultsRequest, body);
          if (typeof input === 'string') return reply(response, 400, { error: input });
          parts.faults.set(input.faults);
          return reply(response, 200, { faults: parts.faults.list() });
        }
        case 'POST /__sandbox/clock': {
          const input = readJson(clockRequest, body);
          if (typeof input === 'string') return reply(response, 400, { error: input });
          if ('advanceMinutes' in input) parts.clock.advance(input.advanceMinutes * 60_000);
          else if ('advanceMs' in input) parts.clock.advance(input.advanceMs);
          else parts.clock.set(new Date(input.set));
          return reply(response, 200, { now: parts.clock.now().toISOString() });
        }
        default:
          return reply(response, 404, { error: `no sandbox extra at ${route}` });
      }
    },
  };
}
