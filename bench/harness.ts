/**
 * The measurements, each a function of a running rig (fake Bot API + sandbox + Redis +
 * one bot process): load at a given number of concurrent conversations, cost by
 * conversation length, what an idle conversation leaves in Redis, start-up. run.ts
 * calls them in order and prints the table; test/bench runs them tiny.
 */
import { randomInt } from 'node:crypto';
import { generatedCatalog } from '#src/sandbox/seed/generated.js';
import {
  startFakeTelegram,
  type FakeTelegram,
  type FakeUser,
} from '#test/support/fake-telegram.js';
import { book, nextMove, play, productButton, type Plan, type Sample } from './customer.js';
import { hostSince, readHost, type HostFigures } from './host.js';
import {
  startBotProcess,
  startSandboxProcess,
  type BotProcess,
  type Calls,
  type SandboxProcess,
} from './processes.js';
import type { ProcessStats } from './protocol.js';
import { redisFigures, redisSince, type RedisFigures, type RedisServer } from './redis.js';
import { median, percentile, perUnit, sum } from './stats.js';

export type BotKind = 'ours' | 'baseline';

export interface Rig {
  kind: BotKind;
  products: number;
  fake: FakeTelegram;
  sandbox: SandboxProcess;
  redis: RedisServer;
  bot: BotProcess;
  /** Products the simulated customers book (dated, no sessions, no real-time price). */
  plans: string[];
  /** The Redis key of a chat's conversation state. */
  stateKey(chatId: number): string;
  close(): Promise<void>;
}

const SCRIPTS: Record<BotKind, string> = {
  ours: 'bot-process.ts',
  baseline: 'baseline/bot-process.ts',
};

/**
 * Products of the generated catalog that a short booking can take: a date from the
 * calendar, no sessions, no real-time price, no capacity-limited days, at most 2 a
 * transaction. The generator is sequential, so the first products are the same for 50
 * and 50 000; 50 are looked at.
 */
export function bookableProducts(): string[] {
  const catalog = generatedCatalog({ today: '2026-01-01', products: 50, seed: 1, language: 'en' });
  const names: string[] = [];
  for (const provider of catalog.providers) {
    const withSessions = new Set(
      provider.ticketEnclosures
        .filter((enclosure) => (enclosure.sessions?.sessionSessionContents.length ?? 0) > 0)
        .map((enclosure) => enclosure.ticketEnclosureId),
    );
    for (const base of provider.productBases) {
      for (const product of base.products) {
        if (
          !product.requiresRealTimePrice &&
          product.accessDateCriteria === 0 &&
          product.minimumNumberByTransaction <= 2 &&
          product.daysWithLimitedCapacity.length === 0 &&
          product.tags.length === 0 &&
          product.tickets.every((ticket) => !withSessions.has(ticket.ticketEnclosureId ?? ''))
        ) {
          names.push(product.productName);
        }
      }
    }
  }
  return names;
}

let users = 0;

/** A customer with a chat of their own. */
export function newUser(): FakeUser {
  users += 1;
  return { id: 1_000_000 + users * 7919 + randomInt(1000), firstName: 'Ana', languageCode: 'en' };
}

export async function startRig(
  kind: BotKind,
  products: number,
  redis: RedisServer,
  reuse?: { sandbox?: SandboxProcess },
): Promise<Rig> {
  const fake = await startFakeTelegram();
  const sandbox = reuse?.sandbox ?? (await startSandboxProcess(products));
  const bot = await startBotProcess(SCRIPTS[kind], `${kind}-${products}`, {
    partnerUrl: sandbox.url,
    redisUrl: redis.url,
    ...(redis.cluster ? { redisCluster: redis.cluster } : {}),
    telegramToken: fake.token,
    telegramApiRoot: fake.url,
  });
  return {
    kind,
    products,
    fake,
    sandbox,
    redis,
    bot,
    plans: bookableProducts(),
    stateKey: (chatId) =>
      kind === 'baseline'
        ? `baseline:${chatId}`
        : redis.cluster
          ? `bot:kv:{conv:tg:${chatId}}`
          : `bot:kv:conv:tg:${chatId}`,
    async close() {
      await bot.close();
      await fake.close();
      if (!reuse?.sandbox) await sandbox.close();
    },
  };
}

