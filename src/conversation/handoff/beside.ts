/**
 * The handoff to a person, on the customer's side: what sits beside the
 * booking machine in each turn (conversation/engine.ts, `Beside`).
 *
 * - Asking for a person (/human, the words, the 🙋 button) opens a thread at the desk with
 *   the summary, remembers which conversation the thread is, and schedules the timeout.
 * - While handed off, what the customer writes or sends goes to the thread; a tap on the
 *   step's buttons is paused; /bot (or its button) gives the conversation back to the
 *   machine, whose step and cart never changed.
 * - What staff do in the thread (handoff/line.ts) comes in as `support` inputs: a reply
 *   to show, "Return to bot", "Send the cart"; and the timeout job, as one more.
 * - Every turn the machine takes adds to the last messages both ways, kept for the summary.
 * - /forget (even while handed off: the thread is told and closed) erases them.
 */
import { commandNamed, commandOfIntent } from '#flows/booking/commands.js';
import { cartMessages, cartTotal, formatAmounts, lineText } from '#flows/booking/steps/cart.js';
import type { BookingContext } from '#flows/booking/types.js';
import { asksToCancelBooking } from '#flows/understanding/cancel-booking.js';
import { words } from '#flows/understanding/text.js';
import { readCommand } from '#flows/understanding/understand.js';
import type { Option, TicketDocument, View } from '#flows/view.js';
import { LANGS, type Lang } from '#src/domain/lang.js';
import { plainText } from '#src/domain/plain-text.js';
import type { Logger } from '#src/log.js';
import type { Scheduler } from '#src/scheduler/scheduler.js';
import { supportThreadKey, supportTimeoutJobId } from '#src/store/keys.js';
import type { Store } from '#src/store/store.js';
import type { Beside, BesideAnswer, BesideTurn } from '../beside.js';
import type { Input } from '../interpret.js';
import type { SupportEvent } from './events.js';
import { describeOpening, isOpen, nextOpening, type SupportHours } from './hours.js';
import type { Attachment, CustomerMessage, SupportDesk, ThreadState } from './ports.js';
import { readState, withLines, type BesideState } from './state.js';
import { buildSummary } from './summary.js';
import { deskNotes, handoffMessages } from './texts.js';

/** The 🙋 button's id, on the views that offer a person. */
export const ASK_ID = 'support:ask';
/** The "back to the bot" button's id, on every view while handed off. */
export const BACK_ID = 'support:bot';

/**
 * What a customer may send staff while handed off: pictures and documents up to 10 MB
 * (Telegram lets bots download up to 20 MB; Slack takes far more; a turn's input is held
 * in memory, so less is kinder).
 */
export const HANDOFF_FILES = {
  mimeTypes: ['image/*', 'application/pdf', 'text/plain'],
  maxBytes: 10 * 1024 * 1024,
};

/**
 * The views that end with the 🙋 offer, besides the help's: those of a failure, which
 * offer to try again (a payment that failed or is unsure, a look-up that failed, the
 * service down) or say they are trouble with no retry (`View.trouble`: a failed payment
 * with nothing left to reserve again).
 */
const tryAgain = (option: Option) =>
  option.id === 'service:retry' ||
  ['payment.retry', 'selection.retry'].includes((option.event as { type?: string }).type ?? '');
const troubled = (view: View) => view.trouble === true || view.options.some(tryAgain);

/**
 * What of a desk's failure goes to the logs: its kind and code, never the error itself,
 * whose request (Slack's Web API keeps it, and pino writes an error's fields) holds what
 * the customer wrote and the summary's personal data.
 */
function failure(error: unknown): { error: string; code?: string } {
  const code = (error as { code?: unknown } | undefined)?.code;
  return {
    error: error instanceof Error ? error.name : typeof error,
    ...(typeof code === 'string' ? { code } : {}),
  };
}

