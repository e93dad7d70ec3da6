/**
 * Paid tickets are never lost on the way to the customer. Each QR photo is sent with a
 * few retries and a growing pause (a dropped upload, a 5xx); what still cannot be sent
 * is kept in the store for the chat and sent before anything else at the customer's next
 * message or tap. The sale itself is already safe at the service: this is the delivery.
 *
 * The photos of a view's tickets are drawn while the view's messages go out (`draw`,
 * render.ts): drawing them is CPU the turn spends anyway, and done there it fills the
 * wait for Telegram's answers instead of coming after each of them.
 */
import { InputFile, type Api } from 'grammy';
import type { TicketDocument } from '#flows/view.js';
import type { Lang } from '#src/domain/lang.js';
import type { Logger } from '#src/log.js';
import { telegramTicketsKey } from '#src/store/keys.js';
import type { Store, Versioned } from '#src/store/store.js';
import { ticketCaption, ticketFileName, ticketQr } from './tickets.js';

/** Tickets' QR photos being drawn (draw), one per ticket, in their order. */
export type Drawn = readonly Promise<Buffer>[];

interface Pending {
  tickets: TicketDocument[];
  lang: Lang;
}

/** As long as a conversation's data is kept by default: access codes are personal. */
const PENDING_TTL_SECONDS = 72 * 60 * 60;
const ATTEMPTS = 3;

export interface TicketDelivery {
  /**
   * Draws the tickets' photos once the I/O started so far is under way (in the loop's
   * next turn, not in the caller's): for a caller about to wait on Telegram.
   */
  draw(tickets: readonly TicketDocument[]): Drawn;
  /**
   * Sends the tickets; those that cannot be sent now are kept for the next update.
   * `drawn`: their photos, drawn ahead (a photo that failed to draw is drawn again on
   * the next attempt, as one that failed to send is sent again).
   */
  send(
    chatId: number,
    tickets: readonly TicketDocument[],
    lang: Lang,
    drawn?: Drawn,
  ): Promise<void>;
  /**
   * Sends what an earlier delivery could not (a no-op when nothing waits). `read`: what
   * is kept for the chat, when the caller has read it already (with other keys, in one
   * exchange: under `telegramTicketsKey`).
   */
  drain(chatId: number, read?: { kept: Versioned<unknown> | undefined }): Promise<void>;
}

export function createTicketDelivery(deps: {
  api: Api;
  store: Store;
  logger: Logger;
  /** The first pause between attempts, doubled each time. */
  retryDelayMs?: number;
}): TicketDelivery {
  const { api, store, logger } = deps;
  const pause = (attempt: number) =>
    new Promise((resolve) => setTimeout(resolve, (deps.retryDelayMs ?? 500) * 2 ** attempt));

  function draw(tickets: readonly TicketDocument[]): Drawn {
    return tickets.map((ticket) => {
      const drawing = new Promise<Buffer>((resolve) => {
        setImmediate(() => resolve(ticketQr(ticket.accessCode)));
      });
      // Awaited by `send`; a delivery that fails before the tickets leaves it unread.
      drawing.catch(() => undefined);
      return drawing;
    });
  }

  async function sendOne(
    chatId: number,
    ticket: TicketDocument,
    lang: Lang,
    drawn?: Promise<Buffer>,
  ): Promise<boolean> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      try {
        const photo = attempt === 0 && drawn ? await drawn : await ticketQr(ticket.accessCode);
        await api.sendPhoto(chatId, new InputFile(photo, ticketFileName(ticket.accessCode)), {
          caption: ticketCaption(ticket, lang),
        });
        return true;
      } catch (error) {
        logger.warn({ err: error, attempt }, 'telegram: a ticket could not be sent');
        if (attempt + 1 < ATTEMPTS) await pause(attempt);
      }
    }
    return false;
  }

  async function send(
    chatId: number,
    tickets: readonly TicketDocument[],
    lang: Lang,
    drawn?: Drawn,
  ) {
    for (const [index, ticket] of tickets.entries()) {
      if (await sendOne(chatId, ticket, lang, drawn?.[index])) continue;
      const rest = tickets.slice(index);
      const kept = await store.get<Pending>(telegramTicketsKey(chatId));
      const pending: Pending = { tickets: [...(kept?.value.tickets ?? []), ...rest], lang };
      await store.put(telegramTicketsKey(chatId), pending, kept?.version ?? 0, PENDING_TTL_SECONDS);
      logger.error({ left: rest.length }, 'telegram: tickets kept for the next update');
      return;
    }
  }

  return {
    draw,
    send,
    async drain(chatId, read) {
      const kept = read
        ? (read.kept as Versioned<Pending> | undefined)
        : await store.get<Pending>(telegramTicketsKey(chatId));
      if (!kept) return;
      await store.delete(telegramTicketsKey(chatId));
      await send(chatId, kept.value.tickets, kept.value.lang);
    },
  };
}
