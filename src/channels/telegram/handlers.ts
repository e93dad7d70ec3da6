/**
 * Customer updates as conversation input, one handler per kind: typed text and
 * commands, button taps (already checked by the gate), a shared contact for phone
 * questions, documents and photos for file questions. Each turn goes to the engine under
 * the conversation `tg:<chat id>`, and its reply is rendered in the chat. Which updates
 * come to a turn is told to the update's first exchange too (turn-ahead.ts, comesToTurn).
 */
import type { Bot } from 'grammy';
import type { SuccessfulPayment } from 'grammy/types';
import type { Reply } from '#flows/view.js';
import { BusyError, type Engine } from '#src/conversation/engine.js';
import type { Input } from '#src/conversation/interpret.js';
import type { Lang } from '#src/domain/lang.js';
import type { Logger } from '#src/log.js';
import type { Store, Versioned } from '#src/store/store.js';
import { commandOf } from './commands.js';
import { conversationOf, type TgContext } from './deps.js';
import { describeApiError } from './errors.js';
import {
  downloadFile,
  FileTooLargeError,
  formatBytes,
  fromDocument,
  fromPhoto,
  refusal,
  type IncomingFile,
} from './files.js';
import { telegramMessages } from './messages.js';
import { languageOf } from './middleware.js';
import { deliveryReads, recordOf, type Renderer } from './render.js';
import type { TakenAhead, TurnsAhead } from './turn-ahead.js';
import { typingWhile, type TypingOptions } from './typing.js';
import {
  getPointer,
  followsPointer,
  isCurrent,
  loadView,
  newStamp,
  viewWrite,
  eraseEarlierViews,
  type ChatPointer,
} from './view-table.js';

export interface HandlerDeps {
  engine: Engine;
  store: Store;
  renderer: Renderer;
  logger: Logger;
  defaultLanguage: Lang;
  files: { apiRoot: string; token: string };
  /** The conversation's lease taken with the update, when it was (turn-ahead.ts). */
  ahead?: TurnsAhead;
  /** When "typing…" shows during a slow turn (typing.ts). */
  typing?: TypingOptions;
}

/** A shared contact's number as typed: Telegram omits the "+" of the country code. */
export function phoneOfContact(phoneNumber: string): string {
  const trimmed = phoneNumber.trim();
  return trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
}

export function registerHandlers(bot: Bot<TgContext>, deps: HandlerDeps): void {
  const { renderer, logger } = deps;

  bot.on('callback_query', (ctx) => onTap(deps, ctx));

  bot.on('message:text', async (ctx) => {
    const command = commandOf(ctx.message.text);
    const text = command !== undefined ? `/${command}` : ctx.message.text;
    await turn(deps, ctx, ctx.chat.id, { kind: 'text', text });
  });

  bot.on('message:contact', async (ctx) => {
    await turn(deps, ctx, ctx.chat.id, {
      kind: 'text',
      text: phoneOfContact(ctx.message.contact.phone_number),
    });
  });

  bot.on('message:document', (ctx) =>
    takeFile(deps, ctx, ctx.chat.id, () => fromDocument(ctx.message.document), ctx.message.caption),
  );
  bot.on('message:photo', (ctx) =>
    takeFile(
      deps,
      ctx,
      ctx.chat.id,
      (maxBytes) => fromPhoto(ctx.message.photo, maxBytes),
      ctx.message.caption,
    ),
  );

  // A payment Telegram took (payments.ts): the conversation sells, exactly once (the
  // update's key and the machine's charge check make a redelivery change nothing).
  bot.on('message:successful_payment', async (ctx) => {
    const paid = ctx.message.successful_payment;
    logger.info(
      { chatId: ctx.chat.id, currency: paid.currency, amount: paid.total_amount },
      'telegram: payment received',
    );
    await turn(deps, ctx, ctx.chat.id, paymentInput(paid), undefined, 3);
  });

  bot.on('message', async (ctx) => {
    await renderer.say(ctx.chat.id, telegramMessages(await lang(deps, ctx)).unsupported);
  });

  bot.on('my_chat_member', (ctx) => {
    const status = ctx.myChatMember.new_chat_member.status;
    if (status === 'kicked')
      logger.info({ chatId: ctx.chat.id }, 'telegram: the customer blocked the bot');
    else if (status === 'member')
      logger.info({ chatId: ctx.chat.id }, 'telegram: the customer unblocked the bot');
  });
}

