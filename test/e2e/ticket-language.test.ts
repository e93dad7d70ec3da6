/**
 * Tickets in the customer's language: GET /Sale answers in the service's
 * own language (it takes no LanguageCode; the sandbox's is Spanish), so English tickets said
 * "Válida el 28/11/2026". The validity line is now the customer's.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { inputFor, museumBooking } from '#test/support/booking-script.js';
import { startChat, type Chat } from '#test/support/chat.js';

const chats: Chat[] = [];
afterAll(async () => {
  for (const chat of chats) await chat.close();
});

/** A museum ticket bought by a customer who speaks English, or stays in Spanish. */
async function bought(customer: 'en' | 'es'): Promise<Chat> {
  const chat = await startChat({ env: { PARTNER_LANGUAGE: 'es', PAYMENT_MODE: 'on-account' } });
  chats.push(chat);
  let view = (await chat.start()).at(-1)!;
  // The museum booking switches to English first (/language, 2); a Spanish customer does not.
  for (const step of customer === 'en' ? museumBooking : museumBooking.slice(2)) {
    const input = inputFor(step, view);
    view = ('choose' in input ? await chat.choose(input.choose) : await chat.say(input.text)).at(
      -1,
    )!;
  }
  expect(view.text).toMatch(/Purchase confirmed|Compra confirmada/);
  return chat;
}

describe('the validity line of a ticket', () => {
  it("is in the customer's language when the partner speaks another", async () => {
    const chat = await bought('en');
    const lines = (chat.last().tickets ?? []).flatMap((ticket) => ticket.lines);
    expect(lines.join('\n')).not.toMatch(/Válida/);
    expect(lines.some((line) => /^Valid on \d\d\/\d\d\/\d{4}$/.test(line))).toBe(true);
  });

  it("is the service's own when it is in the customer's language", async () => {
    const chat = await bought('es');
    const lines = (chat.last().tickets ?? []).flatMap((ticket) => ticket.lines);
    expect(lines.some((line) => /^Válida el \d\d\/\d\d\/\d{4}$/.test(line))).toBe(true);
  });
});