export interface HandoffDeps {
  store: Store;
  scheduler: Scheduler;
  hours: SupportHours;
  timeoutMinutes: number;
  /** How long the thread → conversation link is kept (DATA_TTL_HOURS). */
  ttlSeconds: number;
  now: () => Date;
  logger: Logger;
  /** Told each change of a handoff's life (the metrics). */
  onChange?: (change: HandoffChange) => void;
  /**
   * The tickets of the conversation's last sale, as the customer got them after it
   * (tickets-again.ts): for staff's "Resend the tickets". Undefined: no sale with tickets;
   * it throws when the service could not be asked. Unset: there is nothing to resend.
   */
  tickets?: (conversationId: string, language: Lang) => Promise<TicketsAgain | undefined>;
}

/** A sale's tickets to send again. */
export interface TicketsAgain {
  partnerSaleId: string;
  tickets: TicketDocument[];
}

/**
 * A handoff's life: opened; answered by staff (the first time); ended (back to the bot,
 * whoever asked), answered or not.
 */
export type HandoffChange =
  { kind: 'opened' } | { kind: 'answered' } | { kind: 'ended'; answered: boolean };

export interface HandoffBeside extends Beside {
  /** The desk, once the Slack channel has started (it starts after the app). */
  useDesk(desk: SupportDesk): void;
}

/** The command a typed text is (`/human`, "hablar con una persona", `/bot`), if any. */
function commandOfText(text: string): string | undefined {
  const slash = /^\/([a-z]+)(?:@\w+)?$/i.exec(text.trim());
  if (slash) return commandNamed(slash[1]!)?.type;
  const said = readCommand(text);
  return said ? commandOfIntent(said.intent)?.type : undefined;
}

const asksForPerson = (input: Input) =>
  (input.kind === 'choose' && input.id === ASK_ID) ||
  (input.kind === 'text' && commandOfText(input.text) === 'command.human');

/** The way back's label, typed (a phone step's reply keyboard sends labels as text). */
const BACK_LABELS = new Set(LANGS.map((lang) => handoffMessages(lang).back));

const asksForBot = (input: Input) =>
  (input.kind === 'choose' && input.id === BACK_ID) ||
  (input.kind === 'text' &&
    (commandOfText(input.text) === 'command.bot' || BACK_LABELS.has(input.text.trim())));

const asksToForget = (input: Input) =>
  input.kind === 'text' && commandOfText(input.text) === 'command.forget';

/** Typed (/help, "ayuda") or tapped (the home's ❓ Help): the help follows. */
function asksForHelp(input: Input, shown: View | undefined): boolean {
  if (input.kind === 'text') return commandOfText(input.text) === 'command.help';
  if (input.kind !== 'choose') return false;
  const option = shown?.options.find((candidate) => candidate.id === input.id);
  return (option?.event as { type?: string } | undefined)?.type === 'command.help';
}

/** Words that ask for money back ("get a refund", "quiero un reembolso", "devolución"). */
const REFUND = new Set(
  'refund refunds refunded reimburse reimbursement reembolso reembolsos reembolsar reembolsen reembolsan devolucion devoluciones'.split(
    ' ',
  ),
);

const INSURANCE = new Set(['insurance', 'insured', 'seguro', 'asegurado', 'asegurada']);

/**
 * A text that asks to cancel a booking bought or for money back: whatever the bot can do
 * about it (the policy, a request to staff, nothing bought here), a person is offered
 * in one tap, since money is what people most want to settle with one.
 */
export function asksAboutRefund(text: string): boolean {
  const said = words(text);
  // "refund insurance", "seguro de reembolso": the review's offer, not money asked back.
  if (said.some((word) => INSURANCE.has(word))) return asksToCancelBooking(text);
  const moneyBack = said.some(
    (word, at) =>
      REFUND.has(word) ||
      (word === 'money' && said[at + 1] === 'back') ||
      (word === 'devolver' &&
        said.slice(at + 1, at + 3).some((next) => next === 'dinero' || next === 'importe')),
  );
  return moneyBack || asksToCancelBooking(text);
}

