/**
 * The results as Markdown tables (readable on a terminal, pasteable in the README):
 * our bot against the baseline on the small catalog, then the small catalog against
 * the large one, then what a booking costs in partner calls and Redis.
 */
import type { HostFigures } from './host.js';
import type { LoadFigures, BenchResults, BotResults } from './suite.js';
import { targets } from './summary.js';
import type { WaitingResult } from './waiting.js';

const number = (value: number | undefined, digits?: number): string => {
  if (value === undefined || !Number.isFinite(value)) return '—';
  const places = digits ?? (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
  return value.toLocaleString('en-US', {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  });
};

const bytes = (value: number | undefined): string => {
  if (value === undefined || !Number.isFinite(value)) return '—';
  if (Math.abs(value) >= 2 ** 20) return `${number(value / 2 ** 20, 0)} MB`;
  if (Math.abs(value) >= 10_000) return `${number(value / 1024, 0)} KB`;
  if (Math.abs(value) >= 1024) return `${number(value / 1024, 1)} KB`;
  return `${number(value, 0)} B`;
};

const seconds = (ms: number | undefined) =>
  ms === undefined ? '—' : ms >= 1000 ? `${number(ms / 1000, 1)} s` : `${number(ms, 0)} ms`;

const ratio = (baseline: number | undefined, ours: number | undefined): string =>
  baseline === undefined || ours === undefined || !(ours > 0)
    ? '—'
    : `${number(baseline / ours, 1)}×`;

const plural = (count: number) =>
  `${count.toLocaleString('en-US')} conversation${count === 1 ? '' : 's'}`;

function table(head: string[], rows: string[][]): string[] {
  const align = head.map((_, index) => (index === 0 ? ':--' : '--:'));
  return [head, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`);
}

/** Results of a whole run (not BENCH_ONLY=big): the small catalog's figures are there. */
type WholeResults = BenchResults & { ours: BotResults };

const level = (results: BotResults | undefined, conversations: number) =>
  results?.levels.find((item) => item.conversations === conversations);

/** The machine's cores busy over a level, and what of it the bench process itself took. */
const hostCell = (host: HostFigures | undefined) =>
  host
    ? `${number(host.busy * 100, 0)} % of ${host.cores} (${number(host.benchCpuMsPerTurn)})`
    : '—';

function comparisonRows(results: WholeResults): string[][] {
  const { ours, baseline } = results;
  const rows: string[][] = [];
  const warm = (bot: BotResults) =>
    `${number(bot.warmUp.bookings, 0)} (${number(bot.warmUp.turns, 0)} turns), ${number(bot.warmUp.botP50)}`;
  rows.push([
    'Warm-up, not counted: bookings (turns), bot-side ms per turn p50',
    warm(ours),
    baseline ? warm(baseline) : '—',
    '',
  ]);
  for (const conversations of results.config.concurrency) {
    const a = level(ours, conversations)!;
    const b = level(baseline, conversations);
    rows.push([
      `${plural(conversations)}: bot-side ms per turn, p50 / p99`,
      `${number(a.botP50)} / ${number(a.botP99)}`,
      b ? `${number(b.botP50)} / ${number(b.botP99)}` : '—',
      ratio(b?.botP50, a.botP50),
    ]);
    rows.push([
      `${plural(conversations)}: turns per second (CPU ms per turn)`,
      `${number(a.turnsPerSecond, 0)} (${number(a.cpuMsPerTurn)})`,
      b ? `${number(b.turnsPerSecond, 0)} (${number(b.cpuMsPerTurn)})` : '—',
      ratio(b?.turnsPerSecond, a.turnsPerSecond),
    ]);
    if (a.host || b?.host) {
      rows.push([
        `${plural(conversations)}: host cores busy (the bench's own CPU ms per turn)`,
        hostCell(a.host),
        hostCell(b?.host),
        '',
      ]);
    }
    rows.push([
      `${plural(conversations)}: live actors kept (LIVE_CONVERSATIONS), RSS`,
      `${a.liveConversations ?? '—'}, ${number(a.rssBytes / 2 ** 20, 0)} MB`,
      b ? `—, ${number(b.rssBytes / 2 ** 20, 0)} MB` : '—',
      '',
    ]);
  }
  const turns = ours.length.turns;
  rows.push([
    `Turns 1–10 → turns ${turns - 9}–${turns}, bot-side ms p50`,
    `${number(ours.length.firstTenP50)} → ${number(ours.length.lastTenP50)}`,
    baseline
      ? `${number(baseline.length.firstTenP50)} → ${number(baseline.length.lastTenP50)}`
      : '—',
    ratio(baseline?.length.lastTenP50, ours.length.lastTenP50),
  ]);
  rows.push([
    `Conversation state in Redis at turn 10 → ${turns}`,
    `${bytes(ours.length.stateBytesAtTen)} → ${bytes(ours.length.stateBytesAtLast)}`,
    baseline
      ? `${bytes(baseline.length.stateBytesAtTen)} → ${bytes(baseline.length.stateBytesAtLast)}`
      : '—',
    ratio(baseline?.length.stateBytesAtLast, ours.length.stateBytesAtLast),
  ]);
  const a = level(ours, 1) ?? ours.levels[0]!;
  const b = level(baseline, 1) ?? baseline?.levels[0];
  rows.push([
    'Redis per turn: commands sent (run in the server), bytes in / out',
    redisCell(a),
    b ? redisCell(b) : '—',
    ratio(b ? b.redis.bytesIn + b.redis.bytesOut : undefined, a.redis.bytesIn + a.redis.bytesOut),
  ]);
  rows.push([
    'Redis round trips per turn (what they carried, per turn)',
    tripsCell(a),
    b ? tripsCell(b) : '—',
    ratio(b?.redis.roundTrips, a.redis.roundTrips),
  ]);
  rows.push([
    'Redis per idle conversation: keys, memory (idle commands/s, whole process)',
    idleCell(ours),
    baseline ? idleCell(baseline) : '—',
    ratio(baseline?.idle.memoryBytes, ours.idle.memoryBytes),
  ]);
  rows.push([
    'Start → receiving updates; RSS then',
    `${seconds(ours.start.readyMs)}; ${bytes(ours.start.rssReadyBytes)}`,
    baseline ? `${seconds(baseline.start.readyMs)}; ${bytes(baseline.start.rssReadyBytes)}` : '—',
    '',
  ]);
  return rows;
}

