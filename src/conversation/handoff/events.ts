/**
 * What the staff side and the timeout job send into a handed-off conversation: taken by
 * the handoff beside the machine (beside.ts), under the conversation's lock, never read
 * by the machine. Each names its thread, so one for a handoff that ended changes nothing.
 */
import type { OutgoingFile, StaffMember } from './ports.js';

export type SupportEvent =
  | { type: 'support.staff'; threadId: string; staff: StaffMember; text: string }
  | { type: 'support.return'; threadId: string; staff: StaffMember }
  | { type: 'support.cart'; threadId: string; staff: StaffMember }
  /** "🎟️ Resend the tickets": those of the conversation's last sale, as after the sale. */
  | { type: 'support.tickets'; threadId: string; staff: StaffMember }
  /** A file staff shared in the thread (with what they wrote with it), to the customer. */
  | {
      type: 'support.file';
      threadId: string;
      staff: StaffMember;
      file: OutgoingFile;
      text?: string;
    }
  /** "🙋 Take this one": only this staff member's replies reach the customer from now on. */
  | { type: 'support.take'; threadId: string; staff: StaffMember }
  /**
   * SUPPORT_TIMEOUT_MINUTES passed since the thread opened (a scheduled job). `at`: when
   * the job was due; a job due at another time than this handoff's is an earlier
   * handoff's, which its end could not cancel (it was running) and which changes nothing.
   */
  | { type: 'support.timeout'; at?: string };
