/**
 * Cancellation insurance in the chat, as a customer meets it: through the JSON-lines chat
 * against the sandbox, a ticket free to cancel at any time (the museum's adult ticket) is
 * bought without a word about insurance and without a quote asked of the partner; a
 * ticket that loses money on cancelling (the guided tour: penalties from 48 h) is offered
 * it in the review, and bought with it.
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

const offers = (id: string) => (view: OutputLine) => view.options.some((o) => o.id === id);

/** The hurried customer's answers until `reached` (the review: "reserve" offered). */
async function until(c: Chat, reached: (view: OutputLine) => boolean): Promise<void> {
  const someone = party(2);
  for (let turn = 0; turn < 30 && !reached(c.last()); turn += 1)
    await c.send(hurriedAction(c.last(), someone, 0));
  if (!reached(c.last())) throw new Error(`not reached: ${c.last().text}`);
}

async function quotesAsked(c: Chat): Promise<number> {
  const stats = (await c.sandbox.extra('stats')) as { calls: Record<string, number> };
  return stats.calls.insurancepolicycheck ?? 0;
}

describe('cancellation insurance in the chat', () => {
  it('is never mentioned to a customer buying a ticket free to cancel', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es', PAYMENT_MODE: 'on-account' } });
    await chat.start();
    await chat.say('1 entrada de adulto para el Museo del Mar el sábado');
    await until(chat, offers('reserve'));

    const review = chat.last();
    expect(review.text).toMatch(/Revisa tu pedido/);
    expect(review.text).toMatch(/Cancelación: Cancelación gratuita en cualquier momento\./);
    expect(review.options.map((o) => o.id)).not.toContain('insurance:yes');
    await chat.choose('reserve');
    await chat.choose('pay');
    expect(chat.last().text).toMatch(/Compra confirmada/);

    // Not asked, not offered, not quoted: nothing the customer saw speaks of it.
    const said = chat.transcript.flatMap((view) => [
      view.text,
      ...view.options.map((o) => o.label),
    ]);
    expect(said.filter((text) => /seguro/i.test(text))).toEqual([]);
    expect(await quotesAsked(chat)).toBe(0);
  });

  it('is offered in the review for a ticket with cancellation penalties, and sold', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es', PAYMENT_MODE: 'on-account' } });
    await chat.start();
    await chat.say('2 entradas para la visita guiada del museo del mar el sábado');
    await until(chat, offers('reserve'));

    const review = chat.last();
    expect(review.text).toMatch(/Cancelación: .*penalización del 50/);
    expect(review.text).toMatch(
      /🛡️ Puedes añadir Seguro de cancelación: \d+,\d\d\s€, cubre hasta \d+,\d\d\s€/,
    );
    expect(review.options.map((o) => o.id)).toContain('insurance:yes');
    expect(await quotesAsked(chat)).toBeGreaterThan(0);

    await chat.choose('insurance:yes');
    expect(chat.last().text).toMatch(
      /Seguro de cancelación \(Seguro de cancelación\): \d+,\d\d\s€/,
    );
    await chat.choose('reserve');
    await chat.choose('pay');
    expect(chat.last().text).toMatch(/Compra confirmada/);
  });
});
