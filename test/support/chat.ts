/**
 * A customer talking to the real bot in-process: the app built as in production (client,
 * catalog, store, engine, real actors) against a sandbox on loopback. Each call returns
 * the JSON-lines messages the customer would see.
 */
import { randomUUID } from 'node:crypto';
import { createApp, type App, type AppOptions } from '#src/app.js';
import { replyLines, type OutputLine } from '#src/channels/console/lines.js';
import { parseConfig } from '#src/config.js';
import type { Input } from '#src/conversation/interpret.js';
import { silentLogger, type Logger } from '#src/log.js';
import { startTestSandbox, type TestSandbox } from './sandbox.js';

export interface Chat {
  app: App;
  sandbox: TestSandbox;
  conversationId: string;
  /** Everything the bot said, in order. */
  transcript: OutputLine[];
  start(): Promise<OutputLine[]>;
  say(text: string): Promise<OutputLine[]>;
  choose(id: string): Promise<OutputLine[]>;
  /** Chooses the option whose label contains `text` (case-insensitive) in the last view. */
  pick(text: string | RegExp): Promise<OutputLine[]>;
  send(input: Input): Promise<OutputLine[]>;
  /** The last message (the current view). */
  last(): OutputLine;
  close(): Promise<void>;
}

export async function startChat(
  options: {
    env?: Record<string, string>;
    sandbox?: TestSandbox;
    conversationId?: string;
    /** Partner client time limits and retries (e.g. short ones for fault tests). */
    partner?: AppOptions['partner'];
    /** Where the sandbox it starts sets its clock (default: the suite's pinned now). */
    clockStart?: Date;
    /** The bot's clock (default: the sandbox's), for a bot whose time differs from it. */
    now?: () => Date;
    /** Where the bot logs (default: nowhere). */
    logger?: Logger;
    /** How long a Redis command may wait (the store's default otherwise). */
    storeCommandTimeoutMs?: number;
  } = {},
): Promise<Chat> {
  const sandbox =
    options.sandbox ??
    (await startTestSandbox(options.clockStart ? { clockStart: options.clockStart } : {}));
  const config = parseConfig({
    PARTNER_API_URL: sandbox.sandbox.url,
    PARTNER_API_KEY: 'sandbox-key',
    PARTNER_LANGUAGE: 'en',
    ...options.env,
  });
  // The bot's clock is the sandbox's: "today" is the same on both sides, and moving the
  // sandbox's clock (POST /__sandbox/clock) moves the bot's.
  const app = await createApp(config, options.logger ?? silentLogger, {
    partner: options.partner,
    now: options.now ?? (() => sandbox.sandbox.clock.now()),
    // The demo catalog read here: a worker would compile its modules again (app.ts).
    catalogOnThisThread: true,
    ...(options.storeCommandTimeoutMs !== undefined
      ? { storeCommandTimeoutMs: options.storeCommandTimeoutMs }
      : {}),
  });
  const conversationId = options.conversationId ?? `test:${randomUUID()}`;
  const transcript: OutputLine[] = [];
  const record = (lines: OutputLine[]) => {
    transcript.push(...lines);
    return lines;
  };
  const chat: Chat = {
    app,
    sandbox,
    conversationId,
    transcript,
    start: async () => record(replyLines(await app.engine.current(conversationId))),
    send: async (input) => record(replyLines(await app.engine.handle(conversationId, input))),
    say: (text) => chat.send({ kind: 'text', text }),
    choose: (id) => chat.send({ kind: 'choose', id }),
    async pick(text) {
      const view = chat.last();
      const option = view.options.find((candidate) =>
        typeof text === 'string'
          ? candidate.label.toLowerCase().includes(text.toLowerCase())
          : text.test(candidate.label),
      );
      if (!option) {
        throw new Error(
          `no option ${String(text)} in: ${view.text}\n${view.options.map((o) => `${o.id} | ${o.label}`).join('\n')}`,
        );
      }
      return chat.choose(option.id);
    },
    last: () => {
      const line = transcript.at(-1);
      if (!line) throw new Error('the bot has said nothing yet');
      return line;
    },
    async close() {
      await app.close();
      if (!options.sandbox) await sandbox.close();
    },
  };
  return chat;
}