/** Per-turn figures of a set of samples (ms). */
export interface TurnFigures {
  turns: number;
  /** Bot-side time per turn: the update's handling minus the partner's time. */
  botP50: number;
  botP99: number;
  /** The same, counting only the engine (our bot): no Telegram I/O, no middleware. */
  engineP50?: number;
  /** Partner and Bot API waits per turn (median). */
  partnerP50: number;
  telegramP50: number;
  /** The Bot API's wait while the engine was not running (median). */
  telegramBesideEngineP50: number;
  /** As the customer waits: from the update's creation to the bot's report. */
  roundTripP50: number;
  roundTripP99: number;
}

export function turnFigures(samples: readonly Sample[]): TurnFigures {
  const bot = samples.map((sample) => sample.ms - sample.partnerMs);
  const engine = samples
    .filter((sample) => sample.engineMs > 0)
    .map((sample) => sample.engineMs - sample.partnerMs);
  const trip = samples.map((sample) => sample.roundTripMs);
  return {
    turns: samples.length,
    botP50: median(bot),
    botP99: percentile(bot, 99),
    ...(engine.length > 0 ? { engineP50: median(engine) } : {}),
    partnerP50: median(samples.map((sample) => sample.partnerMs)),
    telegramP50: median(samples.map((sample) => sample.telegramMs)),
    telegramBesideEngineP50: median(
      samples.map((sample) => sample.telegramBesideEngineMs ?? sample.telegramMs),
    ),
    roundTripP50: median(trip),
    roundTripP99: percentile(trip, 99),
  };
}

/** A step's figures: bot-side time, the Bot API's wait, and the calls its turns make. */
export interface StepFigures {
  turns: number;
  botP50: number;
  botMax: number;
  /** Waiting on the partner service, median (bot-side leaves it out). */
  partnerP50: number;
  /** Waiting on the Bot API (union of the calls' intervals), median. */
  telegramP50: number;
  /** The same, less the time the engine was running (the Bot API's wait on the path). */
  telegramBesideEngineP50: number;
  /**
   * The most frequent sequence of Bot API calls of the step's turns, in the order they
   * began: "a → b" when b began after a (and every call before it) had ended, "a ‖ b"
   * when b began while an earlier one was still waiting; with its share of the turns.
   */
  calls: string;
}

/** An update's Bot API calls as a sequence (StepFigures' calls). */
export function callSequence(calls: readonly { method: string; at: number; ms: number }[]) {
  let ends = Number.NEGATIVE_INFINITY;
  return calls
    .map((call, index) => {
      const joint = index === 0 ? '' : call.at < ends ? ' ‖ ' : ' → ';
      ends = Math.max(ends, call.at + call.ms);
      return `${joint}${call.method}`;
    })
    .join('');
}

/**
 * Median and longest bot-side time by step (search, product, date, …): the longest tells
 * which step a stall of the event loop came from (a turn's work runs without a break).
 * And the step's median wait on the partner service, which bot-side leaves out.
 */
export function byStep(samples: readonly Sample[]): Record<string, StepFigures> {
  const steps = new Map<string, Sample[]>();
  for (const sample of samples) {
    const list = steps.get(sample.step) ?? [];
    list.push(sample);
    steps.set(sample.step, list);
  }
  return Object.fromEntries(
    [...steps].map(([step, list]) => {
      const values = list.map((sample) => sample.ms - sample.partnerMs);
      const sequences = new Map<string, number>();
      for (const sample of list) {
        const sequence = callSequence(sample.telegram ?? []);
        sequences.set(sequence, (sequences.get(sequence) ?? 0) + 1);
      }
      const [common, count] = [...sequences].sort(([, a], [, b]) => b - a)[0]!;
      return [
        step,
        {
          turns: values.length,
          botP50: median(values),
          botMax: Math.max(...values),
          partnerP50: median(list.map((sample) => sample.partnerMs)),
          telegramP50: median(list.map((sample) => sample.telegramMs)),
          telegramBesideEngineP50: median(
            list.map((sample) => sample.telegramBesideEngineMs ?? sample.telegramMs),
          ),
          calls: `${common} (${Math.round((count / list.length) * 100)} %)`,
        },
      ];
    }),
  );
}

