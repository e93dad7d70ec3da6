/**
 * The day's figures posted once a day at SLACK_DAILY_SUMMARY_HOUR (the service's time,
 * Madrid) in the sales channel: the day's sales, what was paid, the refunds staff must
 * make by hand and the handoffs still open. At hour 0 the day is the one just ended;
 * otherwise the day so far. Several instances each set the timer; a claim in the store
 * lets one of them post. The timer is injected so tests move the clock, not wait for it.
 */
import type { webApi } from '@slack/bolt';
import { toCents } from '#src/domain/pricing.js';
import {
  addDays,
  CUSTOMER_ZONE,
  dateOf,
  localNow,
  toInstant,
  type IsoDate,
  type IsoDateTime,
} from '#src/domain/time.js';
import type { BotEvents } from '#src/events.js';
import { slackDeliveryKey } from '#src/store/keys.js';
import { context, money, section, type KnownBlock, type SlackMessage } from './blocks/common.js';
import { isCancelled, paidTotal } from './blocks/sales.js';
import type { SlackDeps } from './deps.js';
import { readAllSales } from './sales-export.js';
import { createHandoffQueue } from './support/queue.js';

/** Runs `run` after `ms`; the returned function cancels it. */
export type SummaryTimer = (ms: number, run: () => Promise<void>) => () => void;

const realTimer: SummaryTimer = (ms, run) => {
  const handle = setTimeout(() => void run(), ms);
  return () => clearTimeout(handle);
};

/** Records kept two days: the summary of the day just ended reads them after midnight. */
const KEEP_SECONDS = 2 * 24 * 60 * 60;

export interface DayFigures {
  day: IsoDate;
  sales: number;
  paid: number;
  cancelled: number;
  /** Some pages were not read (the partner stopped answering, or too many). */
  partial: boolean;
  refundsNeeded: { amount: number; currency: string }[];
  openHandoffs?: { count: number; unassigned: number };
}

/** The instant of the next summary after `now`. */
export function nextSummaryAt(now: Date, hour: number): Date {
  const today = dateOf(localNow(CUSTOMER_ZONE, now));
  const at = (day: IsoDate) =>
    toInstant(`${day}T${String(hour).padStart(2, '0')}:00:00` as IsoDateTime, CUSTOMER_ZONE);
  const todays = at(today);
  return todays.getTime() > now.getTime() ? todays : at(addDays(today, 1));
}

/** The day a summary posted at `now` tells of. */
export function summaryDay(now: Date, hour: number): IsoDate {
  const today = dateOf(localNow(CUSTOMER_ZONE, now));
  return hour === 0 ? addDays(today, -1) : today;
}

const refundsKey = (channel: string, day: IsoDate) =>
  slackDeliveryKey(`refunds-needed:${channel}:${day}`);

type RefundRecord = Record<string, { amount: number; currency: string }>;

/** Keeps each refund staff must make under its day (by charge id: a repeat counts once). */
async function keepRefund(
  deps: SlackDeps,
  channel: string,
  day: IsoDate,
  event: BotEvents['payment.refund-needed'][0],
): Promise<void> {
  const key = refundsKey(channel, day);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const stored = await deps.store.get<RefundRecord>(key);
    const record = { ...stored?.value };
    record[event.chargeId] = { amount: event.amount / 100, currency: event.currency };
    if ((await deps.store.put(key, record, stored?.version ?? 0, KEEP_SECONDS)) !== undefined)
      return;
  }
  throw new Error('refunds needed: too many concurrent changes');
}

