/** Jobs as timers in this process: enough for one process, lost with it. */
import type { Logger } from '#src/log.js';
import { silentLogger } from '#src/log.js';
import type { Job, JobHandler, Scheduler } from './scheduler.js';

/** setTimeout's limit; later jobs are re-armed when this much time has passed. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export function createMemoryScheduler(
  options: { now?: () => Date; logger?: Logger } = {},
): Scheduler {
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? silentLogger;
  const timers = new Map<string, NodeJS.Timeout>();
  const pending = new Map<string, Job>();
  let handler: JobHandler | undefined;

  const arm = (job: Job): void => {
    const delay = Math.max(0, job.at.getTime() - now().getTime());
    const timer = setTimeout(
      () => {
        if (delay > MAX_DELAY_MS) return arm(job);
        timers.delete(job.id);
        pending.delete(job.id);
        handler?.(job).catch((error: unknown) =>
          logger.error({ err: error, job: job.id }, 'job failed'),
        );
      },
      Math.min(delay, MAX_DELAY_MS),
    );
    timer.unref();
    timers.set(job.id, timer);
  };

  return {
    depth: () => Promise.resolve(pending.size),
    async schedule(job) {
      clearTimeout(timers.get(job.id));
      pending.set(job.id, job);
      if (handler) arm(job);
    },
    async cancel(id) {
      clearTimeout(timers.get(id));
      timers.delete(id);
      pending.delete(id);
    },
    start(next) {
      handler = next;
      for (const job of pending.values()) arm(job);
    },
    async close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      pending.clear();
    },
  };
}