const redisCell = (figures: LoadFigures) =>
  `${number(figures.redis.sent, 1)} (${number(figures.redis.executed, 1)}), ${bytes(figures.redis.bytesIn)} / ${bytes(figures.redis.bytesOut)}`;

const tripsCell = (figures: LoadFigures) =>
  `${number(figures.redis.roundTrips, 1)} (${Object.entries(figures.redis.trips)
    .map(([name, count]) => `${name} ${number(count, 1)}`)
    .join(', ')})`;

const idleCell = (results: BotResults) =>
  `${number(results.idle.keys, 1)}, ${bytes(results.idle.memoryBytes)} (${number(results.idle.idleCommandsPerSecond, 1)})`;

function catalogRows(results: WholeResults): string[][] {
  const small = results.ours;
  const big = results.big!;
  const a = level(small, 1) ?? small.levels[0]!;
  const b = big.load;
  const step = (figures: LoadFigures, name: string) => figures.steps[name]?.botP50;
  return [
    [
      'Bot-side ms per turn, 1 conversation, p50 / p99 (max)',
      `${number(a.botP50)} / ${number(a.botP99)}`,
      `${number(b.botP50)} / ${number(b.botP99)} (${seconds(big.maxTurnMs)})`,
    ],
    ['CPU ms per turn', number(a.cpuMsPerTurn), number(b.cpuMsPerTurn)],
    [
      'Longest event-loop stall during those turns (every conversation waits)',
      seconds(a.loopDelayMaxMs),
      seconds(b.loopDelayMaxMs),
    ],
    [
      'Search by name / product card / date, bot-side ms p50',
      `${number(step(a, 'search'))} / ${number(step(a, 'product'))} / ${number(step(a, 'date'))}`,
      `${number(step(b, 'search'))} / ${number(step(b, 'product'))} / ${number(step(b, 'date'))}`,
    ],
    ['Start → receiving updates', seconds(small.start.readyMs), seconds(big.start.readyMs)],
    [
      'First turn (loads the catalog): bot-side + Catalog call',
      `${seconds(small.start.firstTurn.botMs)} + ${seconds(small.start.firstTurn.partnerMs)}`,
      `${seconds(big.start.firstTurn.botMs)} + ${seconds(big.start.firstTurn.partnerMs)}`,
    ],
    [
      'First list of what is on sale (Book tickets)',
      seconds(small.start.firstBrowse.botMs),
      seconds(big.start.firstBrowse.botMs),
    ],
    ...(big.newMinute
      ? [
          [
            'The same list, first in a new minute (worked out again; loop stalled; idle minute before it)',
            '—',
            `${seconds(big.newMinute.botMs)} (${seconds(big.newMinute.loopDelayMaxMs)}; ${seconds(big.newMinute.idleLoopDelayMaxMs)})`,
          ],
        ]
      : []),
    [
      'RSS at start → with the catalog loaded (heap used)',
      `${bytes(small.start.rssReadyBytes)} → ${bytes(small.start.rssLoadedBytes)} (${bytes(small.start.heapLoadedBytes)})`,
      `${bytes(big.start.rssReadyBytes)} → ${bytes(big.start.rssLoadedBytes)} (${bytes(big.start.heapLoadedBytes)})`,
    ],
  ];
}

