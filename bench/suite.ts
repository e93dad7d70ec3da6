/**
 * The whole benchmark, in order: our bot and the baseline on the small catalog (start,
 * each load level, a long conversation, idle conversations), then our bot on the large
 * catalog (start, a few bookings). One private redis-server serves them all, one bot
 * process at a time. Last, our bot on a private 3-master Redis Cluster: one instance,
 * then two, at BENCH_CLUSTER conversations.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import type { BenchConfig } from './config.js';
import type { Sample } from './customer.js';
import {
  measureNewMinute,
  measureStart,
  runIdle,
  runLength,
  runLoad,
  runThroughput,
  startRig,
  turnFigures,
  warmUp,
  type BotKind,
  type IdleResult,
  type LengthResult,
  type LoadResult,
  type NewMinuteFigures,
  type StartResult,
  type ThroughputResult,
} from './harness.js';
import { startSandboxProcess } from './processes.js';
import { startRedis, startRedisClusterForBench } from './redis.js';
import { summarize, type BenchSummary } from './summary.js';
import { runWaiting, type WaitingResult } from './waiting.js';

export type LoadFigures = Omit<LoadResult, 'samples'>;

/** The bookings made before anything counts, and their turns' bot-side median. */
export interface WarmUpFigures {
  bookings: number;
  turns: number;
  botP50: number;
}

export interface BotResults {
  start: StartResult;
  warmUp: WarmUpFigures;
  levels: LoadFigures[];
  length: LengthResult;
  idle: IdleResult;
}

export interface BigCatalogResults {
  products: number;
  start: StartResult;
  /** The bookings on the large catalog (1 conversation). */
  load: LoadFigures;
  /** Slowest turn of those bookings (a recomputation of what is on sale, if any). */
  maxTurnMs: number;
  /** The first list of what is on sale in a new minute (when measured). */
  newMinute?: NewMinuteFigures;
}

export interface ClusterResults {
  masters: number;
  one: ThroughputResult;
  two: ThroughputResult;
}

export interface BenchResults {
  at: string;
  machine: {
    cpu: string;
    cores: number;
    memoryGb: number;
    node: string;
    platform: string;
    /** Load average when the run began: other work on the machine skews every figure. */
    loadAverage: number[];
  };
  config: BenchConfig;
  /** Absent when only the large catalog's part ran (BENCH_ONLY=big). */
  ours?: BotResults;
  baseline?: BotResults;
  big?: BigCatalogResults;
  /** Our bot on a 3-master Redis Cluster: one instance, then two (when run). */
  cluster?: ClusterResults;
  /** What the customer waits for, with a realistic partner (when run). */
  waiting?: WaitingResult;
  /** Catalog calls during completed bookings after warm-up (must be 0). */
  catalogCallsPerSale: number;
  durationSeconds: number;
  /** The figures the performance targets are judged by (summary.ts). */
  summary: BenchSummary;
}

export type Progress = (line: string) => void;

const withoutSamples = ({ samples: _samples, ...figures }: LoadResult): LoadFigures => figures;

async function benchBot(
  kind: BotKind,
  config: BenchConfig,
  shared: {
    redis: Awaited<ReturnType<typeof startRedis>>;
    sandbox: Awaited<ReturnType<typeof startSandboxProcess>>;
  },
  progress: Progress,
): Promise<BotResults> {
  progress(`${kind}: starting`);
  const rig = await startRig(kind, config.catalog, shared.redis, { sandbox: shared.sandbox });
  try {
    const start = await measureStart(rig);
    const warm = turnFigures(await warmUp(rig, config.warmUp));
    const warmed = { bookings: config.warmUp, turns: warm.turns, botP50: warm.botP50 };
    const levels: LoadFigures[] = [];
    for (const conversations of config.concurrency) {
      progress(`${kind}: ${conversations} conversation(s)`);
      const result =
        conversations === 1
          ? await runLoad(rig, { conversations, seconds: 600, maxBookings: config.bookings })
          : await runLoad(rig, { conversations, seconds: config.seconds });
      levels.push(withoutSamples(result));
    }
    progress(`${kind}: ${config.longTurns}-turn conversations`);
    const length = await runLength(rig, {
      conversations: config.longConversations,
      turns: config.longTurns,
    });
    progress(`${kind}: ${config.idleConversations} idle conversations`);
    const idle = await runIdle(rig, {
      conversations: config.idleConversations,
      seconds: config.idleSeconds,
    });
    return { start, warmUp: warmed, levels, length, idle };
  } finally {
    await rig.close();
  }
}

