/**
 * The bench's sizes, from the environment (defaults: the full run, a few minutes on 2
 * cores). BENCH_QUICK=1 gives a run of well under a minute, for trying changes.
 *
 *   BENCH_CONCURRENCY   conversations at once, per load level      1,100,1000
 *   BENCH_WARM_UP       bookings each bot makes before it counts    90
 *   BENCH_BOOKINGS      bookings of the 1-conversation level        30
 *   BENCH_SECONDS       length of each level above 1 conversation   20
 *   BENCH_LONG_TURNS    turns of a long conversation                100
 *   BENCH_LONG_CONVERSATIONS  long conversations (medians across)  3
 *   BENCH_IDLE_CONVERSATIONS  conversations left idle               200
 *   BENCH_IDLE_SECONDS  silence watched after them                  5
 *   BENCH_CATALOG       products of the catalog of every level      50
 *   BENCH_BIG_CATALOG   products of the large catalog (0: skip)     50000
 *   BENCH_BIG_BOOKINGS  bookings made with the large catalog        3
 *   BENCH_NEW_MINUTE    1: wait for a new minute and time the list  1
 *                       of what is on sale with the large catalog
 *   BENCH_BASELINE      0: skip the grammY conversations baseline   1
 *   BENCH_CLUSTER       conversations of the level on a 3-master    1000
 *                       Redis Cluster, one then two instances (0: skip)
 *   BENCH_RESULTS       where the JSON goes                         bench/results.json
 *   BENCH_WAITING       conversations of the waiting level, with a  5
 *                       realistic partner (0: skip)
 *   BENCH_WAITING_BOOKINGS  one-ticket bookings each of them makes  4
 *   BENCH_THINK_MS      how long its customers read each view       1500
 *   BENCH_LATENCY       the partner's latency there (SANDBOX_LATENCY) realistic
 *   BENCH_ONLY          big: only the large catalog's part (start,  (all)
 *                       bookings, new minute), for catalog work;
 *                       waiting: only the waiting level
 *   BENCH_CALLERS       a file: each round trip of an update by caller  (unset)
 *   LIVE_CONVERSATIONS  the bot's live actors (0: restore every turn) (the default)
 *   BENCH_HEAP_PROF     a file: our bot's sampling heap profile, objects  (unset)
 *                       collected included (BENCH_HEAP_PROF_INTERVAL bytes a sample)
 */
import { fileURLToPath } from 'node:url';

export interface BenchConfig {
  concurrency: number[];
  /** Bookings at 1 conversation before anything counts: until V8 has compiled the hot code. */
  warmUp: number;
  bookings: number;
  seconds: number;
  longTurns: number;
  longConversations: number;
  idleConversations: number;
  idleSeconds: number;
  catalog: number;
  bigCatalog: number;
  bigBookings: number;
  newMinute: boolean;
  baseline: boolean;
  /** Conversations of the Redis Cluster level (0: not run); each run lasts `seconds`. */
  cluster: number;
  results: string;
  /** The waiting level: a realistic partner, customers who read (0 conversations: skip). */
  waiting: { conversations: number; bookings: number; thinkMs: number; latency: string };
  /** 'big': the large catalog's part alone; 'waiting': the waiting level alone. */
  only?: 'big' | 'waiting';
}

const FULL: BenchConfig = {
  concurrency: [1, 100, 1000],
  warmUp: 90,
  bookings: 30,
  seconds: 20,
  longTurns: 100,
  longConversations: 3,
  idleConversations: 200,
  idleSeconds: 5,
  catalog: 50,
  bigCatalog: 50_000,
  bigBookings: 3,
  newMinute: true,
  baseline: true,
  cluster: 1000,
  waiting: { conversations: 5, bookings: 4, thinkMs: 1500, latency: 'realistic' },
  results: fileURLToPath(new URL('./results.json', import.meta.url)),
};

