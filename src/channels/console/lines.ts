/** A reply as the JSON-lines messages of design.md: notices first, then the view. */
import type { Expects, Reply } from '#flows/view.js';

export interface OutputLine {
  text: string;
  options: { id: string; label: string }[];
  expects: Expects;
  calendar?: { available: string[] };
  link?: { label: string; url: string };
  tickets?: { accessCode: string; title: string; lines: string[] }[];
}

export function replyLines(reply: Reply<unknown>): OutputLine[] {
  const { view } = reply;
  const last: OutputLine = {
    text: view.text,
    options: view.options.map(({ id, label }) => ({ id, label })),
    expects: view.expects,
    ...(view.calendar ? { calendar: view.calendar } : {}),
    ...(view.link ? { link: view.link } : {}),
    ...(view.tickets ? { tickets: view.tickets } : {}),
  };
  return [
    ...reply.notices.map((notice) => ({
      text: notice.text,
      options: [],
      expects: 'none' as const,
    })),
    last,
  ];
}
