/**
 * What a customer's input means in the current view. A choice must be one of the
 * view's options (anything else is a stale or forged button); free text is read by the
 * view when it expects text, matched to an option's label or number when it offers
 * choices, and `/word` is a command everywhere.
 */
import { commandNamed, commandOfIntent } from '#flows/booking/commands.js';
import type { BookingEvent } from '#flows/booking/types.js';
import type { BookingView } from '#flows/booking/view.js';
import type { FileInput } from '#src/domain/answers.js';
import { readCommand } from '#flows/understanding/understand.js';
import { asksToCancelBooking } from '#flows/understanding/cancel-booking.js';
import { distance } from '#src/domain/edit-distance.js';
import { normalize } from '#flows/understanding/text.js';
import type { SupportEvent } from './handoff/events.js';

export type Input =
  | { kind: 'choose'; id: string }
  | { kind: 'text'; text: string }
  /** A file; `caption`: the words sent with it (Telegram's), for staff while handed off. */
  | { kind: 'file'; file: FileInput; caption?: string }
  /** Sent by the bot itself (reservation expiry, payment outcome), never by a customer. */
  | { kind: 'event'; event: BookingEvent }
  /** From staff, for a handoff to a person (handoff/events.ts): never read by the machine. */
  | { kind: 'support'; event: SupportEvent };

export type Interpretation =
  | { event: BookingEvent }
  | { stale: true }
  | { error: string }
  | { notUnderstood: true }
  | { tooLong: true };

/**
 * The longest text read from a customer: Telegram's own message limit, so every channel
 * behaves alike. Longer texts are refused before any step reads them: nothing unbounded
 * is stored in the conversation, echoed in a view or sent to the partner.
 */
export const MAX_TEXT_LENGTH = 4096;

/**
 * The one option a typed answer names with a typo or as the start of a word: "reservr",
 * "carito", "planetar". Words of 5 letters or more may be one letter off, of 8 or more
 * two; shorter ones must match. Several options named: none.
 */
function nearLabel<T extends { label: string }>(
  options: readonly T[],
  wanted: string,
): T | undefined {
  if (wanted.length < 3) return undefined;
  const typos = wanted.length >= 8 ? 2 : wanted.length >= 5 ? 1 : 0;
  const close = (word: string) =>
    word.startsWith(wanted) || (typos > 0 && distance(wanted, word, typos) <= typos);
  return onlyOne(
    options.filter((option) => {
      const label = normalize(option.label);
      return close(label) || label.split(' ').some((word) => word.length >= 4 && close(word));
    }),
  );
}

/** "yes" picks "✅ Yes, add it (€0.75)" when no other option starts the same way. */
function onlyOne<T>(items: T[]): T | undefined {
  return items.length === 1 ? items[0] : undefined;
}

/**
 * The event of a command typed in words ("cancelar", "menú", "start over", "atrás",
 * "hola", "in English"). A greeting typed where the step expects free text is left to
 * the step: "hola" can be a gift card's message, while "cancelar" is never a name.
 */
function commandInWords(text: string, view: BookingView): BookingEvent | undefined {
  const command = readCommand(text);
  if (!command) return undefined;
  switch (command.intent) {
    case 'menu':
      return { type: 'nav.home' };
    case 'back':
      return view.options.find((option) => option.event.type === 'nav.back')?.event;
    case 'greeting':
      return view.expects === 'text' ? undefined : commandOfIntent(command.intent);
    case 'checkout':
      return view.options.find((option) => option.event.type === 'cart.checkout')?.event;
    case 'language':
      return command.to
        ? { type: 'language.set', language: command.to }
        : commandOfIntent('language');
    default:
      // The other commands in words: the command the list (flows/booking/commands.ts) names.
      return commandOfIntent(command.intent);
  }
}

export function interpret(input: Input, view: BookingView): Interpretation {
  switch (input.kind) {
    case 'event':
      return { event: input.event };
    case 'support':
      return { notUnderstood: true };
    case 'choose': {
      const option = view.options.find((candidate) => candidate.id === input.id);
      return option ? { event: option.event } : { stale: true };
    }
    case 'file': {
      if (!view.readFile) return { notUnderstood: true };
      return view.readFile(input.file);
    }
    case 'text': {
      if (input.text.length > MAX_TEXT_LENGTH) return { tooLong: true };
      const text = input.text.trim();
      const slash = /^\/([a-z]+)(?:@\w+)?$/i.exec(text);
      if (slash) {
        const command = commandNamed(slash[1]!);
        return command ? { event: command } : { notUnderstood: true };
      }
      if (text === '') return { notUnderstood: true };
      const wanted = normalize(text);
      const exact = view.options.find((option) => normalize(option.label) === wanted);
      if (exact) return { event: exact.event };
      // A bought booking to cancel ("cancelar mi reserva del sábado"), at every step.
      if (asksToCancelBooking(text)) return { event: { type: 'bookings.cancel', text } };
      // Commands in words work at every step and are never taken as an answer.
      const inWords = commandInWords(text, view);
      if (inWords) return { event: inWords };
      const byLabel = onlyOne(
        view.options.filter((option) => normalize(option.label).startsWith(`${wanted} `)),
      );
      if (byLabel) return { event: byLabel.event };
      if (view.readText) {
        const read = view.readText(text);
        const near = 'error' in read ? nearLabel(view.options, wanted) : undefined;
        return near ? { event: near.event } : read;
      }
      const index = /^\d{1,3}$/.test(text) ? Number(text) - 1 : -1;
      const byNumber = view.options[index];
      if (byNumber) return { event: byNumber.event };
      const near = nearLabel(view.options, wanted);
      if (near) return { event: near.event };
      return { notUnderstood: true };
    }
  }
}
