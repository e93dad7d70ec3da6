/**
 * Smaller readings of what customers type, over the JSON-lines chat against the sandbox:
 * "sábado tarde" keeps its afternoon without "por la"; a list of heights is one answer
 * per ticket, as names and dates are; "el 3 de mayo" in June is asked about with the year
 * to type, never taken silently as next year's. (A question typed at a question:
 * test/e2e/change-of-mind.test.ts.)
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

const texts = (lines: { text: string }[]) => lines.map((line) => line.text).join('\n---\n');

describe('what customers type, read as meant', () => {
  it('"el sabado tarde" offers the afternoon sessions only', async () => {
    const customer = await chat();
    await customer.say('2 entradas para el planetario el sabado tarde');
    const view = customer.last();
    expect(view.text).toMatch(/sábado, 13 de junio de 2026/);
    const sessions = view.options.filter((option) => option.id.startsWith('session:'));
    expect(sessions.map((option) => option.label)).toEqual([expect.stringMatching(/^17:00/)]);
  });

  it('a list of heights, one per line, answers each ticket', async () => {
    const customer = await chat();
    await customer.choose('book');
    await customer.pick('Parque Acuático Atlántico');
    await customer.pick('infantil (menos de 120 cm)');
    await customer.say('2 niños el sábado');
    // The wave pool's day: the same.
    await customer.choose('date:2026-06-13');
    expect(customer.last().text).toMatch(/^Entrada 1 de 2 — [^\n]*Altura/);
    const reply = await customer.say('1,15\n1,18');
    const said = texts(reply);
    expect(said).toMatch(/Anotadas las entradas 1 y 2/);
    expect(said).not.toMatch(/no es un número/);
  });

  it('"el 3 de mayo" in June at a request keeps the product and the adults, with the days on sale', async () => {
    const customer = await chat();
    const reply = texts(await customer.say('2 adultos al museo del mar el 3 de mayo'));
    // Next year's 3 May is not on sale (sales end in September): not suggested.
    expect(reply).toMatch(
      /El domingo, 3 de mayo de 2026 ya ha pasado\. Las fechas disponibles más cercanas: mié, 10 jun;/,
    );
    expect(reply).not.toMatch(/2027/);
    expect(customer.last().text).toMatch(/¿Qué día quieres ir\?/);
    const picked = texts(await customer.choose('date:2026-06-10'));
    expect(picked).toMatch(
      /miércoles, 10 de junio de 2026\n2 adultos\nTotal: 2 × 12,00\s€ = 24,00\s€\./,
    );
  });

  it('"el 3 de mayo" in June at the date step: passed, the days on sale offered', async () => {
    const customer = await chat();
    await customer.choose('book');
    await customer.pick('Museo del Mar de Valencia');
    await customer.pick(/^Entradas$/);
    await customer.pick('Museo del Mar: adulto');
    await customer.choose('next');
    const typed = await customer.say('el 3 de mayo');
    expect(texts(typed)).toMatch(
      /El domingo, 3 de mayo de 2026 ya ha pasado\. Las fechas disponibles más cercanas/,
    );
    expect(texts(typed)).not.toMatch(/escríbelo con el año/);
    expect(customer.last().text).toMatch(/¿Qué día quieres ir\?/);
  });
});

describe('a language asked for in a request', () => {
  it('"in English please" with a request in Spanish: both taken, the language first', async () => {
    const customer = await chat();
    const reply = await customer.say(
      'in English please. 2 entradas de adulto para el museo del mar el sábado',
    );
    const said = texts(reply);
    expect(said).toMatch(/Language changed to English/);
    expect(said).toMatch(
      /📝 Your choice:\nValencia Sea Museum · Tickets\nSaturday, 13 June 2026\n2 adults/,
    );
    expect(customer.last().text).toMatch(/^Ticket 1 of 2 — /);
  });
});