/** The cart as the customer reads it (the cart step's own lines and total). */
function cartText(context: BookingContext): string {
  const lang = context.language;
  const m = cartMessages(lang);
  const lines = context.cart.lines.map((line, index) => lineText(line, index + 1, lang));
  return [m.title, ...lines, m.total(formatAmounts(cartTotal(context.cart), lang))].join('\n');
}

function attachmentOf(file: { name?: string; mime: string; base64: string }): Attachment {
  const base64 = file.base64.replace(/^data:[^,]*,/, '');
  return { name: file.name ?? 'file', mime: file.mime, data: Buffer.from(base64, 'base64') };
}

export function createHandoffBeside(deps: HandoffDeps): HandoffBeside {
  const { store, scheduler, hours, timeoutMinutes, logger } = deps;
  let desk: SupportDesk | undefined;
  const timeoutMs = timeoutMinutes * 60_000;

  /**
   * The thread → conversation link, for DATA_TTL_HOURS from now: written at the opening
   * and again at each message either way, so that a handoff kept alive (a long weekend
   * outside SUPPORT_HOURS) outlives the link no more than the conversation's record.
   */
  const link = (threadId: string, conversationId: string) =>
    store.set(supportThreadKey(threadId), conversationId, deps.ttlSeconds);

  const keep = (state: BesideState, notices: string[], show: 'notices' | 'step' = 'notices') =>
    ({ state, notices: notices.map((text) => ({ text })), show }) satisfies BesideAnswer;

  async function open(turn: BesideTurn, state: BesideState): Promise<BesideAnswer> {
    const lang = turn.context.language;
    const m = handoffMessages(lang);
    if (!desk) return keep(state, [m.unreachable]);
    const at = deps.now();
    const answersFrom = isOpen(hours, at) ? undefined : nextOpening(hours, at);
    const summary = buildSummary({
      conversationId: turn.conversationId,
      context: turn.context,
      step: turn.step,
      ...(turn.who?.firstName ? { firstName: turn.who.firstName } : {}),
      transcript: state.transcript,
      ...(answersFrom ? { answersFrom } : {}),
      ...(state.earlier ? { earlier: state.earlier } : {}),
    });
    let threadId: string;
    try {
      ({ threadId } = await desk.openThread(summary));
    } catch (error) {
      logger.warn({ conversationId: turn.conversationId, ...failure(error) }, 'handoff: no thread');
      return keep(state, [m.unreachable]);
    }
    await link(threadId, turn.conversationId);
    const timeoutAt = await startClock(turn.conversationId, threadId, at);
    logger.info({ conversationId: turn.conversationId, threadId }, 'handoff: thread opened');
    deps.onChange?.({ kind: 'opened' });
    const said = answersFrom ? m.openedLater(describeOpening(hours, answersFrom, lang)) : m.opened;
    const handoff = {
      threadId,
      openedAt: at.toISOString(),
      timeoutAt,
      waitingSince: at.toISOString(),
      ...(turn.who?.firstName ? { customerName: turn.who.firstName } : {}),
    };
    return keep({ ...state, handoff }, [said], 'step');
  }

  /**
   * The customer's wait, counted (again) from `from`: SUPPORT_TIMEOUT_MINUTES after it,
   * or after staff's next opening when none answer now (at night the customer already
   * heard when that is). One job per thread: a later message moves it. Its due instant,
   * which the job carries back (an earlier one that still ran is told apart by it).
   */
  async function startClock(conversationId: string, threadId: string, from: Date) {
    const answersFrom = isOpen(hours, from) ? from : nextOpening(hours, from);
    const timeoutAt = new Date(answersFrom.getTime() + timeoutMs);
    const id = supportTimeoutJobId(conversationId, threadId);
    await scheduler.cancel(id);
    await scheduler.schedule({ id, kind: 'support.timeout', conversationId, at: timeoutAt });
    return timeoutAt.toISOString();
  }

  /**
   * The thread's first message shows where the handoff stands; a failure is logged and
   * left (the thread still works, only its first message is behind).
   */
  async function show(conversationId: string, threadId: string, state: ThreadState) {
    await desk
      ?.showState?.(threadId, state)
      .catch((error: unknown) =>
        logger.warn({ conversationId, ...failure(error) }, 'handoff: thread state not shown'),
      );
  }

  /** The conversation back to the machine: the step's view again, as it was. */
  async function end(turn: BesideTurn, state: BesideState, said: { note?: string; why: string }) {
    const { handoff } = state;
    const { note } = said;
    if (handoff && note && desk) {
      await desk
        .postNote(handoff.threadId, note)
        .catch((error: unknown) =>
          logger.warn(
            { conversationId: turn.conversationId, ...failure(error) },
            'handoff: note not posted',
          ),
        );
    }
    if (handoff) {
      await scheduler.cancel(supportTimeoutJobId(turn.conversationId, handoff.threadId));
      const answered = handoff.staff !== undefined;
      await show(turn.conversationId, handoff.threadId, {
        status: 'closed',
        why: said.why,
      });
      logger.info(
        { conversationId: turn.conversationId, threadId: handoff.threadId, answered },
        'handoff: ended',
      );
      deps.onChange?.({ kind: 'ended', answered });
    }
    const { handoff: _ended, ...rest } = state;
    const ended = handoff
      ? { ...rest, earlier: { threadId: handoff.threadId, endedAt: deps.now().toISOString() } }
      : rest;
    return keep(ended, [handoffMessages(turn.context.language).returned], 'step');
  }

  async function toDesk(turn: BesideTurn, state: BesideState, message: CustomerMessage) {
    const m = handoffMessages(turn.context.language);
    if (!desk || !state.handoff) return keep(state, [m.notSent]);
    try {
      await desk.postFromCustomer(state.handoff.threadId, message);
    } catch (error) {
      logger.warn(
        { conversationId: turn.conversationId, ...failure(error) },
        'handoff: not forwarded',
      );
      return keep(state, [m.notSent]);
    }
    await link(state.handoff.threadId, turn.conversationId);
    const text =
      message.kind === 'text'
        ? message.text
        : `(${message.file.name})${message.caption ? ` ${message.caption}` : ''}`;
    // Waiting again, at any point of the thread: the clock runs from this message.
    const at = deps.now();
    const timeoutAt = await startClock(turn.conversationId, state.handoff.threadId, at);
    const handoff = {
      ...state.handoff,
      timeoutAt,
      waitingSince: state.handoff.waitingSince ?? at.toISOString(),
    };
    return keep(
      withLines({ ...state, handoff }, [{ from: 'customer', text, at: at.toISOString() }]),
      [],
    );
  }

  async function fromStaff(
    turn: BesideTurn,
    state: BesideState,
    event: SupportEvent,
  ): Promise<BesideAnswer> {
    const m = handoffMessages(turn.context.language);
    const { handoff } = state;
    if (event.type === 'support.timeout') {
      const another =
        event.at !== undefined &&
        handoff?.timeoutAt !== undefined &&
        Date.parse(event.at) !== Date.parse(handoff.timeoutAt);
      if (!handoff || another || handoff.waitingSince === undefined) return { ignored: true };
      // The whole channel hears of it, every time a customer waits this long.
      await desk
        ?.raiseWaiting?.(handoff.threadId, {
          since: handoff.waitingSince,
          minutes: timeoutMinutes,
          ...(handoff.customerName ? { customer: handoff.customerName } : {}),
          ...(handoff.assignee ? { assignee: handoff.assignee.name } : {}),
        })
        .catch((error: unknown) =>
          logger.warn(
            { conversationId: turn.conversationId, ...failure(error) },
            'handoff: wait not raised',
          ),
        );
      // Raised once per wait: the customer's next message starts another.
      const { waitingSince: _raised, ...raised } = handoff;
      // The customer is offered the bot back once, while nobody has answered yet.
      if (handoff.staff !== undefined || handoff.timedOut)
        return keep({ ...state, handoff: raised }, []);
      if (desk) {
        await desk
          .postNote(handoff.threadId, deskNotes.timedOut(timeoutMinutes))
          .catch((error: unknown) =>
            logger.warn(
              { conversationId: turn.conversationId, ...failure(error) },
              'handoff: note not posted',
            ),
          );
      }
      return keep(
        { ...state, handoff: { ...raised, timedOut: true } },
        [m.timedOut(timeoutMinutes)],
        'step',
      );
    }
    if (!handoff || handoff.threadId !== event.threadId)
      return { ignored: true, outcome: 'closed' };
    switch (event.type) {
      case 'support.staff':
      case 'support.file': {
        // One voice per conversation: whoever has it; someone else is told, not sent. A
        // file is what someone says to the customer too.
        const { assignee } = handoff;
        if (assignee && assignee.id !== event.staff.id)
          return { ignored: true, outcome: `held:${assignee.name}` };
        // Whatever the desk: what staff wrote, and their name, reach the customer plain
        // (no control or bidi characters to make them read otherwise).
        const name = plainText(event.staff.name).trim() || m.staffName;
        const text = event.text ? plainText(event.text).trim() : '';
        const said =
          text || event.type === 'support.staff' ? m.staffSaid(name, text) : m.fileFrom(name);
        const file = event.type === 'support.file' ? event.file : undefined;
        await scheduler.cancel(supportTimeoutJobId(turn.conversationId, handoff.threadId));
        await link(handoff.threadId, turn.conversationId);
        // The first to reply has the conversation, unless someone took it first; the
        // customer is answered: no longer waiting.
        const { waitingSince: _answered, ...answered } = handoff;
        const next = withLines(
          {
            ...state,
            handoff: {
              ...answered,
              staff: name,
              assignee: assignee ?? { id: event.staff.id, name },
            },
          },
          [
            {
              from: 'staff',
              text: file ? `${said} (${file.name})` : said,
              at: deps.now().toISOString(),
            },
          ],
        );
        if (!assignee)
          await show(turn.conversationId, handoff.threadId, { status: 'assigned', to: name });
        const notices = handoff.staff === name ? [said] : [m.talkingTo(name), said];
        if (handoff.staff === undefined) {
          logger.info(
            { conversationId: turn.conversationId, threadId: handoff.threadId },
            'handoff: answered by staff',
          );
          deps.onChange?.({ kind: 'answered' });
        }
        return {
          ...keep(next, notices),
          ...(file ? { documents: [file] } : {}),
          outcome: 'delivered',
        };
      }
      case 'support.return':
        return {
          ...(await end(turn, state, {
            why: `${plainText(event.staff.name).trim() || 'Staff'} gave the conversation back to the bot.`,
          })),
          outcome: 'returned',
        };
      case 'support.take': {
        const name = plainText(event.staff.name).trim() || m.staffName;
        const before = handoff.assignee;
        const next = { ...state, handoff: { ...handoff, assignee: { id: event.staff.id, name } } };
        await show(turn.conversationId, handoff.threadId, { status: 'assigned', to: name });
        const from = before && before.id !== event.staff.id ? `:${before.name}` : '';
        return { ...keep(next, []), outcome: `taken${from}` };
      }
      case 'support.cart':
        if (turn.context.cart.lines.length === 0) return { ignored: true, outcome: 'empty' };
        return { ...keep(state, [m.cart(cartText(turn.context))]), outcome: 'sent' };
      case 'support.tickets': {
        const found: TicketsAgain | 'unavailable' | undefined = await (
          deps.tickets?.(turn.conversationId, turn.context.language) ?? Promise.resolve(undefined)
        ).catch((error: unknown) => {
          logger.warn(
            { conversationId: turn.conversationId, ...failure(error) },
            'handoff: tickets not found again',
          );
          return 'unavailable' as const;
        });
        if (found === 'unavailable') return { ignored: true, outcome: 'unavailable' };
        if (!found || found.tickets.length === 0) return { ignored: true, outcome: 'none' };
        const name = plainText(event.staff.name).trim() || m.staffName;
        // The step's view with them: the tickets go out as after the sale (QR codes, kept
        // for the next message when the chat app does not take them).
        return {
          ...keep(state, [m.ticketsAgain(name)], 'step'),
          tickets: found.tickets,
          outcome: `tickets:${found.partnerSaleId}`,
        };
      }
    }
  }

  return {
    useDesk(given) {
      desk = given;
    },

    async take(turn) {
      const state = readState(turn.state);
      const { input } = turn;
      if (input.kind === 'support') return fromStaff(turn, state, input.event);
      // The bot's own events (a reservation's expiry, a payment) are the machine's.
      if (input.kind === 'event') return undefined;
      if (!state.handoff) return asksForPerson(input) ? open(turn, state) : undefined;
      const m = handoffMessages(turn.context.language);
      if (asksForBot(input))
        return end(turn, state, { note: deskNotes.customerLeft, why: deskNotes.customerLeft });
      // /forget reaches the machine, which erases (and the beside's state with it, `forget`):
      // the thread is told and closed first.
      if (asksToForget(input)) {
        await end(turn, state, { note: deskNotes.customerForgot, why: deskNotes.customerLeft });
        return undefined;
      }
      if (asksForPerson(input)) return keep(state, [m.already]);
      switch (input.kind) {
        case 'choose':
          return keep(state, [m.paused]);
        case 'file':
          return toDesk(turn, state, {
            kind: 'file',
            file: attachmentOf(input.file),
            ...(input.caption ? { caption: input.caption } : {}),
          });
        case 'text':
          return toDesk(turn, state, { kind: 'text', text: input.text });
      }
    },

    record(turn, reply, shown) {
      const state = readState(turn.state);
      const at = deps.now().toISOString();
      const { input } = turn;
      const said =
        input.kind === 'text'
          ? input.text
          : input.kind === 'file'
            ? `(${input.file.name ?? 'file'})${input.caption ? ` ${input.caption}` : ''}`
            : input.kind === 'choose'
              ? `[${shown?.options.find((option) => option.id === input.id)?.label ?? input.id}]`
              : '';
      const bot = [...reply.notices.map((notice) => notice.text), reply.view.text].join('\n');
      return withLines(state, [
        { from: 'customer', text: said, at },
        { from: 'bot', text: bot, at },
      ]);
    },

    forget() {
      // Nothing of the last messages; a handoff under way was closed by `take`.
      return { transcript: [] } satisfies BesideState;
    },

    earlierTap(saved, lang) {
      // As a tap on the step's own buttons (take): nothing changes, the words are the same.
      return readState(saved).handoff ? handoffMessages(lang).paused : undefined;
    },

    present(saved, view, { language: lang, input, shown }) {
      const state = readState(saved);
      if (state.handoff) {
        const back: Option = {
          id: BACK_ID,
          label: handoffMessages(lang).back,
          event: { type: 'support.bot' },
        };
        return { ...view, options: [...view.options, back], file: HANDOFF_FILES };
      }
      const ask: Option = {
        id: ASK_ID,
        label: handoffMessages(lang).ask,
        event: { type: 'support.ask' },
      };
      // A step's own "talk to a person" (a booking that gives nothing back) is the
      // handoff's button: its tap opens the thread, not the machine's "nobody to talk to".
      const own = view.options.findIndex(
        (option) => (option.event as { type?: string } | undefined)?.type === 'command.human',
      );
      if (own >= 0) {
        const options = [...view.options];
        options[own] = { ...ask, label: options[own]!.label };
        return { ...view, options };
      }
      const help = input !== undefined && asksForHelp(input, shown);
      const refund = input?.kind === 'text' && asksAboutRefund(input.text);
      if (!help && !refund && !troubled(view)) return view;
      return { ...view, options: [...view.options, ask] };
    },
  };
}
