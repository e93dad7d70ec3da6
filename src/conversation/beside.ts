/**
 * What the engine lets sit beside the booking machine (conversation/engine.ts,
 * `EngineOptions.beside`): today the handoff to a person (src/conversation/handoff).
 */
import type { BookingContext } from '#flows/booking/types.js';
import type { Notice, OutgoingDocument, TicketDocument, View } from '#flows/view.js';
import type { Lang } from '#src/domain/lang.js';
import type { Input } from './interpret.js';

/**
 * What sits beside the booking machine in the conversation's record (the handoff to a
 * person: src/conversation/handoff): its state is read and written with the snapshot,
 * so a turn pays no round trip for it, and expires with the conversation.
 */
export interface Beside {
  /**
   * Before the machine reads an input: the turn's answer when it takes the input itself
   * (handed off, the customer writes to staff); the machine's step and cart untouched.
   */
  take(turn: BesideTurn): Promise<BesideAnswer | undefined>;
  /** After a turn the machine took: the state to keep (the last messages both ways). */
  record(
    turn: BesideTurn,
    reply: { notices: Notice[]; view: View },
    /** The view the input was read against (a tap's label). */
    shown?: View,
  ): unknown;
  /**
   * The state to keep once the customer asked to be forgotten (/forget): nothing they
   * said or were told (the last messages), whatever it held before.
   */
  forget(state: unknown): unknown;
  /** The view as the customer gets it (a handoff's own button, the 🙋 offer). */
  present(
    state: unknown,
    view: View,
    /** The turn's input, and the view it was read against (a tap's option). */
    turn: { language: Lang; input?: Input; shown?: View },
  ): View;
  /**
   * What a tap on a button of a view the chat has moved past is answered while it holds
   * the conversation (a handoff's "paused"); undefined: the channel's own stale answer.
   */
  earlierTap?(state: unknown, language: Lang): string | undefined;
}

export interface BesideTurn {
  conversationId: string;
  input: Input;
  /** What it kept in the record; undefined at first. */
  state: unknown;
  context: BookingContext;
  /** The machine's state value (where the customer is). */
  step: unknown;
  /** Who the customer is at the channel (TurnOptions.who). */
  who?: Who;
}

/** What a channel knows of its customer beyond the conversation (Telegram's first name). */
export interface Who {
  firstName?: string;
}

export type BesideAnswer =
  | {
      state: unknown;
      notices: Notice[];
      /** 'notices': only the notices are new (the view shown stays); 'step': the step's view. */
      show: 'notices' | 'step';
      outcome?: string;
      /** Tickets sent again (staff's "Resend the tickets"): delivered with the step's view. */
      tickets?: TicketDocument[];
      /** Files after the notices (a file staff shared in the thread). */
      documents?: OutgoingDocument[];
    }
  /** Nothing changes and nothing is sent (a staff action for a handoff that ended). */
  | { ignored: true; outcome?: string };