export interface RedisPerTurn {
  /** Commands the bot process sent (a pipeline's each counted), per turn. */
  sent: number;
  /** The most frequent of them, per turn. */
  top: Record<string, number>;
  /**
   * Request/response exchanges with Redis, per turn (a pipeline or a script: one), and
   * what they carried, per turn: counted in the bot process, every connection.
   */
  roundTrips: number;
  trips: Record<string, number>;
  /** Commands the server ran, those inside scripts included (INFO), per turn. */
  executed: number;
  /** Bytes the server read from and wrote to its clients, per turn. */
  bytesIn: number;
  bytesOut: number;
}

/** Counts by name between two readings, most frequent first. */
const since = (before: Record<string, number>, after: Record<string, number>) =>
  Object.entries(after)
    .map(([name, count]) => [name, count - (before[name] ?? 0)] as const)
    .filter(([, count]) => count > 0)
    .sort(([, a], [, b]) => b - a);

function redisPerTurn(
  server: RedisFigures,
  before: ProcessStats,
  after: ProcessStats,
  turns: number,
): RedisPerTurn {
  const sent = since(before.redisSent, after.redisSent);
  const trips = since(before.redisTrips, after.redisTrips);
  return {
    sent: sum(sent.map(([, count]) => count)) / turns,
    top: Object.fromEntries(sent.slice(0, 6).map(([name, count]) => [name, count / turns])),
    roundTrips: sum(trips.map(([, count]) => count)) / turns,
    trips: Object.fromEntries(trips.map(([name, count]) => [name, count / turns])),
    executed: server.totalCommands / turns,
    bytesIn: server.bytesIn / turns,
    bytesOut: server.bytesOut / turns,
  };
}

export interface LoadResult extends TurnFigures {
  conversations: number;
  bookings: number;
  seconds: number;
  turnsPerSecond: number;
  /** Bot process CPU (user + system) per turn. */
  cpuMsPerTurn: number;
  /** Bytes the bot process allocated on its JavaScript heap per turn. */
  allocatedBytesPerTurn: number;
  loopDelayMaxMs: number;
  rssBytes: number;
  /** Conversations whose running actor the bot kept at the level's end (ours only). */
  liveConversations?: number;
  redis: RedisPerTurn;
  /** The whole machine over the level (Linux): whether the host, not the bot, is the limit. */
  host?: HostFigures;
  /** Partner calls during the level, by operation. */
  partnerCalls: Record<string, number>;
  /**
   * Partner calls per completed booking, by operation: only for a level run to a number
   * of bookings (a level cut by time ends with bookings half made).
   */
  partnerCallsPerBooking?: Record<string, number>;
  steps: Record<string, StepFigures>;
  samples: Sample[];
}

/**
 * `conversations` customers book in a loop (a closed loop each: the next move once the
 * last is handled) until `seconds` have passed; moves in hand then finish. Each starts
 * with /start. Throughput = turns handled ÷ the time from the first move to the last
 * report.
 */