const QUICK: Partial<BenchConfig> = {
  concurrency: [1, 10],
  warmUp: 5,
  bookings: 2,
  seconds: 3,
  longTurns: 20,
  longConversations: 1,
  idleConversations: 10,
  idleSeconds: 1,
  bigCatalog: 2000,
  bigBookings: 1,
  newMinute: false,
  waiting: { conversations: 2, bookings: 1, thinkMs: 1000, latency: 'realistic' },
};

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    throw new Error(`${name}: a whole number ≥ 0, not ${JSON.stringify(value)}`);
  }
  return number;
}

export function benchConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const base = { ...FULL, ...(env.BENCH_QUICK === '1' ? QUICK : {}) };
  const concurrency = env.BENCH_CONCURRENCY
    ? env.BENCH_CONCURRENCY.split(',').map((item) => count('BENCH_CONCURRENCY', item, 1))
    : base.concurrency;
  if (concurrency.some((level) => level < 1)) {
    throw new Error('BENCH_CONCURRENCY: levels of 1 conversation or more');
  }
  const bigCatalog = count('BENCH_BIG_CATALOG', env.BENCH_BIG_CATALOG, base.bigCatalog);
  if (bigCatalog > 0 && bigCatalog < 50) {
    throw new Error('BENCH_BIG_CATALOG: 0 (skip) or 50 products or more');
  }
  const only = env.BENCH_ONLY?.trim() || undefined;
  if (only !== undefined && only !== 'big' && only !== 'waiting') {
    throw new Error(`BENCH_ONLY: big, waiting (or unset), not ${JSON.stringify(only)}`);
  }
  if (only === 'big' && bigCatalog === 0) {
    throw new Error('BENCH_ONLY=big needs a large catalog (BENCH_BIG_CATALOG > 0)');
  }
  return {
    concurrency,
    warmUp: Math.max(1, count('BENCH_WARM_UP', env.BENCH_WARM_UP, base.warmUp)),
    bookings: Math.max(1, count('BENCH_BOOKINGS', env.BENCH_BOOKINGS, base.bookings)),
    seconds: Math.max(1, count('BENCH_SECONDS', env.BENCH_SECONDS, base.seconds)),
    longTurns: Math.max(12, count('BENCH_LONG_TURNS', env.BENCH_LONG_TURNS, base.longTurns)),
    longConversations: Math.max(
      1,
      count('BENCH_LONG_CONVERSATIONS', env.BENCH_LONG_CONVERSATIONS, base.longConversations),
    ),
    idleConversations: Math.max(
      1,
      count('BENCH_IDLE_CONVERSATIONS', env.BENCH_IDLE_CONVERSATIONS, base.idleConversations),
    ),
    idleSeconds: count('BENCH_IDLE_SECONDS', env.BENCH_IDLE_SECONDS, base.idleSeconds),
    catalog: Math.max(50, count('BENCH_CATALOG', env.BENCH_CATALOG, base.catalog)),
    bigCatalog,
    bigBookings: Math.max(1, count('BENCH_BIG_BOOKINGS', env.BENCH_BIG_BOOKINGS, base.bigBookings)),
    newMinute: env.BENCH_NEW_MINUTE ? env.BENCH_NEW_MINUTE === '1' : base.newMinute,
    baseline: env.BENCH_BASELINE !== '0',
    cluster: count('BENCH_CLUSTER', env.BENCH_CLUSTER, base.cluster),
    results: env.BENCH_RESULTS ?? base.results,
    waiting: {
      conversations: count('BENCH_WAITING', env.BENCH_WAITING, base.waiting.conversations),
      bookings: Math.max(
        1,
        count('BENCH_WAITING_BOOKINGS', env.BENCH_WAITING_BOOKINGS, base.waiting.bookings),
      ),
      thinkMs: count('BENCH_THINK_MS', env.BENCH_THINK_MS, base.waiting.thinkMs),
      latency: env.BENCH_LATENCY?.trim() || base.waiting.latency,
    },
    ...(only === 'big' || only === 'waiting' ? { only } : {}),
  };
}