function header(results: BenchResults): string[] {
  const { machine } = results;
  return [
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.platform}; load average at start ${machine.loadAverage.join(' / ')}.`,
    `Loopback: real redis-server, the sandbox (no added latency but in the waiting level) and the fake Bot API, each outside the bot's process; long polling. Bot-side = the update's handling minus the time waiting on the partner service. Run took ${number(results.durationSeconds, 0)} s.`,
    '',
  ];
}

/** BENCH_ONLY=big: the large catalog's figures alone (the summary's bigCatalog). */
function bigOnlyReport(results: BenchResults): string {
  const big = results.big!;
  const b = big.load;
  const s = results.summary.bigCatalog;
  const rows = [
    ['Longest event-loop stall (bookings, new minute)', seconds(s.maxStallMs ?? undefined)],
    ['RSS with the catalog loaded', bytes(big.start.rssLoadedBytes)],
    [
      'First turn: bot-side + Catalog call',
      `${seconds(big.start.firstTurn.botMs)} + ${seconds(big.start.firstTurn.partnerMs)}`,
    ],
    ['Start → receiving updates', seconds(big.start.readyMs)],
    ['First list of what is on sale (Book tickets)', seconds(big.start.firstBrowse.botMs)],
    [
      'Search by name / product card / date, bot-side ms p50',
      `${number(b.steps.search?.botP50)} / ${number(b.steps.product?.botP50)} / ${number(b.steps.date?.botP50)}`,
    ],
    [
      'Bot-side ms per turn, p50 / p99 (max)',
      `${number(b.botP50)} / ${number(b.botP99)} (${seconds(big.maxTurnMs)})`,
    ],
    [
      'Longest turns by step (where stalls come from)',
      Object.entries(b.steps)
        .sort(([, x], [, y]) => y.botMax - x.botMax)
        .slice(0, 3)
        .map(([step, figures]) => `${step} ${seconds(figures.botMax)}`)
        .join(', '),
    ],
    ...(big.newMinute
      ? [
          [
            'First list in a new minute (loop stalled; idle minute before it)',
            `${seconds(big.newMinute.botMs)} (${seconds(big.newMinute.loopDelayMaxMs)}; ${seconds(big.newMinute.idleLoopDelayMaxMs)})`,
          ],
        ]
      : []),
  ];
  return [
    ...header(results),
    ...table(['Our bot', `${big.products.toLocaleString('en-US')} products`], rows),
  ].join('\n');
}

const STEP_HEAD = [
  'Our bot by step, 1 conversation',
  'Turns',
  'Bot-side ms p50',
  'Bot API wait p50: beside the engine (all)',
  "Bot API calls (the most frequent; '‖': beside the one before)",
];

/** Each step's figures, where a turn's Bot API calls are and what of them it waits on. */
function stepRows(figures: LoadFigures): string[][] {
  return Object.entries(figures.steps).map(([step, row]) => [
    step,
    number(row.turns, 0),
    number(row.botP50),
    `${number(row.telegramBesideEngineP50)} (${number(row.telegramP50)})`,
    row.calls,
  ]);
}

/** What the customer waits for, by step and for the whole booking (waiting.ts). */
function waitingReport(waiting: WaitingResult): string[] {
  const rows = Object.entries(waiting.steps).map(([step, row]) => [
    step,
    number(row.turns, 0),
    `${seconds(row.waitP50)} / ${seconds(row.waitP95)}`,
    number(row.callsP50, 0),
    row.calls,
    seconds(row.slowestCallP95),
    seconds(row.overSlowestCallP95),
    `${seconds(row.answerP50)} / ${seconds(row.answerP95)} (${seconds(row.answerOverSlowestCallP95)})`,
  ]);
  return [
    `What the customer waits for: the partner's latency ${waiting.latency}, ${number(waiting.conversations, 0)} conversations × ${number(waiting.bookings / waiting.conversations, 0)} one-ticket bookings, each view read for ${seconds(waiting.thinkMs)}. The wait: update received → its last message sent or edited; the first message: its answer.`,
    '',
    ...table(
      [
        'Step',
        'Turns',
        'Wait p50 / p95',
        'Partner calls on the path',
        "The most frequent ('→': after the one before; '‖': beside it)",
        'Slowest call p95',
        "Wait over the turn's slowest call, p95",
        'First message p50 / p95 (over its slowest call, p95)',
      ],
      rows,
    ),
    '',
    `Whole booking: waits added up p50 ${seconds(waiting.bookingP50Ms)}, p95 ${seconds(waiting.bookingP95Ms)}; turns waiting for no partner call ${number(waiting.turnsWithoutPartnerCallShare * 100, 0)} %; the worst step's p95 over its slowest call ${seconds(waiting.stepP95OverSlowestCallMs)} (${waiting.worstStep}), to its first message ${seconds(waiting.answerStepP95OverSlowestCallMs)} (${waiting.worstAnswerStep}).`,
  ];
}

