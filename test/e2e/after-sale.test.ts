/**
 * After the purchase the conversation is at home, through the JSON-lines chat against
 * the sandbox: a greeting or any new words do not send the receipt and the tickets
 * again; a new request starts a new booking; the tickets come again only when asked
 * ("reenviar entradas", /mybookings).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { OutputLine } from '#src/channels/console/lines.js';
import { hurriedAction } from '#journeys/customer.js';
import { party } from '#journeys/persona.js';
import { startChat, type Chat } from '#test/support/chat.js';

let chat: Chat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

/** The customer answers as a hurried one does (journeys/customer.ts) until `reached`. */
async function until(c: Chat, reached: (view: OutputLine) => boolean): Promise<void> {
  const someone = party(1);
  for (let turn = 0; turn < 30 && !reached(c.last()); turn += 1)
    await c.send(hurriedAction(c.last(), someone, 0));
  if (!reached(c.last())) throw new Error(`not reached: ${c.last().text}`);
}

const offers = (id: string) => (view: OutputLine) => view.options.some((o) => o.id === id);
const ticketsIn = (lines: OutputLine[]) => lines.flatMap((line) => line.tickets ?? []);

describe('after a sale', () => {
  it('is at home: no receipt again, a new request books, tickets only when asked', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es', PAYMENT_MODE: 'on-account' } });
    await chat.start();
    await chat.say('1 entrada de adulto para el Museo del Mar el sábado');
    await until(chat, offers('pay'));
    const sold = await chat.choose('pay');
    expect(sold.at(-1)!.text).toMatch(/Compra confirmada/);
    const codes = ticketsIn(sold).map((ticket) => ticket.accessCode);
    expect(codes.length).toBeGreaterThan(0);

    // A greeting: the home menu, nothing of the purchase sent again.
    const hello = await chat.say('hola');
    expect(ticketsIn(hello)).toEqual([]);
    expect(hello.map((line) => line.text).join('\n')).not.toMatch(/Compra confirmada|Pedido/);
    expect(chat.last().text).toMatch(/¿Qué quieres hacer\?/);

    // Asked for: the tickets again, from the customer's bookings.
    const asked = await chat.say('reenviar entradas');
    expect(ticketsIn(asked)).toEqual([]);
    const again = chat.last().options.find((option) => option.id.startsWith('tickets:'));
    expect(again?.label).toMatch(/Entradas: .*sáb, 13 jun/);
    const resent = await chat.choose(again!.id);
    expect(ticketsIn(resent).map((ticket) => ticket.accessCode)).toEqual(codes);
  });

  it('takes a new request typed at the receipt as a new booking', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es', PAYMENT_MODE: 'on-account' } });
    await chat.start();
    await chat.say('1 entrada de adulto para el Museo del Mar el sábado');
    await until(chat, offers('pay'));
    await chat.choose('pay');
    expect(chat.last().text).toMatch(/Compra confirmada/);

    const next = await chat.say('2 adultos al museo del mar el domingo');
    const said = next.map((line) => line.text).join('\n');
    expect(ticketsIn(next)).toEqual([]);
    expect(said).not.toMatch(/no te he entendido|Compra confirmada/i);
    expect(said).toMatch(/domingo, 14 de junio de 2026\n2 adultos\nTotal: 2 × 15,00\s€ = 30,00\s€/);

    // Words the home menu does not take: said so once, at home, the receipt not resent.
    await chat.say('menú');
    await chat.say('1 entrada de adulto para el Museo del Mar el sábado');
    await until(chat, offers('pay'));
    await chat.choose('pay');
    const unread = await chat.say('qwerty zxcv');
    expect(ticketsIn(unread)).toEqual([]);
    expect(unread[0]!.text).toMatch(/No te he entendido/);
    expect(chat.last().text).toMatch(/¿Qué quieres hacer\?/);
  });
});
