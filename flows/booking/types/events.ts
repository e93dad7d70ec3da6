/**
 * Every event the booking machine takes: those of the whole conversation (commands, text
 * and files, navigation, the language) and each sub-flow's.
 */
import type { CommandEvent } from '#flows/booking/commands.js';
import type { FileInput } from '#src/domain/answers.js';
import type { Lang } from '#src/domain/lang.js';
import type { CartEvent } from './cart.js';
import type { CheckoutEvent } from './checkout.js';
import type { CombinedEvent } from './combined.js';
import type { GiftCardEvent } from './giftcards.js';
import type { PackageEvent } from './packages.js';
import type { PaymentEvent } from './payment.js';
import type { QuestionEvent } from './questions.js';
import type { SelectionEvent } from './selection.js';

export type BookingEvent =
  /** The commands that work at every step (commands.ts): `command.cancel`… */
  | CommandEvent
  | { type: 'text'; text: string }
  | { type: 'file'; file: FileInput }
  | { type: 'nav.back' }
  | { type: 'nav.home' }
  | { type: 'language.set'; language: Lang }
  /** A word asked about once; `label` the button it could also mean ("cancelar"). */
  | { type: 'word.ask'; word: string; label?: string }
  /** A message clearly written in another language: offered once, then followed. */
  | { type: 'language.noticed'; language: Lang; clearly?: boolean }
  | SelectionEvent
  | QuestionEvent
  | CheckoutEvent
  | CartEvent
  | PaymentEvent
  | PackageEvent
  | CombinedEvent
  | GiftCardEvent;
