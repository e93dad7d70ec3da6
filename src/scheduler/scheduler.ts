/**
 * Work that must happen later, once, whichever instance is alive then: a reminder
 * before a reservation expires, the expiry itself, a payment follow-up, a catalog
 * refresh. Two implementations: BullMQ on Redis (several instances; each job runs once)
 * and timers in memory (the embedded single-process default).
 */

export type JobKind = 'reservation.remind' | 'reservation.expired' | 'support.timeout';

export interface Job {
  /** Scheduling the same id again replaces the job (a new expiry, a new reminder). */
  id: string;
  kind: JobKind;
  conversationId: string;
  at: Date;
}

export type JobHandler = (job: Job) => Promise<void>;

export interface Scheduler {
  schedule(job: Job): Promise<void>;
  cancel(id: string): Promise<void>;
  /** Starts running due jobs with `handler`. */
  start(handler: JobHandler): void;
  /** Jobs held and not yet done (due later, due now, running): the queue's depth. */
  depth?(): Promise<number>;
  close(): Promise<void>;
}
