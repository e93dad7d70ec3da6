/**
 * Instruments a bot process for the benchmark, from outside its code: each Telegram
 * update runs in an AsyncLocalStorage trace, and the time the update spent waiting on
 * the partner service (each HTTP request to the partner's origin, from its start until
 * the whole answer has arrived) and on the Bot API (grammY's API transformer) is added
 * to that trace. Both waits are measured as the union of their intervals, so calls made
 * in parallel are not counted twice. Bot-side time = update time − partner time.
 *
 * Partner requests are seen on undici's diagnostics channels, which both the partner
 * client's transport (undici's `request`) and Node's global `fetch` (undici inside)
 * publish to: no wrapper around the client's HTTP, whose own CPU would be counted as
 * waiting. Why not the client's `observe` hook: `observe` times the whole client call,
 * zod validation and parsing included, which is our CPU, not the partner's; and it
 * needs no hook in src/. The Bot API's requests (undici too) go to another origin.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import type { Bot, Context } from 'grammy';
import { Redis } from 'ioredis';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyBot = Bot<any>;
import type {
  BotReport,
  BotRequest,
  PartnerCall,
  ProcessStats,
  TelegramCall,
  TurnRecord,
} from './protocol.js';

/** Time waited on one kind of I/O: the union of intervals, and a count of calls. */
class Waits {
  ms = 0;
  calls = 0;
  private active = 0;
  private since = 0;
  begin(): void {
    this.calls += 1;
    if (this.active++ === 0) this.since = performance.now();
  }
  end(): void {
    if (--this.active === 0) this.ms += performance.now() - this.since;
  }
}

interface Trace {
  started: number;
  /** The update's chat: partner calls are counted on its customer's path. */
  chat: number | undefined;
  partner: Waits;
  telegram: Waits;
  /** Each Bot API call: its method, and when it began and ended (ms from the update's start). */
  telegramCalls: TelegramCall[];
  engineMs: number;
  /** When the engine ran: [from, to] (ms from the update's start). */
  engineRuns: [number, number][];
  redisCommands: number;
  redisRoundTrips: number;
}

const traces = new AsyncLocalStorage<Trace>();

/** Commands this process sent to Redis, by name (store, locks, scheduler: all of them). */
const redisSent = new Map<string, number>();
/** Round trips to Redis, by the command they carried (`pipeline` for several). */
const redisTrips = new Map<string, number>();

/** The pipelines (MULTI/EXEC included) already counted as a round trip. */
const pipelinesSeen = new WeakSet<object>();
/**
 * BENCH_CALLERS=<file>: each round trip made during an update, counted by its command and
 * the first three frames of our code on its stack, written to <file> (JSON, most first)
 * when the process exits. For finding which code makes a turn's exchanges.
 */
const callersFile = process.env.BENCH_CALLERS;
const callers = new Map<string, number>();
if (callersFile) {
  process.on('exit', () => {
    const sorted = [...callers].sort(([, a], [, b]) => b - a);
    writeFileSync(callersFile, JSON.stringify(sorted, null, 1));
  });
}