export async function dayFigures(
  deps: SlackDeps,
  channel: string,
  day: IsoDate,
): Promise<DayFigures> {
  const { sales, partial } = await readAllSales(deps, {
    fromTransactionDateTime: day,
    toTransactionDateTime: day,
  });
  const paid = sales.reduce((cents, sale) => cents + toCents(paidTotal(sale)), 0) / 100;
  const refunds = (await deps.store.get<RefundRecord>(refundsKey(channel, day)))?.value ?? {};
  const figures: DayFigures = {
    day,
    sales: sales.filter((sale) => paidTotal(sale) > 0).length,
    paid,
    cancelled: sales.filter(isCancelled).length,
    partial,
    refundsNeeded: Object.values(refunds),
  };
  if (deps.support) {
    const now = deps.now ?? (() => new Date());
    const open = await createHandoffQueue(deps.store, deps.support.channel, now).list();
    figures.openHandoffs = {
      count: open.length,
      unassigned: open.filter((entry) => !entry.assignee).length,
    };
  }
  return figures;
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

export function dailySummaryMessage(figures: DayFigures): SlackMessage {
  const refunds = figures.refundsNeeded.length
    ? `*${plural(figures.refundsNeeded.length, 'refund')} to make by hand* (${figures.refundsNeeded
        .map((refund) => money(refund.amount, refund.currency))
        .join(', ')}): see the alerts of the day`
    : 'No refunds to make';
  const handoffs = figures.openHandoffs
    ? figures.openHandoffs.count === 0
      ? 'No open handoffs'
      : `*${plural(figures.openHandoffs.count, 'open handoff')}*, ${figures.openHandoffs.unassigned} with nobody on it: \`/handoffs\``
    : undefined;
  const cancelled = figures.cancelled
    ? ` (${plural(figures.cancelled, 'cancelled sale')} not counted)`
    : '';
  const lines = [
    `*The day's figures — ${figures.day}*`,
    `• ${plural(figures.sales, 'paid sale')}${cancelled}`,
    `• Paid: *${money(figures.paid)}*`,
    `• ${refunds}`,
    ...(handoffs ? [`• ${handoffs}`] : []),
  ];
  const blocks: KnownBlock[] = [section(lines.join('\n'))];
  blocks.push(
    context(
      figures.partial
        ? ':warning: Not every sale could be read from the service: the figures are short. `/sales today` shows them.'
        : `Only what was paid is counted. \`/sales from:${figures.day} to:${figures.day}\` lists them.`,
    ),
  );
  return {
    text: `The day's figures (${figures.day}): ${plural(figures.sales, 'paid sale')}, ${money(figures.paid)} paid`,
    blocks,
  };
}

export interface DailySummary {
  /** Posts the summary of the day at `now` (once per day and channel); the timer's work. */
  postNow(): Promise<void>;
  stop(): void;
}

export function startDailySummary(
  client: webApi.WebClient,
  channel: string,
  deps: SlackDeps,
  hour: number,
  timer: SummaryTimer = realTimer,
): DailySummary {
  const now = deps.now ?? (() => new Date());
  let cancel: (() => void) | undefined;
  let stopped = false;

  const onRefund = (event: BotEvents['payment.refund-needed'][0]) => {
    const day = dateOf(localNow(CUSTOMER_ZONE, now()));
    keepRefund(deps, channel, day, event).catch((error: unknown) =>
      deps.logger.warn(
        { error: (error as Error).name },
        'slack: a refund not kept for the summary',
      ),
    );
  };
  deps.events.on('payment.refund-needed', onRefund);

  const postNow = async (): Promise<void> => {
    const day = summaryDay(now(), hour);
    try {
      if (
        !(await deps.store.claim(slackDeliveryKey(`daily-summary:${channel}:${day}`), KEEP_SECONDS))
      )
        return;
      const message = dailySummaryMessage(await dayFigures(deps, channel, day));
      await client.chat.postMessage({ channel, text: message.text, blocks: message.blocks });
    } catch (error) {
      const code = (error as { data?: { error?: string } }).data?.error;
      deps.logger.warn({ code: code ?? (error as Error).name }, 'slack: daily summary not posted');
    }
  };

  const arm = () => {
    if (stopped) return;
    const at = nextSummaryAt(now(), hour);
    cancel = timer(Math.max(0, at.getTime() - now().getTime()), async () => {
      await postNow();
      arm();
    });
  };
  arm();
  return {
    postNow,
    stop() {
      stopped = true;
      cancel?.();
      deps.events.off('payment.refund-needed', onRefund);
    },
  };
}
