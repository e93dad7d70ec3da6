/**
 * The tickets' delivery on its own (a stand-in for grammY's Api): photos drawn ahead are
 * drawn in the loop's next turn, not in the caller's, and are the ones sent; a photo
 * that failed to draw is drawn again at the next attempt, as a failed upload is sent
 * again.
 */
import type { Api, InputFile } from 'grammy';
import { describe, expect, it } from 'vitest';
import { createTicketDelivery } from '#src/channels/telegram/ticket-delivery.js';
import { ticketQr } from '#src/channels/telegram/tickets.js';
import { silentLogger } from '#src/log.js';
import { createMemoryStore } from '#src/store/memory-store.js';

const tickets = ['AC-1', 'AC-2'].map((accessCode) => ({
  accessCode,
  title: `Ticket ${accessCode}`,
  lines: [],
}));

/** An Api whose sendPhoto keeps what it was given. */
function photoApi() {
  const sent: { chatId: number; photo: InputFile; caption: string }[] = [];
  const api = {
    async sendPhoto(chatId: number, photo: InputFile, options: { caption: string }) {
      sent.push({ chatId, photo, caption: options.caption });
      return {};
    },
  } as unknown as Api;
  return { api, sent };
}

const bytesOf = async (photo: InputFile) => (await photo.toRaw()) as Uint8Array;

describe('the ticket delivery', () => {
  it('draws the photos after what the caller started, and sends the ones drawn', async () => {
    const { api, sent } = photoApi();
    const delivery = createTicketDelivery({
      api,
      store: createMemoryStore(),
      logger: silentLogger,
    });
    const drawn = delivery.draw(tickets);
    const ready: boolean[] = [false, false];
    drawn.forEach((photo, index) => void photo.then(() => (ready[index] = true)));
    // The caller's own continuations (its sends on their way) come first.
    for (let tick = 0; tick < 20; tick += 1) await Promise.resolve();
    expect(ready).toEqual([false, false]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ready).toEqual([true, true]);

    await delivery.send(7, tickets, 'en', drawn);
    expect(sent.map((photo) => photo.caption)).toEqual([
      'Ticket AC-1\nCode: AC-1',
      'Ticket AC-2\nCode: AC-2',
    ]);
    for (const [index, photo] of sent.entries()) {
      expect(await bytesOf(photo.photo)).toBe(await drawn[index]!);
      expect(await bytesOf(photo.photo)).toEqual(await ticketQr(tickets[index]!.accessCode));
    }
  });

  it('draws a photo again when its drawing failed, and sends the rest as drawn', async () => {
    const { api, sent } = photoApi();
    const delivery = createTicketDelivery({
      api,
      store: createMemoryStore(),
      logger: silentLogger,
      retryDelayMs: 0,
    });
    const failed = Promise.reject(new Error('could not draw'));
    failed.catch(() => undefined);
    const second = Buffer.from('drawn ahead');
    await delivery.send(7, tickets, 'en', [failed, Promise.resolve(second)]);
    expect(sent).toHaveLength(2);
    expect(await bytesOf(sent[0]!.photo)).toEqual(await ticketQr('AC-1'));
    expect(await bytesOf(sent[1]!.photo)).toBe(second);
  });
});
