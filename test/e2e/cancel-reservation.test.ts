/**
 * "cancelar" typed at a reserved order, through the JSON-lines chat against the sandbox:
 * what cancelling does is said first; "no" keeps the reservation held; yes releases it
 * at the service (CancelConfirm) and keeps the cart.
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

async function calls(c: Chat): Promise<Record<string, number>> {
  return ((await c.sandbox.extra('stats')) as { calls: Record<string, number> }).calls;
}

describe('cancelling a reserved order in words', () => {
  it('says what happens, keeps it on "no", releases it on yes and keeps the cart', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es' } });
    await chat.sandbox.extra('reset', { options: { debitPartner: true } });
    await chat.start();
    await chat.say('1 entrada de adulto para el Museo del Mar el sábado');
    await until(chat, (view) => view.options.some((option) => option.id === 'pay'));
    expect(chat.last().text).toMatch(/Tu pedido está reservado/);

    const asked = await chat.say('cancelar');
    const question = asked.at(-1)!;
    expect(question.text).toMatch(/¿Cancelo la reserva\? Las plazas se liberan y no se cobra nada/);
    expect(question.text).not.toMatch(/empezamos de nuevo/);
    await chat.say('no');
    expect(chat.last().text).toMatch(/Tu pedido está reservado/);
    expect((await calls(chat))['cart-cancelconfirm'] ?? 0).toBe(0);

    await chat.say('cancelar');
    const done = await chat.say('sí');
    const said = done.map((line) => line.text).join('\n');
    expect(said).toMatch(/Reserva cancelada\. Tu carrito sigue aquí\./);
    expect(chat.last().text).toMatch(/^🛒 Tu carrito:\n1\. Museo del Mar: adulto/);
    expect((await calls(chat))['cart-cancelconfirm']).toBe(1);
  });

  it('with the payment link open, says not paying cancels it and asks first', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es' } });
    await chat.sandbox.extra('reset', { options: { debitPartner: true } });
    await chat.start();
    await chat.say('1 entrada de adulto para el Museo del Mar el sábado');
    await until(chat, (view) => view.options.some((option) => option.id === 'pay'));
    await chat.choose('pay');
    expect(chat.last().link?.url).toBeDefined();

    const asked = (await chat.say('cancelar')).at(-1)!;
    expect(asked.text).toMatch(
      /^Tu compra espera el pago \(15,00\s€\) y no se ha cobrado nada\. Para cancelarla basta con no pagar/,
    );
    expect(asked.text).not.toMatch(/empezamos de nuevo/);
    expect(asked.options.map((option) => option.label)).toEqual([
      '✖️ Sí, no voy a pagar',
      '↩️ No, volver al pago',
    ]);
    await chat.pick('No, volver al pago');
    expect(chat.last().text).toMatch(/^💳 Falta el pago \(15,00\s€\)/);

    await chat.say('cancelar');
    const left = (await chat.pick('Sí, no voy a pagar')).map((line) => line.text).join('\n');
    expect(left).toMatch(/no pagues en el enlace y no se cobrará nada/);
    expect(left).not.toMatch(/empezamos de nuevo|Tu carrito se mantiene/);
    expect(chat.last().text).toMatch(/¿Qué quieres hacer\?/);
  });
});