async function benchBigCatalog(
  config: BenchConfig,
  redis: Awaited<ReturnType<typeof startRedis>>,
  progress: Progress,
): Promise<BigCatalogResults> {
  progress(`ours: starting with ${config.bigCatalog} products`);
  const rig = await startRig('ours', config.bigCatalog, redis);
  try {
    const start = await measureStart(rig);
    progress(`ours: ${config.bigBookings} booking(s) with ${config.bigCatalog} products`);
    const result = await runLoad(rig, {
      conversations: 1,
      seconds: 600,
      maxBookings: config.bigBookings,
    });
    let newMinute;
    if (config.newMinute) {
      progress('ours: waiting for a new minute, then the list of what is on sale');
      newMinute = await measureNewMinute(rig);
    }
    return {
      products: config.bigCatalog,
      start,
      load: withoutSamples(result),
      maxTurnMs: Math.max(...result.samples.map((sample: Sample) => sample.ms - sample.partnerMs)),
      ...(newMinute ? { newMinute } : {}),
    };
  } finally {
    await rig.close();
  }
}

/** Our bot against a partner with latency, its customers reading each view (waiting.ts). */
async function benchWaiting(
  config: BenchConfig,
  redis: Awaited<ReturnType<typeof startRedis>>,
  progress: Progress,
): Promise<WaitingResult> {
  const { conversations, bookings, thinkMs, latency } = config.waiting;
  progress(
    `ours: waiting, partner latency ${latency}, ${conversations} conversation(s) × ${bookings} booking(s)`,
  );
  const sandbox = await startSandboxProcess(config.catalog, latency);
  const rig = await startRig('ours', config.catalog, redis, { sandbox });
  try {
    return await runWaiting(rig, { conversations, bookings, thinkMs, latency });
  } finally {
    await rig.close();
    await sandbox.close();
  }
}

/**
 * Turns per second of one instance, then of two, on a private Redis Cluster, sharing one
 * sandbox; each instance has its own fake Bot API (its chats), warmed up before it counts.
 */
async function benchCluster(config: BenchConfig, progress: Progress): Promise<ClusterResults> {
  progress('ours: starting a 3-master Redis Cluster');
  const redis = await startRedisClusterForBench();
  const sandbox = await startSandboxProcess(config.catalog);
  const rigs: Awaited<ReturnType<typeof startRig>>[] = [];
  try {
    for (let instance = 0; instance < 2; instance += 1) {
      const rig = await startRig('ours', config.catalog, redis, { sandbox });
      rigs.push(rig);
      await warmUp(rig, config.warmUp);
    }
    const level = { conversations: config.cluster, seconds: config.seconds };
    progress(`ours on the cluster: ${config.cluster} conversation(s), one instance`);
    const one = await runThroughput(rigs.slice(0, 1), level);
    progress(`ours on the cluster: ${config.cluster} conversation(s), two instances`);
    const two = await runThroughput(rigs, level);
    return { masters: redis.cluster!.length, one, two };
  } finally {
    for (const rig of rigs) await rig.close();
    await sandbox.close();
    await redis.close();
  }
}

export async function runBench(
  config: BenchConfig,
  progress: Progress = () => {},
): Promise<BenchResults> {
  const began = performance.now();
  const machine = {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
  };
  const redis = await startRedis();
  try {
    let ours: BotResults | undefined;
    let baseline: BotResults | undefined;
    if (config.only === undefined) {
      const sandbox = await startSandboxProcess(config.catalog);
      try {
        ours = await benchBot('ours', config, { redis, sandbox }, progress);
        if (config.baseline)
          baseline = await benchBot('baseline', config, { redis, sandbox }, progress);
      } finally {
        await sandbox.close();
      }
    }
    const waiting =
      config.waiting.conversations > 0 && config.only !== 'big'
        ? await benchWaiting(config, redis, progress)
        : undefined;
    const big =
      config.bigCatalog > 0 && config.only !== 'waiting'
        ? await benchBigCatalog(config, redis, progress)
        : undefined;
    const cluster =
      config.cluster > 0 && config.only === undefined
        ? await benchCluster(config, progress)
        : undefined;
    const single = ours?.levels.find((level) => level.conversations === 1);
    const catalogCalls = [single, big?.load]
      .filter((level): level is LoadFigures => level !== undefined)
      .map((level) => level.partnerCallsPerBooking?.catalog ?? 0);
    const results = {
      at: new Date().toISOString(),
      machine,
      config,
      ...(ours ? { ours } : {}),
      ...(baseline ? { baseline } : {}),
      ...(big ? { big } : {}),
      ...(cluster ? { cluster } : {}),
      ...(waiting ? { waiting } : {}),
      catalogCallsPerSale: Math.max(0, ...catalogCalls),
      durationSeconds: (performance.now() - began) / 1000,
    };
    return { ...results, summary: summarize(results) };
  } finally {
    await redis.close();
  }
}
