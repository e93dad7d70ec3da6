/**
 * What a turn makes of the customer's input before the machine hears it: the language a
 * message is written in, and the event (or the notice) it is read as against the view it
 * answers, with the words that are asked about once before they are taken as a command.
 */
import type { SnapshotFrom } from 'xstate';
import type { BookingMachine } from '#flows/booking/machine.js';
import type { BookingContext } from '#flows/booking/types.js';
import { notUnderstoodText, type BookingView } from '#flows/booking/view.js';
import type { Notice } from '#flows/view.js';
import { languageAskedWithMore, readCommand } from '#flows/understanding/understand.js';
import { readLanguage, wordsBesideNames } from '#flows/understanding/language.js';
import { normalize } from '#flows/understanding/text.js';
import { servedLang, type Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import { interpret, MAX_TEXT_LENGTH, type Input } from './interpret.js';
import type { Running } from './live-actors.js';

/** The option of the view shown while the catalog cannot be loaded. */
export const RETRY_ID = 'service:retry';

/**
 * The language a message is written in (flows/booking/steps/language.ts: a new
 * conversation starts in it, else offered once, then followed); the message is then
 * read in the language the conversation is in now. Asking for a language ("in
 * English please") is a command, read with the rest of the input. People's names ("Jordi
 * Puig") say nothing of the customer's language. `languageOpen`: the conversation's
 * language is not settled yet (`BookingContext.languageOpen`).
 */
export function languageEvent(input: Input | undefined, languageOpen: boolean) {
  const text = input?.kind === 'text' ? input.text : undefined;
  // "in English please: 2 entradas para el museo": the language set, then the rest read.
  const asked = text !== undefined ? languageAskedWithMore(text) : undefined;
  const read =
    text !== undefined && asked === undefined && readCommand(text)?.intent !== 'language'
      ? readLanguage(wordsBesideNames(text))
      : undefined;
  const spoken = read && servedReading(read, languageOpen);
  return asked
    ? { type: 'language.set' as const, language: asked }
    : spoken && { type: 'language.noticed' as const, ...spoken };
}

/**
 * A message's language as the conversation takes it: a served language as read; one not
 * served yet (`servedLang`) starts a new conversation in its fallback (a French visitor's
 * first message: English), and later says nothing, since "you write in English" would
 * not be true.
 */
function servedReading(
  read: { language: Lang; clearly: boolean },
  languageOpen: boolean,
): { language: Lang; clearly: boolean } | undefined {
  const served = servedLang(read.language);
  if (served === read.language) return read;
  return languageOpen ? { ...read, language: served } : undefined;
}

/**
 * Whether a button's label begins with the typed word and says more ("✖️ Cancelar la
 * reserva", "cancelar"); a label that is the very word is that button.
 */
const labelStartsWith = (label: string, word: string) =>
  normalize(label).startsWith(`${normalize(word)} `);

/** What the input is read as against the view `shown`. */
export function readingOf(input: Input, shown: BookingView, context: BookingContext) {
  // A greeting typed where the step expects free text could be the answer ("hola"
  // as a gift card's message): asked once; typed again, it is the answer.
  const word = input.kind === 'text' ? input.text.trim() : '';
  const asking =
    shown.expects === 'text' &&
    readCommand(word)?.intent === 'greeting' &&
    context.askedWord !== word;
  // "cancelar" where a button cancels something ("✖️ Cancelar la reserva"): the
  // command or the button? Asked once; typed again, the command (never the button:
  // what it cancels cannot be undone).
  const cancelling =
    readCommand(word)?.intent === 'cancel' && context.askedWord !== word
      ? shown.options.find((option) => labelStartsWith(option.label, word))
      : undefined;
  return asking
    ? { event: { type: 'word.ask' as const, word } }
    : cancelling
      ? { event: { type: 'word.ask' as const, word, label: cancelling.label } }
      : interpret(input, shown);
}

/**
 * Sends the event the input is read as, or tells the customer why nothing changes. True
 * when the input is the bot's own event and the step has no use for it (ignored).
 */
export function applyReading(
  actor: Running,
  before: SnapshotFrom<BookingMachine>,
  input: Input,
  shown: BookingView,
  notices: Notice[],
): boolean {
  const m = common(before.context.language);
  const reading = readingOf(input, shown, before.context);
  if ('event' in reading) {
    if (before.can(reading.event)) actor.send(reading.event);
    else if (input.kind === 'event') return true;
    else notices.push({ text: m.notUnderstood });
  } else if ('stale' in reading) {
    // "Try again" of the service-down view: the current view is the answer.
    if (!(input.kind === 'choose' && input.id === RETRY_ID)) {
      notices.push({ text: m.staleButton });
    }
  } else if ('error' in reading) {
    notices.push({ text: reading.error });
  } else if ('tooLong' in reading) {
    notices.push({ text: m.tooLong(MAX_TEXT_LENGTH) });
  } else {
    notices.push({ text: notUnderstoodText(shown, before.context.language) });
  }
  return false;
}
