/**
 * A split by ticket type said in a message ("2 adultos y 2 niños … el sábado") is never
 * lost on the way to the product: typed where a place's list is shown or at a product's
 * card, it reaches the ticket-types step as given (the adults' product picked after it
 * gives 2 adults and 2 children, 48 €, never 4 adults); on a product that cannot take part
 * of it, the bot says which part. Over the JSON-lines chat against the sandbox.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startChat, type Chat } from '#test/support/chat.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

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

async function chat(): Promise<Chat> {
  const opened = await startChat({
    sandbox,
    env: { PARTNER_LANGUAGE: 'es', PAYMENT_MODE: 'on-account' },
  });
  chats.push(opened);
  await opened.start();
  return opened;
}

/** To the museum's place list, where the categories are shown. */
async function atMuseum(customer: Chat) {
  await customer.choose('book');
  await customer.pick('Museo del Mar de Valencia');
}

const texts = (lines: { text: string }[]) => lines.map((line) => line.text).join('\n---\n');

describe('a split by ticket type', () => {
  it('typed at a place, reaches the ticket types of the adults product picked after', async () => {
    const customer = await chat();
    await atMuseum(customer);
    const kept = await customer.say('2 adultos y 2 niños el sabado');
    expect(texts(kept)).toMatch(/Vale: el sábado, 13 de junio de 2026, 2 adultos · 2 niños\./);
    await customer.pick(/^Entradas$/);
    const reply = await customer.pick('Museo del Mar: adulto');
    const summary = texts(reply);
    expect(summary).toMatch(/2 adultos · 2 niños\nTotal: 2 × 15,00\s€ \+ 2 × 9,00\s€ = 48,00\s€/);
    expect(summary).not.toMatch(/4 adultos|60,00/);
    expect(customer.last().text).toMatch(/^Entrada 1 de 4 — Entrada adulto/);
  });

  it('typed at the adults product card, is two adults and two children', async () => {
    const customer = await chat();
    await atMuseum(customer);
    await customer.pick(/^Entradas$/);
    await customer.pick('Museo del Mar: adulto');
    const reply = await customer.say('2 adultos y 2 niños el sabado');
    expect(texts(reply)).toMatch(/2 adultos · 2 niños\nTotal: [^\n]*= 48,00\s€/);
  });

  it('on a product for adults only, says which part it could not place', async () => {
    const customer = await chat();
    await atMuseum(customer);
    await customer.pick(/^Entradas$/);
    await customer.pick('Planetario');
    await customer.say('2 adultos y 2 niños el sabado');
    const reply = await customer.pick('11:00');
    const said = texts(reply);
    expect(said).toMatch(
      /«Museo \+ Planetario» es para 1 adulto: he puesto 2 adultos\. 2 niños: no van en este producto/,
    );
    expect(said).toMatch(/2 entradas\nTotal: 2 × 19,00\s€ = 38,00\s€/);
  });

  it('on a family pack, fills one pack with the two adults and two children', async () => {
    const customer = await chat();
    await atMuseum(customer);
    await customer.pick(/^Entradas$/);
    await customer.pick('Pack familiar');
    const said = texts(await customer.say('2 adultos y 2 niños el sabado'));
    expect(said).toMatch(/Total: 1 × 45,00\s€ = 45,00\s€/);
    expect(said).not.toMatch(/no van en este producto/);
  });
});