export async function runLoad(
  rig: Rig,
  options: { conversations: number; seconds: number; maxBookings?: number },
): Promise<LoadResult> {
  const samples: Sample[] = [];
  let bookings = 0;
  const callsBefore: Calls = await rig.sandbox.calls();
  const redisBefore = await redisFigures(rig.redis.admin);
  const processBefore = await rig.bot.stats(true);
  const hostBefore = readHost();
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const enough = () =>
    performance.now() >= deadline ||
    (options.maxBookings !== undefined && bookings >= options.maxBookings);

  // Started over the first second (or tenth of the run), not in lockstep.
  const spreadMs = Math.min(1000, (options.seconds * 1000) / 10);
  const customer = async (index: number) => {
    await new Promise((resolve) => setTimeout(resolve, (index * spreadMs) / options.conversations));
    const user = newUser();
    let round = 0;
    while (!enough()) {
      const plan: Plan = {
        product: rig.plans[(index + round) % rig.plans.length]!,
        day: index + round,
      };
      round += 1;
      samples.push(
        await play(rig.bot, { step: 'start', act: () => rig.fake.text(user, '/start') }),
      );
      const complete = await bookUntil(rig, user, plan, samples, enough);
      if (complete) bookings += 1;
    }
  };
  await Promise.all(Array.from({ length: options.conversations }, (_, index) => customer(index)));
  const seconds = (performance.now() - started) / 1000;
  const host = hostSince(hostBefore, samples.length);
  const process = await rig.bot.stats(true);
  const redis = await redisSince(rig.redis.admin, redisBefore);
  const calls = await rig.sandbox.callsSince(callsBefore);
  return {
    conversations: options.conversations,
    bookings,
    seconds,
    turnsPerSecond: samples.length / seconds,
    cpuMsPerTurn: process.cpuMs / samples.length,
    allocatedBytesPerTurn: process.allocatedBytes / samples.length,
    loopDelayMaxMs: process.loopDelayMaxMs,
    rssBytes: process.rssBytes,
    ...(process.liveConversations !== undefined
      ? { liveConversations: process.liveConversations }
      : {}),
    redis: redisPerTurn(redis, processBefore, process, samples.length),
    ...(host ? { host } : {}),
    partnerCalls: calls,
    ...(options.maxBookings !== undefined
      ? { partnerCallsPerBooking: perUnit(calls, bookings) }
      : {}),
    ...turnFigures(samples),
    steps: byStep(samples),
    samples,
  };
}

export interface ThroughputResult {
  instances: number;
  conversations: number;
  seconds: number;
  turns: number;
  turnsPerSecond: number;
  /** Bot processes' CPU (user + system) per turn, all instances together. */
  cpuMsPerTurn: number;
  /** Each instance's CPU time ÷ the run's wall time (1: one core busy throughout). */
  cpuBusy: number[];
  /** The whole machine over the run (Linux). */
  host?: HostFigures;
}

/**
 * Turns per second of several bot instances together (each a rig on the same Redis):
 * `conversations` customers book in a closed loop, as in runLoad, each on one instance
 * (customer i on rig i mod n, as a balancer keeping a chat on one instance would).
 * Throughput = turns handled by all ÷ the time from the first move to the last report.
 */
export async function runThroughput(
  rigs: Rig[],
  options: { conversations: number; seconds: number },
): Promise<ThroughputResult> {
  const samples: Sample[] = [];
  await Promise.all(rigs.map((rig) => rig.bot.stats(true)));
  const hostBefore = readHost();
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const enough = () => performance.now() >= deadline;
  const spreadMs = Math.min(1000, (options.seconds * 1000) / 10);
  const customer = async (index: number) => {
    const rig = rigs[index % rigs.length]!;
    await new Promise((resolve) => setTimeout(resolve, (index * spreadMs) / options.conversations));
    const user = newUser();
    for (let round = 0; !enough(); round += 1) {
      const plan: Plan = {
        product: rig.plans[(index + round) % rig.plans.length]!,
        day: index + round,
      };
      samples.push(
        await play(rig.bot, { step: 'start', act: () => rig.fake.text(user, '/start') }),
      );
      await bookUntil(rig, user, plan, samples, enough);
    }
  };
  await Promise.all(Array.from({ length: options.conversations }, (_, index) => customer(index)));
  const seconds = (performance.now() - started) / 1000;
  const host = hostSince(hostBefore, samples.length);
  const cpuMs = (await Promise.all(rigs.map((rig) => rig.bot.stats(true)))).map(
    (stats) => stats.cpuMs,
  );
  return {
    instances: rigs.length,
    conversations: options.conversations,
    seconds,
    turns: samples.length,
    turnsPerSecond: samples.length / seconds,
    cpuMsPerTurn: sum(cpuMs) / samples.length,
    cpuBusy: cpuMs.map((ms) => ms / (seconds * 1000)),
    ...(host ? { host } : {}),
  };
}

