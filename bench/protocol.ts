/** What the bench and its bot processes tell each other over IPC. */

/** One Telegram update, as the bot handled it (times in ms). */
export interface TurnRecord {
  updateId: number;
  /** From handleUpdate's start to its end: middleware, engine, Redis, Bot API calls. */
  ms: number;
  /** Waiting on the partner service (union of intervals). */
  partnerMs: number;
  partnerCalls: number;
  /** Waiting on the (fake) Bot API. */
  telegramMs: number;
  telegramCalls: number;
  /** Waiting on the Bot API while the engine was not running (the update's path). */
  telegramBesideEngineMs?: number;
  /** Those calls in the order they began (our bot and the baseline alike). */
  telegram?: TelegramCall[];
  /** Inside engine.handle (our bot only; 0 for the baseline). */
  engineMs: number;
  /** Commands sent to Redis while handling it (a pipeline's each counted). */
  redisCommands: number;
  /** Request/response exchanges with Redis while handling it (a pipeline or script: one). */
  redisRoundTrips: number;
  /**
   * What the customer waited: from the update's start to the end of the last message the
   * update sent or edited (the whole update when it sent none).
   */
  waitMs?: number;
  /**
   * The partner calls on that path: the chat's calls that ended after the update began
   * and before its last message began (one started earlier, and waited for, included:
   * `at` below 0), in the order they began.
   */
  pathCalls?: PartnerCall[];
  /** From the update's start to the end of its first message sent or edited (its answer). */
  answerMs?: number;
  /** The longest of the path's calls that ended before that first message began (0: none). */
  answerSlowestCallMs?: number;
}

/** One partner call: its operation (path), when it began and how long it took (ms). */
export interface PartnerCall {
  operation: string;
  /** From the update's start (below 0: began before it). */
  at: number;
  ms: number;
}

/** One Bot API call of an update: its method, when it began and how long it took (ms). */
export interface TelegramCall {
  method: string;
  /** From the update's start. */
  at: number;
  ms: number;
}

export interface ProcessStats {
  rssBytes: number;
  heapUsedBytes: number;
  /** Bytes allocated on the JavaScript heap since the last reset. */
  allocatedBytes: number;
  /** CPU time (user + system) since the last reset. */
  cpuMs: number;
  wallMs: number;
  loopDelayMaxMs: number;
  loopDelayP99Ms: number;
  /** Partner wait outside any update (a catalog refresh). */
  partnerOutsideMs: number;
  /** Partner calls by request path since the start. */
  partnerPaths: Record<string, number>;
  /** Commands sent to Redis by name since the start (every connection of the process). */
  redisSent: Record<string, number>;
  /** Round trips to Redis by the command they carried (`pipeline`: several) since the start. */
  redisTrips: Record<string, number>;
  /** Conversations whose running actor the bot keeps between turns (ours only). */
  liveConversations?: number;
}

export interface ReadyTimings {
  /** Process start (module load) → the app built (store, scheduler, client). */
  appMs: number;
  /** Process start → the Telegram channel receiving updates. */
  readyMs: number;
  /** Process start → this module running (Node + tsx start, imports). */
  loadMs: number;
  /** The catalog loaded at start (baseline only; our bot loads it on first use). */
  catalogMs?: number;
}

export type BotReport =
  | { type: 'ready'; timings: ReadyTimings; stats: ProcessStats }
  | { type: 'turn'; turn: TurnRecord }
  | { type: 'stats'; id: number; stats: ProcessStats }
  | { type: 'stopped' };

export type BotRequest = { type: 'stats'; id: number; reset: boolean } | { type: 'stop' };

/** How a bot process is started (argv[2], JSON). */
export interface BotOptions {
  partnerUrl: string;
  redisUrl: string;
  /** A Redis Cluster's nodes instead of `redisUrl` (our bot only). */
  redisCluster?: string[];
  telegramToken: string;
  telegramApiRoot: string;
}
