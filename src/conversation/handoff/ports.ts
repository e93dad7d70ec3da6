/**
 * Handing a customer's conversation to a person: the two sides meet here.
 * The customer's side (the engine, the Telegram channel) and the staff's side (a Slack
 * thread in SLACK_SUPPORT_CHANNEL) never import each other; the composition root gives
 * the handoff service a `SupportDesk` (implemented by the Slack channel), and gives the
 * Slack channel the service as a `SupportLine`.
 *
 * A handoff sits beside the booking machine, not inside it: the machine's step and cart
 * are left as they are, so that "Return to bot" brings back exactly what the customer had.
 */
import type { OutgoingDocument } from '#flows/view.js';
import type { Lang } from '#src/domain/lang.js';
import type { Undelivered } from '../outbox.js';

export type { Undelivered } from '../outbox.js';

export interface Money {
  cents: number;
  currency: string;
}

/** One message of the conversation, either way, for the thread's context. */
export interface TranscriptLine {
  from: 'customer' | 'bot' | 'staff';
  text: string;
  /** ISO time. */
  at: string;
}

/** Who asked for a person and where they are: the thread's first message. */
export interface HandoffSummary {
  conversationId: string;
  customer: {
    firstName?: string;
    language: Lang;
    /** As given to the bot; the desk masks them as alerts do. */
    email?: string;
    phone?: string;
  };
  /** Where the customer is, in words for staff (English). */
  step: string;
  cart?: {
    lines: { label: string; amount?: Money }[];
    total?: Money;
    reservation?: { id: string; expiresAt: string };
  };
  lastSale?: { partnerSaleId: string; total?: Money };
  /** The last 10 messages both ways, oldest first. */
  transcript: TranscriptLine[];
  /** Outside SUPPORT_HOURS: when staff answer again (ISO). */
  answersFrom?: string;
  /** The same customer's previous handoff, for the new thread to link. */
  earlier?: { threadId: string; endedAt: string };
}

export interface Attachment {
  name: string;
  mime: string;
  data: Buffer;
}

/** A file staff send the customer: its bytes in base64, as a turn's input carries files. */
export type OutgoingFile = OutgoingDocument;

export type CustomerMessage =
  { kind: 'text'; text: string } | { kind: 'file'; file: Attachment; caption?: string };

/** The staff side: a thread per handoff. Implemented by the Slack channel. */
export interface SupportDesk {
  /** Opens the thread with the summary; its id is the thread's `ts` in the channel. */
  openThread(summary: HandoffSummary): Promise<{ threadId: string }>;
  /** What the customer wrote or sent while handed off, as a reply in the thread. */
  postFromCustomer(threadId: string, message: CustomerMessage): Promise<void>;
  /** A note of the bot in the thread ("the customer went back to the bot", "no reply in 15 min"). */
  postNote(threadId: string, text: string): Promise<void>;
  /**
   * Shows on the thread's first message where the handoff stands (who has it, closed).
   * Optional: a desk without a first message to change has nothing to show it on.
   */
  showState?(threadId: string, state: ThreadState): Promise<void>;
  /**
   * Raises, where the whole team sees it (the channel, not only the thread), a customer
   * who has waited SUPPORT_TIMEOUT_MINUTES since a message no staff reply answered.
   */
  raiseWaiting?(threadId: string, wait: Waiting): Promise<void>;
}

export interface Waiting {
  customer?: string;
  /** ISO instant of their first unanswered message. */
  since: string;
  minutes: number;
  /** Who of staff has the conversation, if anyone. */
  assignee?: string;
}

/** Where a handoff stands, for its thread's first message. */
export type ThreadState =
  { status: 'open' } | { status: 'assigned'; to: string } | { status: 'closed'; why: string };

export interface StaffMember {
  id: string;
  /** Slack display name, shown to the customer before each message. */
  name: string;
}

/** What the staff side asks of the conversation. Implemented by the handoff service. */
export interface SupportLine {
  /**
   * A staff reply in the thread, to the customer; 'closed' when the thread's handoff ended,
   * 'unknown' when the thread is no handoff's (staff talking among themselves); `held`
   * when another member of staff has the conversation (not sent); `undelivered` when the
   * customer's channel would not take it (they blocked the bot…).
   */
  staffSaid(threadId: string, staff: StaffMember, text: string): Promise<StaffSaid>;
  /** "Return to bot": the conversation goes back to the step and cart it had. */
  returnToBot(
    threadId: string,
    staff: StaffMember,
  ): Promise<'returned' | 'closed' | { undelivered: Undelivered }>;
  /** "Send the cart to the customer": the bot shows the customer their cart. */
  sendCart(
    threadId: string,
    staff: StaffMember,
  ): Promise<'sent' | 'empty' | 'closed' | { undelivered: Undelivered }>;
  /**
   * "🎟️ Resend the tickets": the tickets of the conversation's last sale, sent again as
   * after the sale; `none` when it has no sale with tickets, `unavailable` when the
   * service could not be asked.
   */
  resendTickets(threadId: string, staff: StaffMember): Promise<TicketsResent>;
  /**
   * A file staff shared in the thread, with what they wrote with it: to the customer, as a
   * reply is (the same one voice: `held` when another member of staff has it).
   */
  sendFile(
    threadId: string,
    staff: StaffMember,
    file: OutgoingFile,
    text?: string,
  ): Promise<StaffSaid>;
  /**
   * "🙋 Take this one": the conversation is this staff member's; only their replies reach
   * the customer from now on. `from`: who had it before, when someone did.
   */
  take(threadId: string, staff: StaffMember): Promise<{ taken: true; from?: string } | 'closed'>;
}

export type TicketsResent =
  | { sent: string }
  | 'none'
  | 'unavailable'
  | 'closed'
  | { undelivered: Undelivered; partnerSaleId: string };

export type StaffSaid =
  'delivered' | 'closed' | 'unknown' | { held: string } | { undelivered: Undelivered };
