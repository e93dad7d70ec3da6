/**
 * The channel-neutral view: what the bot says, what the customer may choose, and what
 * kind of answer it expects. Every adapter renders the same view its own way (inline
 * keyboard, Block Kit, numbered list, JSON line). Options carry the machine event they
 * stand for, so a choice can only ever send an event the current view offered.
 */
import type { Lang } from '#src/domain/lang.js';

export type Expects = 'choice' | 'text' | 'date' | 'number' | 'email' | 'phone' | 'file' | 'none';

export interface Option<Event = unknown> {
  /** Stable within the view (e.g. `product:museuma2qczhz`); adapters may map it to tokens. */
  id: string;
  label: string;
  event: Event;
  /**
   * The day (yyyy-MM-dd) this option picks, in a date question: a channel that draws the
   * calendar shows the day there rather than as a button, and a tap on the day chooses it.
   */
  day?: string;
}

/**
 * A month calendar for date questions: which days can be chosen. A day that an option
 * picks (its `day`) is that option; any other available day is answered as the date
 * typed, which the question reads like any typed date.
 */
export interface CalendarHint {
  /** Days that can be chosen, yyyy-MM-dd, sorted. */
  available: string[];
  /** Days on sale that are full: drawn marked as sold out, never chosen. */
  full?: string[];
}

export interface TicketDocument {
  accessCode: string;
  title: string;
  lines: string[];
}

/**
 * A payment the channel should ask for (partners without a debit contract): amounts in
 * the currency's minor units, one labelled line each; `payload` comes back with the payment.
 */
export interface InvoiceRequest {
  payload: string;
  currency: string;
  title: string;
  description: string;
  lines: { label: string; amount: number }[];
  total: number;
}

export interface View<Event = unknown> {
  text: string;
  options: Option<Event>[];
  expects: Expects;
  /** For date questions: adapters may draw a calendar instead of typing. */
  calendar?: CalendarHint;
  /** A link the customer should open (the payment page). */
  link?: { label: string; url: string };
  /** A payment to take in the channel (Telegram: sendInvoice); channels without payments never get one. */
  invoice?: InvoiceRequest;
  /** Tickets to deliver (adapters may render QR codes). */
  tickets?: TicketDocument[];
  /** For file questions: what is accepted. */
  file?: { mimeTypes: string[]; maxBytes: number };
  /**
   * Something went wrong that offers no retry (a payment failed with nothing left to
   * reserve again): where a person can be reached, one is offered (the views that offer
   * a retry are known by it).
   */
  trouble?: true;
}

/** A file sent to the customer as it is (a document staff shared): bytes in base64. */
export interface OutgoingDocument {
  name: string;
  mime: string;
  base64: string;
}

/** A message the bot sends before the view (a confirmation, a warning). */
export interface Notice {
  text: string;
}

/** What goes out to the customer after a turn: notices, then the current view. */
export interface Reply<Event = unknown> {
  notices: Notice[];
  view: View<Event>;
  /**
   * A bot-initiated event that no longer applies (a reminder for a reservation already
   * paid): nothing changed, and nothing should be sent to the customer.
   */
  ignored?: boolean;
  /**
   * The language the saved conversation is in after the turn (the engine's replies of a
   * saved turn carry it): a channel's own words around the reply need not read it again.
   */
  language?: Lang;
  /**
   * Only the notices are new: the view shown before is still the customer's (its
   * buttons stay). A handoff to a person's messages both ways (src/conversation/handoff).
   */
  keepView?: boolean;
  /** What a turn of the bot's own came to, for whoever asked for it (never shown). */
  outcome?: string;
  /**
   * Files sent after the notices, as they are (a document staff shared in a handoff's
   * thread).
   */
  documents?: OutgoingDocument[];
  /**
   * The customer asked to be forgotten in this turn (/forget): the conversation kept
   * nothing of them; a channel erases what it keeps of its own (its views' records).
   */
  forgotten?: boolean;
}

/** The view as it leaves the process (JSON-lines chat): options without their events. */
export function publicView(
  view: View,
): Omit<View, 'options' | 'trouble'> & { options: { id: string; label: string }[] } {
  // `trouble` is for what sits beside the machine (a person offered), not for the chat.
  const { trouble: _trouble, ...shown } = view;
  return { ...shown, options: view.options.map(({ id, label }) => ({ id, label })) };
}