/** The targets beside the figures; a retired one's figure is printed, not judged. */
function targetRows(results: BenchResults): string[][] {
  return targets(results.summary).map((target) => [
    target.name,
    target.goal,
    number(target.figure ?? undefined),
    target.met === null
      ? 'not measured'
      : target.retired
        ? `retired (${target.met ? 'met' : 'not met'})`
        : target.met
          ? 'yes'
          : 'no',
  ]);
}

export function renderReport(all: BenchResults): string {
  if (!all.ours) {
    const parts = [...(all.big ? [bigOnlyReport(all)] : header(all))];
    if (all.waiting) parts.push('', ...waitingReport(all.waiting));
    parts.push('', ...table(['Target', 'Goal', 'Measured', 'Met'], targetRows(all)));
    return parts.join('\n');
  }
  const results = all as WholeResults;
  const lines: string[] = header(results);
  lines.push(
    ...table(
      [
        `Catalog of ${results.config.catalog} products`,
        'Ours',
        'Baseline (grammY conversations)',
        'Baseline ÷ ours',
      ],
      comparisonRows(results),
    ),
  );
  if (results.big) {
    lines.push('');
    lines.push(
      ...table(
        [
          'Our bot, by catalog size',
          `${results.config.catalog.toLocaleString('en-US')} products`,
          `${results.big.products.toLocaleString('en-US')} products`,
        ],
        catalogRows(results),
      ),
    );
  }
  lines.push('');
  lines.push(...table(STEP_HEAD, stepRows(level(results.ours, 1) ?? results.ours.levels[0]!)));
  if (results.waiting) {
    lines.push('');
    lines.push(...waitingReport(results.waiting));
  }
  lines.push('');
  lines.push(...table(['Target', 'Goal', 'Measured', 'Met'], targetRows(results)));
  if (results.cluster) {
    const { masters, one, two } = results.cluster;
    const busy = (shares: number[]) =>
      shares.map((share) => `${number(share * 100, 0)} %`).join(' and ');
    lines.push('');
    lines.push(
      `On a ${masters}-master Redis Cluster, ${number(one.conversations, 0)} conversations: one instance ${number(one.turnsPerSecond, 1)} turns per second (CPU ms per turn ${number(one.cpuMsPerTurn, 2)}, CPU busy ${busy(one.cpuBusy)}), two ${number(two.turnsPerSecond, 1)} (${number(two.cpuMsPerTurn, 2)}, ${busy(two.cpuBusy)}): ×${number(two.turnsPerSecond / one.turnsPerSecond, 2)}; host cores busy ${hostCell(one.host)} and ${hostCell(two.host)} (the bench's own CPU ms per turn in brackets).`,
    );
  }
  const single = level(results.ours, 1) ?? results.ours.levels[0]!;
  const calls = Object.entries(single.partnerCallsPerBooking ?? {})
    .map(([operation, count]) => `${operation} ${number(count, count % 1 === 0 ? 0 : 2)}`)
    .join(', ');
  lines.push('');
  lines.push(
    `Partner calls per completed booking (ours, after warm-up): ${calls || '—'}; catalog calls per sale: ${number(results.catalogCallsPerSale, 0)}.`,
  );
  return lines.join('\n');
}
