/**
 * Tickets as Telegram photos: one QR code PNG per access code (what the venue scans),
 * captioned with the ticket's title, its lines and the code in text.
 */
import type { TicketDocument } from '#flows/view.js';
import type { Lang } from '#src/domain/lang.js';
import { telegramMessages } from './messages.js';
import { qrPng } from './qr-png.js';

/** Telegram's limit for photo captions. */
export const MAX_CAPTION = 1024;

export async function ticketQr(accessCode: string): Promise<Buffer> {
  return qrPng(accessCode, { errorCorrectionLevel: 'M', margin: 2, width: 512 });
}

/**
 * Draws a few codes before a channel takes updates (main.ts): the first drawing in a process
 * compiles the QR encoder and starts zlib (many times a warm drawing's cost), which would
 * otherwise stall the first paying customer's turn and every chat waiting behind it.
 */
export function warmUpTickets(): void {
  for (let round = 0; round < 8; round += 1) void ticketQr(`WARM-UP-${round}`);
}

export function ticketCaption(ticket: TicketDocument, lang: Lang): string {
  const text = [ticket.title, ...ticket.lines, telegramMessages(lang).ticketCode(ticket.accessCode)]
    .filter((line) => line.trim() !== '')
    .join('\n');
  return text.length <= MAX_CAPTION ? text : `${text.slice(0, MAX_CAPTION - 1)}…`;
}

/** A file name Telegram shows for the photo: the code, made safe. */
export function ticketFileName(accessCode: string): string {
  return `ticket-${accessCode.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)}.png`;
}
