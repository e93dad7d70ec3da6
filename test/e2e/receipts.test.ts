/**
 * The receipt and /mybookings through the JSON-lines chat against the sandbox: tickets
 * are counted in people (an adult's ticket with its audio guide is one), products keep
 * the name the customer chose them by, and a purchase whose payment was abandoned or
 * failed is not listed as a booking.
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

async function until(c: Chat, reached: (view: OutputLine) => boolean): Promise<void> {
  const someone = party(1);
  for (let turn = 0; turn < 30 && !reached(c.last()); turn += 1)
    await c.send(hurriedAction(c.last(), someone, 0));
  if (!reached(c.last())) throw new Error(`not reached: ${c.last().text}`);
}
const offers = (id: string) => (view: OutputLine) => view.options.some((o) => o.id === id);

describe('the receipt', () => {
  it('counts people, not included items, and keeps the catalog name', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es', PAYMENT_MODE: 'on-account' } });
    await chat.start();
    await chat.say('1 entrada de adulto para el Museo del Mar el sábado');
    await until(chat, offers('pay'));
    expect(chat.last().text).toMatch(/1\. Museo del Mar: adulto — sáb, 13 jun/);
    const done = (await chat.choose('pay')).at(-1)!;
    // The adult's ticket and its audio guide: two documents, one person.
    expect(done.tickets).toHaveLength(2);
    expect(done.text).toMatch(/• Museo del Mar: adulto — sáb, 13 jun \(1 entrada\)/);
    const listed = await chat.say('mis reservas');
    expect(listed.at(-1)!.text).toMatch(/• Museo del Mar: adulto — sáb, 13 jun \(confirmada\)/);
  });
});

describe('/mybookings', () => {
  it('does not list a purchase whose payment was abandoned, nor one that failed', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es' } });
    await chat.sandbox.extra('reset', { options: { debitPartner: true } });
    await chat.start();
    await chat.say('1 entrada de adulto para el Museo del Mar el sábado');
    await until(chat, offers('pay'));
    const page = (await chat.choose('pay')).find((line) => line.link)!.link!.url;
    // Abandoned: the payment page never paid.
    await chat.say('menú');
    const abandoned = await chat.say('mis reservas');
    expect(abandoned.at(-1)!.text).toMatch(/Aún no tienes reservas hechas aquí/);

    // Failed: the page says the payment did not go through.
    const failed = await fetch(page, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=ko',
    });
    expect(failed.status).toBe(200);
    const stats = (await chat.sandbox.extra('stats')) as { calls: Record<string, number> };
    const before = stats.calls.sales ?? 0;
    const again = await chat.say('mis reservas');
    const after = (await chat.sandbox.extra('stats')) as { calls: Record<string, number> };
    // Looked up again at the service, and still not a booking.
    expect(after.calls.sales ?? 0).toBeGreaterThan(before);
    expect(again.at(-1)!.text).toMatch(/Aún no tienes reservas hechas aquí/);
  });
});