/** Books until done or until `stop()` says the time is up (then false). */
async function bookUntil(
  rig: Rig,
  user: FakeUser,
  plan: Plan,
  samples: Sample[],
  stop: () => boolean,
): Promise<boolean> {
  for (let moves = 0; moves < 60; moves += 1) {
    const move = nextMove(rig.fake, user, plan);
    if (move === 'done') return true;
    if (stop()) return false;
    samples.push(await play(rig.bot, move));
  }
  throw new Error(`the booking of ${plan.product} did not end in 60 moves`);
}

/** Bookings from /start, for warming up (JIT, catalog, connections); not counted. */
export async function warmUp(rig: Rig, bookings = 1): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let round = 0; round < bookings; round += 1) {
    const user = newUser();
    samples.push(await play(rig.bot, { step: 'start', act: () => rig.fake.text(user, '/start') }));
    await book(
      rig.fake,
      rig.bot,
      user,
      { product: rig.plans[round % rig.plans.length]!, day: round },
      (sample) => samples.push(sample),
    );
  }
  return samples;
}

export interface LengthResult {
  conversations: number;
  turns: number;
  /** Median bot-side time of turns 1-10 and of the last 10, across conversations. */
  firstTenP50: number;
  lastTenP50: number;
  /** The same for the engine alone (our bot) and for the Bot API waits. */
  engineFirstTenP50?: number;
  engineLastTenP50?: number;
  telegramFirstTenP50: number;
  telegramLastTenP50: number;
  /** Median bot-side time at turn k (1-based), across conversations. */
  atTurn: Record<string, number>;
  /** Bytes of the conversation's state in Redis after turn 10 and after the last. */
  stateBytesAtTen: number;
  stateBytesAtLast: number;
}

/**
 * Conversations of `turns` turns: /start, Book, the search, then the product and "Back"
 * to the results over and over (the same two views, so only the length changes).
 */
export async function runLength(
  rig: Rig,
  options: { conversations: number; turns: number },
): Promise<LengthResult> {
  const perTurn: Sample[][] = Array.from({ length: options.turns }, () => []);
  const stateAtTen: number[] = [];
  const stateAtLast: number[] = [];
  for (let round = 0; round < options.conversations; round += 1) {
    const user = newUser();
    const product = rig.plans[round % rig.plans.length]!;
    const exact = productButton(product);
    for (let turn = 0; turn < options.turns; turn += 1) {
      let move;
      if (turn === 0) move = { step: 'start', act: () => rig.fake.text(user, '/start') };
      else if (turn === 1)
        move = { step: 'book', act: () => rig.fake.tapButton(user, 'Book tickets') };
      else if (turn === 2) move = { step: 'search', act: () => rig.fake.text(user, product) };
      else if (turn % 2 === 1)
        move = { step: 'product', act: () => rig.fake.tapButton(user, exact) };
      else move = { step: 'back', act: () => rig.fake.tapButton(user, /Back/) };
      const sample = await play(rig.bot, move);
      perTurn[turn]!.push(sample);
      if (turn === 9) stateAtTen.push(await stateBytes(rig, user.id));
    }
    stateAtLast.push(await stateBytes(rig, user.id));
  }
  const last = options.turns;
  const bot = (sample: Sample) => sample.ms - sample.partnerMs;
  const engine = (sample: Sample) => sample.engineMs - sample.partnerMs;
  const first = perTurn.slice(0, Math.min(10, last)).flat();
  const lastTen = perTurn.slice(Math.max(0, last - 10), last).flat();
  const atTurn: Record<string, number> = {};
  for (const k of [1, 2, 10, Math.round(last / 2), last]) {
    if (k >= 1 && k <= last) atTurn[String(k)] = median(perTurn[k - 1]!.map(bot));
  }
  return {
    conversations: options.conversations,
    turns: options.turns,
    firstTenP50: median(first.map(bot)),
    lastTenP50: median(lastTen.map(bot)),
    ...(rig.kind === 'ours'
      ? {
          engineFirstTenP50: median(first.map(engine)),
          engineLastTenP50: median(lastTen.map(engine)),
        }
      : {}),
    telegramFirstTenP50: median(first.map((sample) => sample.telegramMs)),
    telegramLastTenP50: median(lastTen.map((sample) => sample.telegramMs)),
    atTurn,
    stateBytesAtTen: median(stateAtTen),
    stateBytesAtLast: median(stateAtLast),
  };
}

