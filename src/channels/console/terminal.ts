/**
 * The terminal chat (`npm start` with nothing configured): the bot's messages printed
 * with numbered options; the customer types a number, an option's name, or free text.
 */
import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import type { Engine } from '#src/conversation/engine.js';
import type { Reply } from '#flows/view.js';
import type { Push } from '#src/conversation/outbox.js';
import { registerConsoleOutbox } from './outbox.js';

function render(reply: Reply<unknown>): string {
  const parts = reply.notices.map((notice) => `  ${notice.text}`);
  parts.push(`  ${reply.view.text.replace(/\n/g, '\n  ')}`);
  if (reply.view.link) parts.push(`  🔗 ${reply.view.link.label}: ${reply.view.link.url}`);
  for (const ticket of reply.view.tickets ?? []) {
    parts.push(
      `  🎫 ${ticket.title} — ${ticket.accessCode}`,
      ...ticket.lines.map((line) => `     ${line}`),
    );
  }
  if (reply.view.calendar?.available.length) {
    const days = reply.view.calendar.available;
    parts.push(`  📅 ${days.slice(0, 10).join(', ')}${days.length > 10 ? ', …' : ''}`);
  }
  if (reply.view.expects === 'choice') {
    reply.view.options.forEach((option, index) => parts.push(`   ${index + 1}. ${option.label}`));
  } else if (reply.view.options.length > 0) {
    // The step reads typed text (where "1" may be an answer): options are typed by name.
    parts.push(`   (${reply.view.options.map((option) => option.label).join(' · ')})`);
  }
  return `${parts.join('\n')}\n`;
}

export async function runTerminal(options: {
  engine: Engine;
  conversationId: string;
  input: Readable;
  output: Writable;
  onError: (error: unknown) => string;
  /** Where the bot's own messages (reminders, expiry, payment results) come from. */
  push?: Push;
}): Promise<void> {
  const { engine, conversationId, output } = options;
  // A message of the bot's own is printed as it comes, with the prompt again after it.
  let current: Reply<unknown> | undefined;
  registerConsoleOutbox(options.push, conversationId, (reply) => {
    current = reply;
    output.write(`\n${render(reply)}> `);
  });
  const reader = createInterface({ input: options.input, output, terminal: false });
  // Iterate from the start: lines piped in before the first answer must not be lost.
  const lines = reader[Symbol.asyncIterator]();
  current = await engine.current(conversationId);
  output.write(render(current));
  output.write('> ');
  for await (const line of { [Symbol.asyncIterator]: () => lines }) {
    const text = line.trim();
    if (text === '/quit' || text === '/exit') break;
    if (text !== '') {
      try {
        // In a list of choices a number picks that option; anything else is read by the
        // current step (an option's name also picks it).
        const option =
          current?.view.expects === 'choice' && /^\d+$/.test(text)
            ? current.view.options[Number(text) - 1]
            : undefined;
        current = await engine.handle(
          conversationId,
          option ? { kind: 'choose', id: option.id } : { kind: 'text', text },
        );
        output.write(render(current));
      } catch (error) {
        output.write(`  ${options.onError(error)}\n`);
      }
    }
    output.write('> ');
  }
  reader.close();
}
