/**
 * Ticket types in one step, end to end over the JSON-lines chat against the sandbox: a
 * family chooses 2 adults and 1 child of the museum's tickets in one step (taps), answers
 * the three tickets' questions in one pass ("same as ticket 1 for all" covering the
 * child's too), and reaches the payment step with two cart lines added in one Add.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutputLine } from '#src/channels/console/lines.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { startChat, type Chat } from '#test/support/chat.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const I = demoIds.products;

let sandbox: TestSandbox;
const chats: Chat[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandbox.extra('reset', {});
});
afterEach(async () => {
  for (const chat of chats.splice(0)) await chat.close();
});

async function chatIn(language: 'en' | 'es'): Promise<Chat> {
  // About choosing and answering, not about taking the money: sold on account.
  const chat = await startChat({
    sandbox,
    env: { PARTNER_LANGUAGE: language, PAYMENT_MODE: 'on-account' },
  });
  chats.push(chat);
  await chat.start();
  return chat;
}

const texts = (lines: OutputLine[]) => lines.map((line) => line.text);
const ids = (view: OutputLine) => view.options.map((option) => option.id);
const calls = async () =>
  ((await sandbox.extra('stats')) as { calls: Record<string, number> }).calls;

describe('ticket types in one step', () => {
  it('books 2 adults and 1 child together: one pass of questions, two cart lines', async () => {
    const chat = await chatIn('es');
    await chat.choose('book');
    await chat.pick('Museo del Mar');
    await chat.pick(/^Entradas$/);
    await chat.choose(`product:${I.museumAdult}`);
    await chat.choose(ids(chat.last()).find((id) => id.startsWith('date:'))!);

    const step = chat.last();
    expect(step.text).toMatch(/¿Cuántas entradas de cada tipo\?/);
    expect(step.text).toMatch(/• Niño \(hasta 12 años\): \d+,\d\d\s€/);
    expect(step.text).toMatch(/Llevas: 1 adulto · 0 niños · 0 séniors — /);
    await chat.choose(`types:more:${I.museumAdult}`);
    await chat.choose(`types:more:${I.museumChild}`);
    expect(chat.last().text).toMatch(/Llevas: 2 adultos · 1 niño · 0 séniors — /);
    const total = await chat.choose('types:go');
    expect(texts(total)).toContainEqual(
      expect.stringMatching(/^Total: 2 × \d+,\d\d\s€ \+ 1 × \d+,\d\d\s€ = \d+,\d\d\s€\.$/),
    );

    // One pass: ticket 1 of 3 to 3 of 3, across the two types.
    expect(chat.last().text).toMatch(/^Entrada 1 de 3 — Entrada adulto/);
    await chat.say('Ana García');
    await chat.choose('skip');
    await chat.say('15/08/1980');
    expect(chat.last().text).toMatch(/^Entrada 2 de 3 — Entrada adulto/);
    expect(chat.last().options.find((option) => option.id === 'same')?.label).toMatch(/^📋/);
    await chat.choose('same');
    await chat.say('Luis García');
    await chat.say('15/08/1981');
    // The child's ticket: the optional question copied by "same for all" is not asked.
    expect(chat.last().text).toMatch(/^Entrada 3 de 3 — Entrada infantil/);
    await chat.say('Marta García');
    const added = await chat.say('15/08/2020');
    expect(texts(added)).toContain(
      '✅ Museo del Mar: adulto y Entrada general infantil están en tu carrito.',
    );
    const cart = chat.last();
    expect(cart.text).toMatch(/1\. Museo del Mar: adulto — [^\n]+\n\s+2 × /);
    expect(cart.text).toMatch(/2\. Entrada general infantil — [^\n]+\n\s+1 × /);
    expect((await calls())['cart-add']).toBe(1);

    await chat.choose('checkout');
    await chat.say('Ana García, 12345678Z, +34600111222, ana@example.com');
    for (let turn = 0; turn < 5 && !ids(chat.last()).includes('pay'); turn += 1) {
      const view = chat.last();
      await chat.choose(ids(view).includes('reserve') ? 'reserve' : view.options[0]!.id);
    }
    expect(ids(chat.last())).toContain('pay');
  });

  it('refuses a choice over the group limit with the reason, and keeps it to change', async () => {
    const chat = await chatIn('en');
    await chat.choose('book');
    await chat.pick('Sea Museum');
    await chat.pick(/^Tickets$/);
    await chat.choose(`product:${I.museumChild}`);
    await chat.choose(ids(chat.last()).find((id) => id.startsWith('date:'))!);
    const refused = await chat.say('12 adults and 8 children');
    expect(texts(refused)[0]).toBe('Groups of more than 19 people are not accepted: at most 19.');
    expect(chat.last().text).toMatch(/So far: 0 adults · 1 child · 0 seniors/);
    await chat.say('12 adults and 7 children');
    expect(chat.last().text).toMatch(/^Ticket 1 of 19 — Adult entry/);
  });
});