/** The serialized size of a chat's conversation state in Redis (the value's bytes). */
async function stateBytes(rig: Rig, chatId: number): Promise<number> {
  const key = rig.stateKey(chatId);
  const type = await rig.redis.admin.type(key);
  if (type === 'hash') return Number(await rig.redis.admin.hstrlen(key, 'json'));
  if (type === 'string') return Number(await rig.redis.admin.strlen(key));
  return 0;
}

export interface IdleResult {
  conversations: number;
  /** Per idle conversation (parked at a product card after 4 turns): new keys, and the sum
   * of their MEMORY USAGE (used_memory moves with the allocator; this does not). */
  keys: number;
  memoryBytes: number;
  /** Sum of MEMORY USAGE over the keys left, by key family. */
  families: Record<string, { keys: number; bytes: number }>;
  /** Redis commands per second while every conversation idles (the whole process). */
  idleCommandsPerSecond: number;
  /** Which: the commands the bot process sent then, per second. */
  idleCommandsSent: Record<string, number>;
  idleSeconds: number;
}

/** Turns a key into its family: ids and numbers become `*`. */
export function keyFamily(key: string): string {
  return key
    .replace(/\d{4}-\d{2}-\d{2}/g, '*')
    .replace(/[A-Za-z0-9_-]{10,}/g, '*')
    .replace(/\d+/g, '*');
}

/**
 * `conversations` customers each get to a product card (4 turns) and stop. What they
 * leave in Redis is measured, then `seconds` of silence: any command then is the
 * process's own background work, not per conversation.
 */
export async function runIdle(
  rig: Rig,
  options: { conversations: number; seconds: number },
): Promise<IdleResult> {
  const existing = new Set(await scanKeys(rig));
  await Promise.all(
    Array.from({ length: options.conversations }, async (_, index) => {
      const user = newUser();
      const product = rig.plans[index % rig.plans.length]!;
      const exact = productButton(product);
      await play(rig.bot, { step: 'start', act: () => rig.fake.text(user, '/start') });
      await play(rig.bot, { step: 'book', act: () => rig.fake.tapButton(user, 'Book tickets') });
      await play(rig.bot, { step: 'search', act: () => rig.fake.text(user, product) });
      await play(rig.bot, { step: 'product', act: () => rig.fake.tapButton(user, exact) });
    }),
  );
  const families: Record<string, { keys: number; bytes: number }> = {};
  for (const key of await scanKeys(rig)) {
    if (existing.has(key)) continue;
    const family = keyFamily(key);
    const bytes = Number((await rig.redis.admin.memory('USAGE', key)) ?? 0);
    const entry = (families[family] ??= { keys: 0, bytes: 0 });
    entry.keys += 1 / options.conversations;
    entry.bytes += bytes / options.conversations;
  }
  const quiet = await redisFigures(rig.redis.admin);
  const sentBefore = (await rig.bot.stats(false)).redisSent;
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  const idle = await redisSince(rig.redis.admin, quiet);
  const sentAfter = (await rig.bot.stats(false)).redisSent;
  const idleCommandsSent: Record<string, number> = {};
  for (const [name, count] of Object.entries(sentAfter)) {
    const delta = count - (sentBefore[name] ?? 0);
    if (delta > 0 && options.seconds > 0) idleCommandsSent[name] = delta / options.seconds;
  }
  return {
    conversations: options.conversations,
    keys: sum(Object.values(families).map((family) => family.keys)),
    memoryBytes: sum(Object.values(families).map((family) => family.bytes)),
    families,
    idleCommandsPerSecond: options.seconds > 0 ? idle.totalCommands / options.seconds : 0,
    idleCommandsSent,
    idleSeconds: options.seconds,
  };
}

