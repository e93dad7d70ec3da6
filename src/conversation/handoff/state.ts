/**
 * What a conversation keeps beside its booking machine for the handoff to a person: the
 * handoff under way (its thread, since when, who of staff answered) and the last messages
 * both ways, which the thread's first message shows. Kept in the conversation's own record
 * (conversation/engine.ts, `Persisted.beside`): read and written with the snapshot, it
 * expires with it (DATA_TTL_HOURS), personal data included.
 */
import type { TranscriptLine } from './ports.js';

export interface Handoff {
  /** The thread's id at the desk (Slack: its `ts`). */
  threadId: string;
  /** ISO instant the thread was opened. */
  openedAt: string;
  /** The staff member who wrote last: the customer is told whom they talk to. */
  staff?: string;
  /**
   * Who of staff has the conversation ("🙋 Take this one", or the first to reply): only
   * their replies reach the customer.
   */
  assignee?: { id: string; name: string };
  /** No staff reply within SUPPORT_TIMEOUT_MINUTES: the customer was told once. */
  timedOut?: boolean;
  /** ISO instant its timeout job is due (events.ts: an earlier handoff's job is not it). */
  timeoutAt?: string;
  /** ISO instant of the customer's first message no staff reply has answered yet. */
  waitingSince?: string;
  /** The customer's first name at the channel, for the channel's "waiting" line. */
  customerName?: string;
}

export interface BesideState {
  handoff?: Handoff;
  /** The last handoff that ended: a new one links its thread. */
  earlier?: { threadId: string; endedAt: string };
  transcript: TranscriptLine[];
}

/** How many messages the thread's context shows. */
export const TRANSCRIPT_LINES = 10;
/** The longest message kept, in characters: the context is for reading, not an archive. */
const LINE_CHARS = 500;

/** The state in the record, whatever an older record held. */
export function readState(saved: unknown): BesideState {
  const value = (saved ?? {}) as Partial<BesideState>;
  return {
    ...(value.handoff && typeof value.handoff.threadId === 'string'
      ? { handoff: value.handoff }
      : {}),
    ...(value.earlier && typeof value.earlier.threadId === 'string'
      ? { earlier: value.earlier }
      : {}),
    transcript: Array.isArray(value.transcript) ? value.transcript : [],
  };
}

const clip = (text: string) =>
  text.length > LINE_CHARS ? `${text.slice(0, LINE_CHARS - 1)}…` : text;

/** The transcript with these messages added (empty ones left out), the last 10 kept. */
export function withLines(state: BesideState, lines: TranscriptLine[]): BesideState {
  const added = lines
    .filter((line) => line.text.trim() !== '')
    .map((line) => ({ ...line, text: clip(line.text.trim()) }));
  if (added.length === 0) return state;
  return { ...state, transcript: [...state.transcript, ...added].slice(-TRANSCRIPT_LINES) };
}
