/**
 * Money the customer cannot be left stuck on, through the JSON-lines chat against the
 * sandbox: a gift card fully redeemed with a debit partner (the sandbox as `npm start`
 * runs it) is sold with the partner's payment method and delivered at once, with no
 * payment page for 0 €; and a refusal of the service is told in the customer's language,
 * never in the service's own words, which go to the logs.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { salesOperation } from '#src/api/sales.js';
import type { OutputLine } from '#src/channels/console/lines.js';
import { createLogger } from '#src/log.js';
import { hurriedAction } from '#journeys/customer.js';
import { party } from '#journeys/persona.js';
import { startChat, type Chat } from '#test/support/chat.js';

let chat: Chat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const texts = (lines: OutputLine[]) => lines.map((line) => line.text).join('\n');
/** The sandbox's seeded gift card (redeemable once). */
const SEEDED_CARD = '3167250411491835499';
const BUYER = 'Ana García, 12345678Z, +34600111222, ana@example.com';

/** The customer answers as a hurried one does (journeys/customer.ts) until `reached`. */
async function until(c: Chat, reached: (view: OutputLine) => boolean): Promise<void> {
  const someone = party(1);
  for (let turn = 0; turn < 30 && !reached(c.last()); turn += 1)
    await c.send(hurriedAction(c.last(), someone, 0));
  if (!reached(c.last())) throw new Error(`not reached: ${c.last().text}`);
}

/** A logger and what it wrote. */
function capture() {
  let written = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      written += chunk.toString('utf8');
      callback();
    },
  });
  return {
    logger: createLogger({ destination, secrets: [], level: 'info' }),
    written: () => written,
  };
}

describe('a gift card redeemed with a debit partner', () => {
  it('is sold with the payment method and delivered, no payment page, no raw English', async () => {
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es' } });
    await chat.sandbox.extra('reset', { options: { debitPartner: true } });
    await chat.start();
    const start = chat.transcript.length;
    await chat.pick('Tarjetas regalo');
    await chat.pick('Canjear');
    await chat.say(SEEDED_CARD);
    await chat.choose('use');
    await chat.choose('qty:1');
    await chat.choose('checkout');
    await chat.say(BUYER);
    expect(chat.last().text).toMatch(/Total a pagar: 0,00\s€/);
    await chat.choose('reserve');
    const sold = await chat.choose('pay');
    const done = sold.at(-1)!;
    expect(done.text).toMatch(/Compra confirmada/);
    expect(done.link).toBeUndefined();
    expect(done.tickets?.length).toBeGreaterThan(0);
    const said = texts(chat.transcript.slice(start));
    expect(said).not.toMatch(/PaymentMethod|required|no lo ha aceptado/);

    // The service has the sale, paid (nothing to collect), under the partner's method.
    const records = chat.sandbox.sandbox
      .context()
      .state.cart.sales.all()
      .filter((record) => record.activities.some((a) => a.redeemsGiftCard === SEEDED_CARD));
    expect(records).toHaveLength(1);
    expect(records[0]!.payment).toMatchObject({ paymentMethodType: 1, outcome: 'paid' });
    const listed = await chat.sandbox.client.call(salesOperation, {
      partnerSaleId: records[0]!.partnerSaleId,
    });
    expect(listed.sales[0]!.activities.every((activity) => activity.status === 2)).toBe(true);
  });
});

describe('a refusal of the service', () => {
  it('at the reservation (capacity, 1204): said in Spanish, the service words logged', async () => {
    const log = capture();
    chat = await startChat({ env: { PARTNER_LANGUAGE: 'es' }, logger: log.logger });
    await chat.sandbox.extra('reset', { options: { debitPartner: true } });
    await chat.start();
    const start = chat.transcript.length;
    await chat.say('1 entrada de adulto para el Museo del Mar el sábado');
    await until(chat, (view) => view.options.some((option) => option.id === 'reserve'));
    await chat.sandbox.extra('faults', {
      faults: [{ operation: 'cart-confirm', capacityExhausted: true, times: 1 }],
    });
    const refused = await chat.choose('reserve');
    const said = texts(chat.transcript.slice(start));
    expect(texts(refused)).toMatch(/Ya no quedan plazas suficientes/);
    expect(said).not.toMatch(/capacity|exhausted|reserved:|no lo ha aceptado/i);
    expect(log.written()).toMatch(
      /partner refused[^\n]*capacity exhausted|capacity exhausted[^\n]*partner refused/,
    );
  });
});