const lang = (deps: HandlerDeps, ctx: TgContext) =>
  languageOf(deps.engine, ctx, deps.defaultLanguage);

/** The tapped button's view: `follows`, the view it was drawn from (isCurrent). */
interface Tapped {
  stamp: string;
  messageId?: number;
  follows?: string | undefined;
}

async function turn(
  deps: HandlerDeps,
  ctx: TgContext,
  chatId: number,
  input: Input,
  tapped?: Tapped,
  /** Tries a busy conversation this many more times (a payment must not be dropped). */
  busyRetries = 0,
): Promise<void> {
  const { renderer, logger } = deps;
  const conversationId = conversationOf(chatId);
  // The input's identity for the conversation: one choice per view, one turn per update.
  const key = tapped ? `tg:view:${tapped.stamp}` : `tg:update:${ctx.update.update_id}`;
  const stamp = newStamp();
  const begun = deps.ahead?.handOver(ctx);
  // What the turn says at once (the purchase confirmed while its tickets are looked up):
  // sent as it comes, and done before the reply's delivery, which follows it.
  let early: Promise<void> = Promise.resolve();
  let saidEarly = false;
  const sayEarly = (text: string) => {
    saidEarly = true;
    early = early
      .then(() => renderer.say(chatId, text))
      .catch((error: unknown) =>
        logger.warn({ chatId, ...describeApiError(error) }, 'telegram: early message not sent'),
      );
  };
  let handled: Handled;
  try {
    handled = await handle(deps, ctx, chatId, input, { key, stamp, begun, early: sayEarly });
  } catch (error) {
    await early;
    if (error instanceof BusyError && busyRetries > 0) {
      await turn(deps, ctx, chatId, input, tapped, busyRetries - 1);
      return;
    }
    // Nothing happened: the same button may be tapped again (the view is free when the
    // gate's handling ends).
    if (error instanceof BusyError) {
      await renderer.say(chatId, error.message);
      return;
    }
    logger.error({ chatId, ...describeApiError(error) }, 'telegram: turn failed');
    await renderer.say(chatId, telegramMessages(await lang(deps, ctx)).failed);
    return;
  }
  await early;
  const { reply, read, written } = handled;
  let pointer = pointerOfTap(read?.[1]?.value as ChatPointer | undefined, tapped);
  // A message said early stands below the tapped view: the reply goes below it, never
  // in place above it.
  if (saidEarly && pointer) pointer = { ...pointer, covered: true };
  await renderer.deliver(chatId, conversationId, reply, {
    // The reply tells the conversation's language: no second read of it.
    lang: reply.language ?? (await lang(deps, ctx)),
    prepared: {
      ...(written ? { stamp } : {}),
      ...(read ? { read: { kept: read[0], pointer } } : {}),
    },
    ...(ctx.end ? { end: ctx.end } : {}),
    ...(tapped?.messageId !== undefined ? { tappedMessageId: tapped.messageId } : {}),
  });
  // The customer asked to be forgotten: what the earlier views offered goes too.
  if (reply.forgotten) await eraseEarlierViews(deps.store, chatId, stamp);
}

/** A turn's reply, with the delivery's reads and whether its view's record was written. */
interface Handled {
  reply: Reply<unknown>;
  read: (Versioned<unknown> | undefined)[] | undefined;
  written: boolean;
}

/**
 * The input through the engine. The delivery's reads ride with the conversation's lease
 * (taken with the update, or by the engine), and the new view's record with the turn's
 * write: the turn's exchanges with the store do the delivery's too. (An engine that does
 * not carry them leaves them to the delivery.)
 */
async function handle(
  deps: HandlerDeps,
  ctx: TgContext,
  chatId: number,
  input: Input,
  {
    key,
    stamp,
    begun,
    early,
  }: {
    key: string;
    stamp: string;
    begun: TakenAhead | undefined;
    /** Sends a message at once, before the reply. */
    early: (text: string) => void;
  },
): Promise<Handled> {
  const conversationId = conversationOf(chatId);
  let read: (Versioned<unknown> | undefined)[] | undefined = begun?.read;
  let written = false;
  const firstName = ctx.from?.first_name;
  // A slow turn (the partner is slow) shows "typing…" until its answer is ready.
  const reply = await typingWhile(
    ctx.api,
    chatId,
    () =>
      deps.engine.handle(conversationId, input, {
        key,
        // Shown to staff when the customer asks for a person (never kept).
        ...(firstName ? { who: { firstName } } : {}),
        early,
        ...(begun
          ? { begun: begun.lock }
          : { also: { keys: deliveryReads(chatId), got: (values) => (read = values) } }),
        writes: (drawn) => {
          // A reply that keeps the view shown draws none: no record to keep.
          if (drawn.keepView) return [];
          written = true;
          // The pointer read with the lease: the view this one is drawn from. (Unread, it
          // is not known: the record then names none and waits for its pointer.)
          const from = read && ((read[1]?.value as ChatPointer | undefined)?.stamp ?? '');
          return [viewWrite(stamp, recordOf(chatId, conversationId, drawn, from))];
        },
      }),
    deps.logger,
    deps.typing,
  );
  return { reply, read, written };
}

