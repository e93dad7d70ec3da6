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
import type { Lang } from '#src/domain/lang.js';

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
}

export interface Attachment {
  name: string;
  mime: string;
  data: Buffer;
}

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
}

export interface StaffMember {
  id: string;
  /** Slack display name, shown to the customer before each message. */
  name: string;
}

/** What the staff side asks of the conversation. Implemented by the handoff service. */
export interface SupportLine {
  /**
   * A staff reply in the thread, to the customer; 'closed' when the thread's handoff ended,
   * 'unknown' when the thread is no handoff's (staff talking among themselves).
   */
  staffSaid(
    threadId: string,
    staff: StaffMember,
    text: string,
  ): Promise<'delivered' | 'closed' | 'unknown'>;
  /** "Return to bot": the conversation goes back to the step and cart it had. */
  returnToBot(threadId: string, staff: StaffMember): Promise<'returned' | 'closed'>;
  /** "Send the cart to the customer": the bot shows the customer their cart. */
  sendCart(threadId: string, staff: StaffMember): Promise<'sent' | 'empty' | 'closed'>;
}
