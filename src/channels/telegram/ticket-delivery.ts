/**
 * Paid tickets are never lost on the way to the customer. Each QR photo is sent with a
 * few retries and a growing pause (a dropped upload, a 5xx); what still cannot be sent
 * is kept in the store for the chat and sent before anything else at the customer's next
 * message or tap. The sale itself is already safe at the service: this is the delivery.
 */
import { InputFile, type Api } from 'grammy';
import type { TicketDocument } from '#flows/view.js';
import type { Lang } from '#src/domain/lang.js';
import type { Logger } from '#src/log.js';
import { telegramTicketsKey } from '#src/store/keys.js';
import type { Store, Versioned } from '#src/store/store.js';
import { ticketCaption, ticketFileName, ticketQr } from './tickets.js';

interface Pending {
  tickets: TicketDocument[];
  lang: Lang;
}

/** As long as a conversation's data is kept by default: access codes are personal. */
const PENDING_TTL_SECONDS = 72 * 60 * 60;
const ATTEMPTS = 3;

export interface TicketDelivery {
  /** Sends the tickets; those that cannot be sent now are kept for the next update. */
  send(chatId: number, tickets: readonly TicketDocument[], lang: Lang): Promise<void>;
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

  async function sendOne(chatId: number, ticket: TicketDocument, lang: Lang): Promise<boolean> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      try {
        await api.sendPhoto(
          chatId,
          new InputFile(await ticketQr(ticket.accessCode), ticketFileName(ticket.accessCode)),
          { caption: ticketCaption(ticket, lang) },
        );
        return true;
      } catch (error) {
        logger.warn({ err: error, attempt }, 'telegram: a ticket could not be sent');
        if (attempt + 1 < ATTEMPTS) await pause(attempt);
      }
    }
    return false;
  }

  async function send(chatId: number, tickets: readonly TicketDocument[], lang: Lang) {
    for (const [index, ticket] of tickets.entries()) {
      if (await sendOne(chatId, ticket, lang)) continue;
      const rest = tickets.slice(index);
      const kept = await store.get<Pending>(telegramTicketsKey(chatId));
      const pending: Pending = { tickets: [...(kept?.value.tickets ?? []), ...rest], lang };
      await store.put(telegramTicketsKey(chatId), pending, kept?.version ?? 0, PENDING_TTL_SECONDS);
      logger.error({ left: rest.length }, 'telegram: tickets kept for the next update');
      return;
    }
  }

  return {
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
