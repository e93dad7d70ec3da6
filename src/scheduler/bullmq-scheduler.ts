/**
 * Jobs on BullMQ (Redis, one server or a cluster): delayed jobs survive restarts, and one
 * worker among all instances runs each job once. The job id is the dedupe key:
 * scheduling an id again removes the older job first, so a replaced reminder never fires
 * twice.
 */
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { Cluster } from 'ioredis';
import type { Logger } from '#src/log.js';
import { silentLogger } from '#src/log.js';
import { clusterNode, isCluster, type RedisTarget } from '#src/store/redis-target.js';
import type { Job, JobHandler, Scheduler } from './scheduler.js';

interface JobData {
  kind: Job['kind'];
  conversationId: string;
  at: string;
}

function connectionOf(url: string): ConnectionOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
}

/**
 * On a cluster, one client for the queue and the worker (BullMQ shares it, and copies
 * it for the worker's blocking reads).
 */
function clusterOf(nodes: string[]): Cluster {
  return new Cluster(nodes.map(clusterNode), { redisOptions: { maxRetriesPerRequest: null } });
}

/** BullMQ job ids may not contain ':' (its own key separator). */
const safeId = (id: string): string => id.replace(/:/g, '|');

export function createBullmqScheduler(
  target: RedisTarget,
  options: { queueName?: string; logger?: Logger; prefix?: string; now?: () => Date } = {},
): Scheduler {
  // BullMQ waits in real time: a job's delay is how far its instant is on our clock.
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? silentLogger;
  const name = options.queueName ?? 'bot-jobs';
  const connection = isCluster(target) ? clusterOf(target.cluster) : connectionOf(target);
  const cluster = connection instanceof Cluster ? connection : undefined;
  // A queue's scripts take several of its keys at once: on a cluster they share a slot by
  // the prefix's hash tag. One server keeps the plain prefix its jobs are stored under.
  const prefix = options.prefix ?? (cluster ? '{bull}' : 'bull');
  // BullMQ logs every job event (with the job id, which names the conversation) to a
  // stream without expiry, kept to 10,000 entries by default. Nothing here reads it: keep
  // none, so that no conversation id outlives its jobs there.
  const queue = new Queue<JobData>(name, {
    connection,
    prefix,
    streams: { events: { maxLen: 0 } },
  });
  let worker: Worker<JobData> | undefined;

  return {
    async depth() {
      const counts = await queue.getJobCounts('delayed', 'waiting', 'active', 'prioritized');
      return Object.values(counts).reduce((sum, count) => sum + count, 0);
    },
    async schedule(job) {
      const jobId = safeId(job.id);
      await queue.remove(jobId);
      await queue.add(
        job.kind,
        { kind: job.kind, conversationId: job.conversationId, at: job.at.toISOString() },
        {
          jobId,
          delay: Math.max(0, job.at.getTime() - now().getTime()),
          // Personal data stays out of jobs (only ids); finished jobs are dropped.
          removeOnComplete: true,
          removeOnFail: { age: 24 * 60 * 60 },
          attempts: 3,
          backoff: { type: 'exponential', delay: 1_000 },
        },
      );
    },
    async cancel(id) {
      await queue.remove(safeId(id));
    },
    start(handler: JobHandler) {
      worker = new Worker<JobData>(
        name,
        async (bullJob) => {
          await handler({
            id: (bullJob.id ?? '').replace(/\|/g, ':'),
            kind: bullJob.data.kind,
            conversationId: bullJob.data.conversationId,
            at: new Date(bullJob.data.at),
          });
        },
        { connection, prefix, concurrency: 8 },
      );
      worker.on('failed', (job, error) => logger.warn({ job: job?.id, err: error }, 'job failed'));
    },
    async close() {
      // A connection closed while BullMQ still sets it up (its client name, version
      // check, the worker's first reads: not awaited inside BullMQ) is disconnected, and
      // those commands reject with nobody listening. Ready first, then quit cleanly.
      await Promise.allSettled([queue.waitUntilReady(), worker?.waitUntilReady()]);
      await worker?.close();
      await queue.close();
      await cluster?.quit();
    },
  };
}