async function scanKeys(rig: Rig): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await rig.redis.admin.scan(cursor, 'COUNT', 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  return keys;
}

export interface StartResult {
  products: number;
  /** fork() → the channel receiving updates, as the bench saw it. */
  readyMs: number;
  /** Inside the process: code loaded, app built, channel ready (from process start). */
  loadMs: number;
  appMs: number;
  /** The first customer's first turn (/start): our bot loads the catalog then. */
  firstTurn: { botMs: number; partnerMs: number };
  /** Their second (Book tickets): the first list of what is on sale. */
  firstBrowse: { botMs: number; partnerMs: number };
  /** The baseline loads the catalog before it is ready. */
  catalogAtStartMs?: number;
  rssReadyBytes: number;
  rssLoadedBytes: number;
  heapLoadedBytes: number;
}

/** Start-up figures of a fresh rig: ready, then the first customer's first two turns. */
export async function measureStart(rig: Rig): Promise<StartResult> {
  const user = newUser();
  const first = await play(rig.bot, { step: 'start', act: () => rig.fake.text(user, '/start') });
  const browse = await play(rig.bot, {
    step: 'book',
    act: () => rig.fake.tapButton(user, 'Book tickets'),
  });
  const loaded: ProcessStats = await rig.bot.stats(false);
  return {
    products: rig.products,
    readyMs: rig.bot.startedMs,
    loadMs: rig.bot.timings.loadMs,
    appMs: rig.bot.timings.appMs,
    firstTurn: { botMs: first.ms - first.partnerMs, partnerMs: first.partnerMs },
    firstBrowse: { botMs: browse.ms - browse.partnerMs, partnerMs: browse.partnerMs },
    ...(rig.bot.timings.catalogMs !== undefined
      ? { catalogAtStartMs: rig.bot.timings.catalogMs }
      : {}),
    rssReadyBytes: rig.bot.readyStats.rssBytes,
    rssLoadedBytes: loaded.rssBytes,
    heapLoadedBytes: loaded.heapUsedBytes,
  };
}

/**
 * The first list of what is on sale in a new minute: our bot works out what may be
 * offered once per catalog and minute (sale windows and cut-offs move with the clock).
 * Waits for the next minute to begin, then a new customer taps "Book tickets".
 */
export async function measureNewMinute(rig: Rig): Promise<NewMinuteFigures> {
  const user = newUser();
  await play(rig.bot, { step: 'start', act: () => rig.fake.text(user, '/start') });
  await rig.bot.stats(true);
  const now = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 60_000 - (now % 60_000) + 500));
  // The loop's figures from here: the turn's, apart from the minute's wait (an idle bot's
  // pauses are mostly the machine's other work: 35-90 ms on the shared 2 cores), which is
  // kept beside it, not judged, since a turn arriving then would wait as well.
  const idle = await rig.bot.stats(true);
  const sample = await play(rig.bot, {
    step: 'book',
    act: () => rig.fake.tapButton(user, 'Book tickets'),
  });
  // A stall is recorded by the monitor's next tick (every 10 ms): a few ticks first.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const stats = await rig.bot.stats(true);
  return {
    botMs: sample.ms - sample.partnerMs,
    loopDelayMaxMs: stats.loopDelayMaxMs,
    idleLoopDelayMaxMs: idle.loopDelayMaxMs,
  };
}

export interface NewMinuteFigures {
  /** The first list of what is on sale in a new minute, bot-side. */
  botMs: number;
  /** The event loop's longest delay during that turn (and a few ticks after). */
  loopDelayMaxMs: number;
  /** The same over the idle minute waited before it (the bot doing nothing of its own). */
  idleLoopDelayMaxMs: number;
}

export const totalTurns = (results: readonly { turns: number }[]) =>
  sum(results.map((result) => result.turns));