/**
 * The chat's pointer as the delivery takes it. A tapped view shown but never pointed to
 * (isCurrent) is the one the chat shows, so its buttons are the ones to retire; never
 * edited in place, since what came after it is not known.
 */
function pointerOfTap(
  pointer: ChatPointer | undefined,
  tapped: Tapped | undefined,
): ChatPointer | undefined {
  if (
    tapped?.messageId !== undefined &&
    pointer?.stamp !== tapped.stamp &&
    followsPointer(tapped.follows, pointer)
  ) {
    return {
      stamp: tapped.stamp,
      messageId: tapped.messageId,
      inline: true,
      replyKeyboard: pointer?.replyKeyboard ?? false,
      covered: true,
    };
  }
  return pointer;
}

/** A button tapped (checked by the gate): an input for the turn, or another page or month. */
async function onTap(deps: HandlerDeps, ctx: TgContext): Promise<void> {
  const { store, renderer } = deps;
  const tap = ctx.tap;
  const chatId = ctx.chat?.id;
  const messageId = ctx.callbackQuery?.message?.message_id;
  if (!tap || chatId === undefined) return;
  if (tap.kind === 'input') {
    await turn(deps, ctx, chatId, tap.input, {
      stamp: tap.stamp,
      ...(messageId ? { messageId } : {}),
      follows: tap.record.follows,
    });
    return;
  }
  if ((tap.kind === 'page' || tap.kind === 'month') && messageId !== undefined) {
    // The view may have moved on while this tap waited for its turn.
    if (!isCurrent(tap.stamp, tap.record, await getPointer(store, chatId))) return;
    const position = tap.kind === 'page' ? { page: tap.page } : { month: tap.month };
    await renderer.redraw(
      chatId,
      messageId,
      tap.stamp,
      tap.record,
      position,
      await lang(deps, ctx),
    );
  }
}

/** A document or photo sent for a file question: checked against the view's rules, then the turn's. */
async function takeFile(
  deps: HandlerDeps,
  ctx: TgContext,
  chatId: number,
  pick: (maxBytes: number) => IncomingFile,
  caption: string | undefined,
): Promise<void> {
  const { store, renderer, logger } = deps;
  const m = telegramMessages(await lang(deps, ctx));
  const pointer = await getPointer(store, chatId);
  const rules = pointer ? (await loadView(store, pointer.stamp))?.file : undefined;
  if (!rules) {
    await renderer.say(chatId, m.noFileExpected);
    return;
  }
  const file = pick(rules.maxBytes);
  const refused = refusal(file, rules, await lang(deps, ctx));
  if (refused) {
    await renderer.say(chatId, refused);
    return;
  }
  let content;
  try {
    content = await downloadFile(ctx.api, { ...deps.files, maxBytes: rules.maxBytes }, file);
  } catch (error) {
    if (error instanceof FileTooLargeError) {
      await renderer.say(chatId, m.fileTooLarge(formatBytes(rules.maxBytes)));
      return;
    }
    logger.warn(describeApiError(error), 'telegram: file download failed');
    await renderer.say(chatId, m.fileFailed);
    return;
  }
  await turn(deps, ctx, chatId, { kind: 'file', file: content, ...(caption ? { caption } : {}) });
}

/** A payment Telegram took, as the bot's own event for the conversation. */
function paymentInput(paid: SuccessfulPayment): Input {
  return {
    kind: 'event',
    event: {
      type: 'payment.paid',
      payload: paid.invoice_payload,
      charge: {
        chargeId: paid.telegram_payment_charge_id,
        ...(paid.provider_payment_charge_id
          ? { providerChargeId: paid.provider_payment_charge_id }
          : {}),
        amount: paid.total_amount,
        currency: paid.currency,
      },
    },
  };
}