/** `command` and where in src/ or flows/ it was sent from. */
function callerOf(command: string): string {
  const frames = (new Error().stack ?? '')
    .split('\n')
    .filter((line) => /\/(src|flows)\//.test(line))
    .slice(0, 3)
    .map((line) =>
      line
        .trim()
        .replace(/^at /, '')
        .replace(/(\(|file:\/\/)[^ ]*\/(src|flows)\//, '$1$2/'),
    );
  return `${command} ${frames.join(' < ')}`;
}

/**
 * Counts every command the process sends to Redis (ioredis' sendCommand, which scripts
 * and BullMQ's commands go through too), per update and in all: not the commands a script
 * runs inside the server (INFO commandstats counts those as well). And round trips: one
 * request/response exchange, however many commands it carries. ioredis writes a pipeline
 * (and a MULTI) by calling sendCommand for each of its commands with one shared stream
 * marked `isPipeline`: that stream is one round trip, counted at its first command.
 */
export function instrumentRedis(): void {
  const prototype = Redis.prototype as unknown as {
    sendCommand(command: { name: string }, stream?: unknown): unknown;
  };
  const original = prototype.sendCommand;
  prototype.sendCommand = function (this: unknown, command, stream) {
    redisSent.set(command.name, (redisSent.get(command.name) ?? 0) + 1);
    const trace = traces.getStore();
    if (trace) trace.redisCommands += 1;
    const pipeline =
      typeof stream === 'object' && stream !== null && 'isPipeline' in stream ? stream : undefined;
    if (callersFile && trace && (!pipeline || !pipelinesSeen.has(pipeline))) {
      const caller = callerOf(pipeline ? `pipeline(${command.name})` : command.name);
      callers.set(caller, (callers.get(caller) ?? 0) + 1);
    }
    if (!pipeline) {
      redisTrips.set(command.name, (redisTrips.get(command.name) ?? 0) + 1);
      if (trace) trace.redisRoundTrips += 1;
    } else if (!pipelinesSeen.has(pipeline)) {
      pipelinesSeen.add(pipeline);
      redisTrips.set('pipeline', (redisTrips.get('pipeline') ?? 0) + 1);
      if (trace) trace.redisRoundTrips += 1;
    }
    return original.call(this, command, stream);
  };
}

/** Partner calls outside any update (the catalog refresh), by operation path. */
const outside = new Waits();
const partnerPaths = new Map<string, number>();

/** A partner call as a chat's updates made it (absolute times; `end` once it has ended). */
interface ChatCall {
  operation: string;
  start: number;
  end?: number;
}

/**
 * Each chat's partner calls of the last minute: an update may wait for a call an earlier
 * one of the same chat began (a value fetched ahead), and that call is on its path.
 */
const chatCalls = new Map<number, ChatCall[]>();
const CHAT_CALLS_KEPT_MS = 60_000;

function noteChatCall(chat: number, call: ChatCall): void {
  const calls = (chatCalls.get(chat) ?? []).filter(
    (kept) => kept.end === undefined || kept.end > call.start - CHAT_CALLS_KEPT_MS,
  );
  calls.push(call);
  chatCalls.set(chat, calls);
}

/** Bot API methods that show the customer something (a tap's answer and "typing…" do not). */
const SHOWS = /^(send|edit|copy|forward)(?!ChatAction)/;

/**
 * What the customer waited for an update, and the partner calls on that path: the chat's
 * calls that ended after the update began and no later than its last message began. And
 * the wait for its first message (the answer: the purchase confirmed, the tickets after
 * it), with the longest of the calls that ended before that message began.
 */
function waitingOf(
  trace: Trace,
  endedAt: number,
): { waitMs: number; pathCalls: PartnerCall[]; answerMs: number; answerSlowestCallMs: number } {
  const shown = trace.telegramCalls.filter((call) => SHOWS.test(call.method));
  const last = shown.reduce<TelegramCall | undefined>(
    (latest, call) => (!latest || call.at >= latest.at ? call : latest),
    undefined,
  );
  const first = shown.reduce<TelegramCall | undefined>(
    (earliest, call) => (!earliest || call.at < earliest.at ? call : earliest),
    undefined,
  );
  const waitMs = last ? last.at + last.ms : endedAt - trace.started;
  const lastBegan = trace.started + (last ? last.at : endedAt - trace.started);
  const pathCalls = (trace.chat === undefined ? [] : (chatCalls.get(trace.chat) ?? []))
    .filter((call) => call.end !== undefined && call.end > trace.started && call.end <= lastBegan)
    .map((call) => ({
      operation: call.operation,
      at: call.start - trace.started,
      ms: call.end! - call.start,
    }))
    .sort((a, b) => a.at - b.at);
  const firstBegan = first ? first.at : waitMs;
  const answerSlowestCallMs = Math.max(
    0,
    ...pathCalls.filter((call) => call.at + call.ms <= firstBegan).map((call) => call.ms),
  );
  return {
    waitMs,
    pathCalls,
    answerMs: first ? first.at + first.ms : waitMs,
    answerSlowestCallMs,
  };
}

/** What undici's request channels publish (`undici:request:*`): the request's target. */
interface UndiciRequestMessage {
  request: { origin?: string | URL; method?: string; path?: string };
}

export function instrumentPartner(partnerUrl: string): void {
  const origin = new URL(partnerUrl).origin;
  /** Requests under way, to the waits they count in (a request ends once: done or failed). */
  const open = new WeakMap<object, { waits: Waits; call: ChatCall }>();
  subscribe('undici:request:create', (message) => {
    const { request } = message as UndiciRequestMessage;
    if (String(request.origin) !== origin) return;
    const path = new URL(request.path ?? '/', origin).pathname.toLowerCase();
    partnerPaths.set(path, (partnerPaths.get(path) ?? 0) + 1);
    // Published as the request is made, in the caller's async context: the update's trace.
    const trace = traces.getStore();
    const waits = trace?.partner ?? outside;
    waits.begin();
    const call: ChatCall = { operation: path.replace(/^\/+/, ''), start: performance.now() };
    if (trace?.chat !== undefined) noteChatCall(trace.chat, call);
    open.set(request, { waits, call });
  });
  // The wait ends when the whole answer is here (its trailers: after the last byte of the
  // body), not at its headers; or when the request failed or was aborted.
  const end = (message: unknown) => {
    const { request } = message as UndiciRequestMessage;
    const opened = open.get(request);
    if (!opened) return;
    open.delete(request);
    opened.call.end = performance.now();
    opened.waits.end();
  };
  subscribe('undici:request:trailers', end);
  subscribe('undici:request:error', end);
}

/** Times every Bot API call made while an update is handled. */
export function instrumentTelegram(bot: AnyBot): void {
  (bot as Bot<Context>).api.config.use(async (previous, method, payload, signal) => {
    const trace = traces.getStore();
    trace?.telegram.begin();
    const call = { method, at: performance.now() - (trace?.started ?? 0), ms: 0 };
    try {
      return await previous(method, payload, signal);
    } finally {
      trace?.telegram.end();
      call.ms = performance.now() - (trace?.started ?? 0) - call.at;
      trace?.telegramCalls.push(call);
    }
  });
}

/** Adds `ms` of engine time to the current update's trace (our bot's engine wrapper). */
export async function timeEngine<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const trace = traces.getStore();
    if (trace) {
      const ended = performance.now();
      trace.engineMs += ended - started;
      trace.engineRuns.push([started - trace.started, ended - trace.started]);
    }
  }
}

/**
 * How long Bot API calls were waited on while the engine was not running: the union of
 * the calls' intervals less the engine's. A tap's answer goes out as the engine starts,
 * and its interval spans the engine's work (the answer is read when the loop is free):
 * this is the Bot API's wait on the update's path.
 */
function besideEngine(calls: readonly TelegramCall[], engine: readonly [number, number][]): number {
  const points = [
    ...calls.flatMap((call) => [
      [call.at, 1, 0],
      [call.at + call.ms, -1, 0],
    ]),
    ...engine.flatMap(([from, to]) => [
      [from, 0, 1],
      [to, 0, -1],
    ]),
  ].sort((a, b) => a[0]! - b[0]!);
  let calling = 0;
  let running = 0;
  let since = 0;
  let total = 0;
  for (const [at, call, run] of points) {
    const waiting = calling > 0 && running === 0;
    if (waiting) total += at! - since;
    calling += call!;
    running += run!;
    since = at!;
  }
  return total;
}

/** The chat an update belongs to (a message's, a tap's message's, else its sender's). */
function chatOfUpdate(update: {
  message?: { chat: { id: number } };
  callback_query?: { from: { id: number }; message?: { chat: { id: number } } };
}): number | undefined {
  return (
    update.message?.chat.id ??
    update.callback_query?.message?.chat.id ??
    update.callback_query?.from.id
  );
}

/**
 * Wraps `bot.handleUpdate` (what the runner and the webhook call for each update) so that
 * each update is traced and reported to the parent once handled.
 */
export function traceUpdates(bot: AnyBot, report: (turn: TurnRecord) => void) {
  const target = bot as Bot<Context>;
  const original = target.handleUpdate.bind(target);
  target.handleUpdate = async (update, envelope) => {
    const trace: Trace = {
      started: performance.now(),
      chat: chatOfUpdate(update),
      partner: new Waits(),
      telegram: new Waits(),
      telegramCalls: [],
      engineMs: 0,
      engineRuns: [],
      redisCommands: 0,
      redisRoundTrips: 0,
    };
    const { started } = trace;
    try {
      return await traces.run(trace, () => original(update, envelope));
    } finally {
      const endedAt = performance.now();
      report({
        ...waitingOf(trace, endedAt),
        updateId: update.update_id,
        ms: performance.now() - started,
        partnerMs: trace.partner.ms,
        partnerCalls: trace.partner.calls,
        telegramMs: trace.telegram.ms,
        telegramCalls: trace.telegram.calls,
        telegram: trace.telegramCalls.sort((a, b) => a.at - b.at),
        engineMs: trace.engineMs,
        telegramBesideEngineMs: besideEngine(trace.telegramCalls, trace.engineRuns),
        redisCommands: trace.redisCommands,
        redisRoundTrips: trace.redisRoundTrips,
      });
    }
  };
}

/**
 * Bytes the process allocated on the JavaScript heap: V8 keeps no running total, so it is
 * worked out from the heap's used size around each collection (GCProfiler): what was used
 * before a collection less what was left after the one before it, plus what has been
 * used since the last one. Objects made and dropped between two collections count.
 */
function allocationMeter() {
  let profiler = new GCProfiler();
  profiler.start();
  let lastUsed = getHeapStatistics().used_heap_size;
  let bytes = 0;
  return {
    read(reset: boolean): number {
      for (const gc of profiler.stop().statistics) {
        bytes += gc.beforeGC.heapStatistics.usedHeapSize - lastUsed;
        lastUsed = gc.afterGC.heapStatistics.usedHeapSize;
      }
      const used = getHeapStatistics().used_heap_size;
      bytes += used - lastUsed;
      lastUsed = used;
      const total = bytes;
      if (reset) bytes = 0;
      profiler = new GCProfiler();
      profiler.start();
      return total;
    },
  };
}

/**
 * Memory, CPU and event-loop figures of this process, since the last reset; with `live`,
 * how many conversations keep a running actor.
 */
export function processStats(live?: () => number) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let cpu = process.cpuUsage();
  let at = performance.now();
  const allocated = allocationMeter();
  return {
    read(reset: boolean): ProcessStats {
      const allocatedBytes = allocated.read(reset);
      const memory = process.memoryUsage();
      const used = process.cpuUsage(cpu);
      const stats: ProcessStats = {
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        allocatedBytes,
        cpuMs: (used.user + used.system) / 1000,
        wallMs: performance.now() - at,
        loopDelayMaxMs: loop.max / 1e6,
        loopDelayP99Ms: loop.percentile(99) / 1e6,
        partnerOutsideMs: outside.ms,
        partnerPaths: Object.fromEntries(partnerPaths),
        redisSent: Object.fromEntries(redisSent),
        redisTrips: Object.fromEntries(redisTrips),
        ...(live ? { liveConversations: live() } : {}),
      };
      if (reset) {
        loop.reset();
        cpu = process.cpuUsage();
        at = performance.now();
      }
      return stats;
    },
  };
}

/**
 * BENCH_HEAP_PROF=<file>: a sampling heap profile of the process from `start()` (after
 * its start-up) to `stop()`, objects already collected included, written to <file> (a
 * .heapprofile, for Chrome's DevTools or a script): where a turn's bytes are allocated.
 * One sample every BENCH_HEAP_PROF_INTERVAL bytes (default 4096).
 */
export function heapSampling() {
  const file = process.env.BENCH_HEAP_PROF;
  const session = file ? new Session() : undefined;
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session!.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  return {
    async start(): Promise<void> {
      if (!session) return;
      session.connect();
      await post('HeapProfiler.startSampling', {
        samplingInterval: Number(process.env.BENCH_HEAP_PROF_INTERVAL ?? 4096),
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    },
    async stop(): Promise<void> {
      if (!session || !file) return;
      const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: unknown };
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** The parent's channel (IPC), typed. */
export function parent(): {
  send(report: BotReport): void;
  on(handler: (request: BotRequest) => void): void;
} {
  if (!process.send) throw new Error('run this file with child_process.fork (an IPC channel)');
  return {
    send: (report) => process.send!(report),
    on: (handler) => process.on('message', (message) => handler(message as BotRequest)),
  };
}
