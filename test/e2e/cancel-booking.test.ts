/**
 * Cancelling a bought booking, through the JSON-lines chat against the sandbox: the
 * customer buys, then asks in Spanish to cancel it; the sale's policy and what it means
 * now are shown, and on their yes staff are handed the request once (the service has no
 * operation that creates a cancellation request). A non-refundable booking is said so
 * with a person offered; a past one cannot be cancelled.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { OutputLine } from '#src/channels/console/lines.js';
import type { BotEvents } from '#src/events.js';
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

async function buy(c: Chat, request: string): Promise<void> {
  await c.say(request);
  await until(c, offers('pay'));
  await c.choose('pay');
  expect(c.last().text).toMatch(/Compra confirmada/);
}

function requests(c: Chat): BotEvents['cancellation.requested'][0][] {
  const seen: BotEvents['cancellation.requested'][0][] = [];
  c.app.events.on('cancellation.requested', (event) => seen.push(event));
  return seen;
}

describe('cancelling a bought booking', () => {
  it('shows the policy, asks, and hands a refundable one to staff once', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es', PAYMENT_MODE: 'on-account' } });
    const seen = requests(chat);
    await chat.start();
    await buy(chat, '1 entrada de adulto para el Museo del Mar el sábado');

    const asked = await chat.say('quiero cancelar mi reserva del sábado');
    const view = asked.at(-1)!;
    expect(view.text).toMatch(/sáb, 13 jun/);
    expect(view.text).toMatch(/Condiciones de cancelación: Cancelación gratuita/);
    expect(view.text).toMatch(/Si la cancelas ahora, no tiene coste\./);
    expect(view.text).toMatch(/¿Quieres que pidamos su cancelación\?/);
    expect(seen).toEqual([]);

    const done = await chat.choose('yes');
    expect(done.at(-1)!.text).toMatch(
      /He pasado tu petición de cancelar .* a nuestro equipo: la tramitarán con el proveedor y te confirmarán/,
    );
    await chat.say('hola');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      date: '2026-06-13',
      policy: expect.stringMatching(/Free cancellation/),
      appliesNow: 'Cancelling it now is free of charge.',
      order: { products: [{ date: '2026-06-13', quantity: 1 }] },
    });
    expect(seen[0]!.partnerSaleId).not.toBe('');

    // "cancelar" alone keeps its meaning: the command, no request to staff.
    await chat.say('cancelar');
    expect(seen).toHaveLength(1);
  });

  it('from /mybookings: nothing back is said so with a person offered; a past day cannot be', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es', PAYMENT_MODE: 'on-account' } });
    const seen = requests(chat);
    await chat.start();
    await buy(chat, '2 entradas para la visita guiada del museo del mar el sábado');

    // The day before the visit: the sale's rule for that day takes the whole price.
    chat.sandbox.sandbox.clock.set(new Date('2026-06-12T10:00:00Z'));
    await chat.say('/mybookings');
    const button = chat.last().options.find((option) => option.id.startsWith('cancel:'));
    expect(button?.label).toMatch(/❌ Cancelar esta reserva: .*sáb, 13 jun/);
    const refused = (await chat.choose(button!.id)).at(-1)!;
    expect(refused.text).toMatch(/Condiciones de cancelación: .*penalización de 32,00\s€/);
    expect(refused.text).toMatch(/no es reembolsable: si la cancelas no se devuelve nada/);
    expect(refused.options.map((option) => option.label)).toContain('🙋 Hablar con una persona');
    expect(refused.options.some((option) => option.id === 'yes')).toBe(false);

    // The day after: it cannot be cancelled any more.
    chat.sandbox.sandbox.clock.set(new Date('2026-06-14T10:00:00Z'));
    const past = (await chat.say('cancelar mi compra')).at(-1)!;
    expect(past.text).toMatch(/ya ha pasado: ya no se puede cancelar/);
    expect(past.options.some((option) => option.id === 'yes')).toBe(false);
    expect(seen).toEqual([]);
  });
});

describe('cancelling one of several bookings', () => {
  it('asks which when the words name no day, and says the penalty that applies now', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es', PAYMENT_MODE: 'on-account' } });
    const seen = requests(chat);
    await chat.start();
    await buy(chat, '1 entrada de adulto para el Museo del Mar el sábado');
    await buy(chat, '2 entradas para la visita guiada del museo del mar el sábado');

    // Two days before the visit: the guided tour's first rule (half the price) applies.
    chat.sandbox.sandbox.clock.set(new Date('2026-06-11T10:00:00Z'));
    const which = (await chat.say('quiero anular mi compra')).at(-1)!;
    expect(which.text).toMatch(/¿Qué reserva quieres cancelar\?/);
    const picks = which.options.filter((option) => option.id.startsWith('cancel:'));
    expect(picks).toHaveLength(2);

    await chat.pick(/Visita guiada/);
    expect(chat.last().text).toMatch(
      /Si la cancelas ahora, se aplica una penalización de 16,00\s€: se te devolverían 16,00\s€\./,
    );
    await chat.choose('yes');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      appliesNow: expect.stringMatching(/a penalty of €16.00 applies: you would get €16.00 back/),
      order: { conversationId: chat.conversationId },
    });
  });
});

describe('asking to cancel with nothing bought', () => {
  it('says so at a reserved order and leads back to it, nothing sent to staff', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es', PAYMENT_MODE: 'on-account' } });
    const seen = requests(chat);
    await chat.start();
    await chat.say('1 entrada de adulto para el Museo del Mar el sábado');
    await until(chat, offers('pay'));

    const none = (await chat.say('cancelar mi reserva')).at(-1)!;
    expect(none.text).toMatch(/No encuentro ninguna reserva tuya hecha aquí/);
    await chat.choose('cart');
    expect(chat.last().text).toMatch(/Museo del Mar/);
    expect(seen).toEqual([]);
  });
});

describe('cancelling in English', () => {
  it('answers "cancel my booking" in English and hands it to staff', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'en', PAYMENT_MODE: 'on-account' } });
    const seen = requests(chat);
    await chat.start();
    await chat.say('1 adult ticket for the Sea Museum on Saturday');
    await until(chat, offers('pay'));
    await chat.choose('pay');

    const view = (await chat.say('cancel my booking')).at(-1)!;
    expect(view.text).toMatch(/Cancellation policy: Free cancellation at any time\./);
    expect(view.text).toMatch(/Shall we ask for it to be cancelled\?/);
    const done = (await chat.choose('yes')).at(-1)!;
    expect(done.text).toMatch(/I have passed your request to cancel .* to our team/);
    expect(seen).toHaveLength(1);
  });
});
