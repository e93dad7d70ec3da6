/**
 * The engine as the root hands it to the channels: every customer turn runs as that
 * conversation's turn for the logs (log.ts `inTurn`: each of its lines carries the
 * conversation's id), is counted and timed in the metrics, and ends with one info line:
 * the conversation, how the turn went, the step it ended on, how long it took and how
 * many partner calls it made. Words, choices and views never reach that line.
 */
import type { BookingContext } from '#flows/booking/types.js';
import { BusyError, type Engine } from './conversation/engine.js';
import type { Input } from './conversation/interpret.js';
import type { PreCheckoutAnswer, PreCheckoutQuery } from './conversation/invoices.js';
import type { TurnWork } from './conversation/turn-work.js';
import type { BotEventBus } from './events.js';
import { inTurn, type Logger } from './log.js';
import type { Metrics } from './metrics.js';

/** What started a turn, without its content: a customer's kind of input, or the bot's event. */
function inputKind(input: Input): string {
  if (input.kind === 'event' || input.kind === 'support') return input.event.type;
  return input.kind;
}

/** A debit partner's payment page sent the customer back: not paid. */
const paymentPageRefused = (input: Input) =>
  input.kind === 'event' && input.event.type === 'payment.result' && input.event.outcome === 'ko';

export function observeEngine(engine: Engine, deps: { metrics: Metrics; logger: Logger }): Engine {
  const { metrics, logger } = deps;
  return {
    handle: (conversationId, input, options) =>
      inTurn(conversationId, async (turn) => {
        const started = performance.now();
        if (paymentPageRefused(input)) metrics.payment('refused');
        let outcome: 'ok' | 'busy' | 'error' = 'ok';
        try {
          return await engine.handle(conversationId, input, options);
        } catch (error) {
          outcome = error instanceof BusyError ? 'busy' : 'error';
          throw error;
        } finally {
          const ms = performance.now() - started;
          metrics.turn(outcome, ms / 1000);
          logger.info(
            {
              input: inputKind(input),
              outcome,
              ...(turn.step !== undefined ? { step: turn.step } : {}),
              durationMs: Math.round(ms),
              partnerCalls: turn.partnerCalls,
            },
            'turn',
          );
        }
      }),
    current: (conversationId) => inTurn(conversationId, () => engine.current(conversationId)),
    languageOf: (conversationId) => engine.languageOf(conversationId),
    ...(engine.earlierTap ? { earlierTap: engine.earlierTap.bind(engine) } : {}),
    ...(engine.live ? { live: engine.live.bind(engine) } : {}),
    ...(engine.turnBegins ? { turnBegins: engine.turnBegins.bind(engine) } : {}),
  };
}

/**
 * A payment taken, as a turn shows it once saved: the channel's charge recorded (an
 * invoice paid), or a debit partner's sale confirmed after its payment page. One info
 * line and the metric; amounts and ids only.
 */
export function reportPayments(metrics: Metrics, logger: Logger) {
  return (
    conversationId: string,
    before: BookingContext,
    after: BookingContext,
  ): TurnWork | undefined => {
    const paid = after.payment?.paid;
    if (paid && before.payment?.paid?.chargeId !== paid.chargeId) {
      return {
        saved: () => {
          metrics.payment('taken');
          logger.info(
            { conversationId, amount: paid.amount, currency: paid.currency, via: 'channel' },
            'payment taken',
          );
        },
      };
    }
    const sale = after.sale;
    const sold = sale?.activities !== undefined && sale.paymentUrl !== undefined;
    const soldBefore =
      before.sale?.partnerSaleId === sale?.partnerSaleId && before.sale?.activities !== undefined;
    if (!sale || !sold || soldBefore) return undefined;
    return {
      saved: () => {
        metrics.payment('taken');
        logger.info(
          { conversationId, partnerSaleId: sale.partnerSaleId, via: 'partner' },
          'payment taken',
        );
      },
    };
  };
}

/** One info line per confirmed sale (ids and amounts; refunds are logged where decided). */
export function logSales(events: BotEventBus, logger: Logger): void {
  events.on('sale.confirmed', ({ partnerSaleId, saleIds, total }) =>
    logger.info({ partnerSaleId, saleIds, total }, 'sale confirmed'),
  );
}

/** The pre-checkout check, with each refusal counted and logged. */
export function observePreCheckout(
  check: (query: PreCheckoutQuery) => Promise<PreCheckoutAnswer>,
  metrics: Metrics,
  logger: Logger,
): (query: PreCheckoutQuery) => Promise<PreCheckoutAnswer> {
  return async (query) => {
    const answer = await check(query);
    if (!answer.ok) {
      metrics.payment('refused');
      logger.info({ lapsed: answer.lapsed !== undefined }, 'payment refused at pre-checkout');
    }
    return answer;
  };
}
