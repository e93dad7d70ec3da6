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

/** Words of the partner's Spanish that an English receipt or ticket must not carry. */
const SPANISH =
  /Válida|Consulte|Fecha abierta|Salas del museo|toboganes|Piscina de olas|Bodega|\bcata\b/i;

describe('a receipt in English, the partner speaking Spanish', () => {
  // Every demo product with a validity line or an enclosure name that sells on its own:
  // a dated ticket with an enclosure, a pass valid for a range, and an open-dated visit
  // whose service line only says to see the conditions.
  const bought = [
    {
      request: '1 adult ticket for the Sea Museum on Saturday',
      enclosures: ['Museum halls'],
      validity: /^Valid on \d\d\/\d\d\/\d{4}$/,
    },
    {
      request: '1 two-day pass for Saturday',
      enclosures: ['Slides area', 'Wave pool'],
      validity: /^Valid from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}$/,
    },
    {
      request: '1 tour and tasting of three wines on Saturday',
      enclosures: ['Cellar and tasting room'],
      validity: /^Valid from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}$/,
    },
  ];
  for (const { request, enclosures, validity } of bought) {
    it(`has no Spanish line: ${request}`, async () => {
      chat = await startChat({ env: { PARTNER_LANGUAGE: 'es', PAYMENT_MODE: 'on-account' } });
      await chat.start();
      await chat.say(request);
      await until(chat, offers('pay'));
      const done = (await chat.choose('pay')).at(-1)!;
      expect(done.text).toMatch(/^🎉 Purchase confirmed!/);
      expect(done.text).not.toMatch(SPANISH);
      const tickets = done.tickets ?? [];
      expect(tickets.length).toBeGreaterThan(0);
      for (const ticket of tickets) {
        expect(ticket.lines.join('\n')).not.toMatch(SPANISH);
        expect(ticket.lines.some((line) => validity.test(line))).toBe(true);
        expect(ticket.lines.some((line) => enclosures.includes(line))).toBe(true);
      }
      // Sent again from /mybookings, the same.
      await chat.say('/mybookings');
      const again = (await chat.choose('tickets:1')).at(-1)!;
      expect(again.text).not.toMatch(SPANISH);
      expect((again.tickets ?? []).flatMap((t) => t.lines).join('\n')).not.toMatch(SPANISH);
    });
  }
});
