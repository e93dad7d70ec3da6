/**
 * The JSON-lines chat (`npm start -- --jsonl`): one JSON object per line each way.
 * Out, one per bot message: {"text", "options": [{"id", "label"}], "expects"}.
 * In: {"choose": "<option id>"}, {"text": "..."}, or {"file": {"name", "mime", "base64"}}.
 * Only these objects go to stdout; logs go to stderr. A line that is not one of these
 * gets a polite message line, never a crash.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { z } from 'zod';
import type { Engine } from '#src/conversation/engine.js';
import type { Input } from '#src/conversation/interpret.js';
import type { Reply } from '#flows/view.js';
import type { Push } from '#src/conversation/outbox.js';
import { replyLines } from './lines.js';
import { registerConsoleOutbox } from './outbox.js';

const inputLine = z.union([
  z.object({ choose: z.string().min(1) }).strict(),
  z.object({ text: z.string() }).strict(),
  z
    .object({
      file: z.object({ name: z.string(), mime: z.string(), base64: z.string() }).strict(),
    })
    .strict(),
]);

const BAD_LINE =
  'Each line must be {"choose": id}, {"text": "..."} or {"file": {"name", "mime", "base64"}}.';

export function parseInputLine(line: string): Input | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const parsed = inputLine.safeParse(value);
  if (!parsed.success) return undefined;
  const data = parsed.data;
  if ('choose' in data) return { kind: 'choose', id: data.choose };
  if ('text' in data) return { kind: 'text', text: data.text };
  return {
    kind: 'file',
    file: { name: data.file.name, mime: data.file.mime, base64: data.file.base64 },
  };
}

export async function runJsonl(options: {
  engine: Engine;
  conversationId: string;
  input: Readable;
  output: Writable;
  onError: (error: unknown) => string;
  /** Where the bot's own messages (reminders, expiry, payment results) come from. */
  push?: Push;
}): Promise<void> {
  const write = (reply: Reply<unknown>) => {
    for (const line of replyLines(reply)) options.output.write(`${JSON.stringify(line)}\n`);
  };
  registerConsoleOutbox(options.push, options.conversationId, write);
  const reader = createInterface({ input: options.input, crlfDelay: Infinity });
  // Iterate from the start: lines piped in before the first answer must not be lost.
  const lines = reader[Symbol.asyncIterator]();
  write(await options.engine.current(options.conversationId));
  for await (const raw of { [Symbol.asyncIterator]: () => lines }) {
    if (raw.trim() === '') continue;
    const input = parseInputLine(raw);
    try {
      if (input) {
        write(await options.engine.handle(options.conversationId, input));
      } else {
        // Not one of our objects: say what is expected, then show where we are.
        const current = await options.engine.current(options.conversationId);
        write({ ...current, notices: [{ text: BAD_LINE }, ...current.notices] });
      }
    } catch (error) {
      options.output.write(
        `${JSON.stringify({ text: options.onError(error), options: [], expects: 'none' })}\n`,
      );
    }
  }
}
