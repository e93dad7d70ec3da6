/**
 * The cart by text, over the JSON-lines chat against the sandbox: "añade también 2
 * entradas para …", "quita la entrada del niño", "cambia a 3 adultos" and "vacía el
 * carrito" typed at the cart or at the order's review change the cart as said.
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

/** Answers the ticket questions the simplest way until the cart is shown. */
async function toCart(customer: Chat): Promise<string> {
  for (let turn = 0; turn < 20 && !/^🛒/.test(customer.last().text); turn += 1) {
    const view = customer.last();
    const skip = view.options.find((option) => /omitir/i.test(option.label));
    if (skip) await customer.choose(skip.id);
    else if (/nacimiento/i.test(view.text)) await customer.say(birthDateFor(view.text));
    else if (view.expects === 'choice') await customer.choose(view.options[0]!.id);
    else await customer.say('Eva Ruiz');
  }
  expect(customer.last().text).toMatch(/^🛒/);
  return customer.last().text;
}

/** A birth date the ticket's age bounds accept: a child's for a child's ticket. */
const birthDateFor = (question: string): string =>
  /infantil|niñ/i.test(question) ? '01/01/2018' : '01/01/1990';

const texts = (lines: { text: string }[]) => lines.map((line) => line.text).join('\n---\n');

/** The family's two lines in the cart: 2 adults and 1 child at the museum on Saturday. */
async function familyInCart(customer: Chat): Promise<void> {
  await customer.say('2 adultos y 1 niño al museo del mar el sabado');
  const cart = await toCart(customer);
  expect(cart).toMatch(/1\. Museo del Mar: adulto — sáb, 13 jun\n\s+2 × 15,00/);
  expect(cart).toMatch(/2\. Entrada general infantil — sáb, 13 jun\n\s+1 × 9,00/);
}

describe('the cart by text', () => {
  it('adds another product with what the message says, from the cart', async () => {
    const customer = await chat();
    await familyInCart(customer);
    const reply = await customer.say(
      'añade también 2 entradas para el acuario el sábado a las 12:30',
    );
    expect(texts(reply)).toMatch(/Acuario de medusas: alimentación está en tu carrito/);
    expect(customer.last().text).toMatch(
      /3\. Acuario de medusas: alimentación — sáb, 13 jun · 12:30\n\s+2 × 6,00\s€ = 12,00\s€\nTotal: 51,00\s€/,
    );
  });

  it("removes the child's ticket, then makes the adults 3, then empties the cart", async () => {
    const customer = await chat();
    await familyInCart(customer);
    const removed = await customer.say('quita la entrada del niño');
    expect(texts(removed)).toMatch(/he quitado Entrada general infantil del carrito/);
    expect(customer.last().text).not.toMatch(/infantil/);

    const changed = await customer.say('cambia a 3 adultos');
    // The line booked again on its day with 3: only the new visitors' questions asked.
    expect(texts(changed)).toMatch(
      /sábado, 13 de junio de 2026\n3 adultos\nTotal: 3 × 15,00\s€ = 45,00\s€/,
    );
    const cart = await toCart(customer);
    expect(cart).toMatch(
      /Museo del Mar: adulto — sáb, 13 jun\n\s+3 × 15,00\s€ = 45,00\s€\nTotal: 45,00\s€/,
    );

    const emptied = await customer.say('vacía el carrito');
    expect(texts(emptied)).toMatch(/Hecho: tu carrito está vacío\./);
    expect(customer.last().text).toMatch(/^Tu carrito está vacío/);
  });

  it("removes the child's ticket from the order's review", async () => {
    const customer = await chat();
    await familyInCart(customer);
    await customer.choose('checkout');
    await customer.say('Ana García, 12345678Z, +34600111222, ana@example.com');
    expect(customer.last().text).toMatch(/^📋 Revisa tu pedido:/);
    const reply = await customer.say('quita la entrada del niño');
    expect(texts(reply)).toMatch(/he quitado Entrada general infantil del carrito/);
    expect(customer.last().text).toMatch(
      /^🛒 Tu carrito:\n1\. Museo del Mar: adulto[^\n]*\n[^\n]*\nTotal: 30,00\s€/,
    );
  });

  it('asks which line when the words name several', async () => {
    const customer = await chat();
    await familyInCart(customer);
    const reply = await customer.say('quita una entrada');
    expect(texts(reply)).toMatch(
      /¿Qué línea\? 1\. Museo del Mar: adulto; 2\. Entrada general infantil/,
    );
    expect(customer.last().text).toMatch(/^🛒/);
  });

  it('"cambia a 3 adultos" keeps the two visitors\' answers: only the third is asked', async () => {
    const customer = await chat();
    await customer.say('2 adultos al museo del mar el sábado');
    await customer.say('Ana García\nLuis Pérez');
    await customer.pick(/Omitir las opcionales de todas/);
    await customer.say('12/03/1985\n01/01/1980');
    expect(customer.last().text).toMatch(/Museo del Mar: adulto — sáb, 13 jun\n\s+2 × 15,00/);

    const changed = texts(await customer.say('cambia a 3 adultos'));
    // Said as the change of count it is, never as a removal.
    expect(changed).toMatch(/De acuerdo, lo cambio: 3 adultos en Museo del Mar: adulto\./);
    expect(changed).not.toMatch(/he quitado/);
    expect(changed).toMatch(
      /sábado, 13 de junio de 2026\n3 adultos\nTotal: 3 × 15,00\s€ = 45,00\s€/,
    );
    // The first question asked is the new visitor's name, none of the first two's.
    expect(customer.last().text).toMatch(/^Entrada 3 de 3 — [^\n]*Nombre/);
    await customer.say('Eva Ruiz');
    const asked: string[] = [];
    for (let turn = 0; turn < 6 && !/^🛒/.test(customer.last().text); turn += 1) {
      const view = customer.last();
      asked.push(view.text.split('\n')[0]!);
      const skip = view.options.find((option) => option.id === 'skip');
      if (skip) await customer.choose(skip.id);
      else await customer.say('01/01/1990');
    }
    expect(asked.every((heading) => heading.startsWith('Entrada 3 de 3'))).toBe(true);
    expect(customer.last().text).toMatch(
      /Museo del Mar: adulto — sáb, 13 jun\n\s+3 × 15,00\s€ = 45,00\s€\nTotal: 45,00\s€/,
    );
    // The service received the first visitors' names with the new line.
    const sold = customer.transcript.map((line) => line.text).join('\n');
    expect(sold).not.toMatch(/Entrada 1 de 3 — /);
  });

  it('"mejor quita el museo y pon el parque acuático" removes, then opens the park for the day and party', async () => {
    const customer = await chat();
    await customer.say('1 adulto al museo del mar el sábado');
    await toCart(customer);
    const reply = texts(await customer.say('mejor quita el museo y pon el parque acuático'));
    expect(reply).toMatch(/he quitado Museo del Mar: adulto del carrito/);
    expect(reply).toMatch(/el sábado, 13 de junio de 2026, 1 adulto/);
    expect(customer.last().text).toMatch(/^Parque Acuático Atlántico: elige un producto/);
    const park = texts(await customer.pick(/^Entrada parque adulto/));
    expect(park).toMatch(/sábado, 13 de junio de 2026\n1 adulto/);
  });

  it('"añade una entrada de niño" at the review adds a child ticket for the cart\'s museum and day', async () => {
    const customer = await chat();
    await customer.say('1 adulto al museo del mar el sábado');
    await toCart(customer);
    await customer.choose('checkout');
    await customer.say('Ana García López, 12345678Z, 612345678, ana@example.com');
    expect(customer.last().text).toMatch(/^📋 Revisa tu pedido:/);
    const reply = texts(await customer.say('añade una entrada de niño'));
    expect(reply).not.toMatch(/Dime qué añadir/);
    expect(reply).toMatch(/sábado, 13 de junio de 2026\n1 niño/);
    await toCart(customer);
    const shown = customer.transcript.map((line) => line.text).join('\n---\n');
    expect(shown).toMatch(/Entrada general infantil[^\n]*sáb, 13 jun\n\s+1 × 9,00/);
    expect(shown).toMatch(/Total[^\n]*24,00\s€/);
    await customer.choose('checkout');
    // The buyer's details are kept: one tap back to the review, with the new total.
    expect(customer.last().text).toMatch(
      /^📋 Revisa tu pedido:[\s\S]*2\. Entrada general infantil[\s\S]*Total a pagar: 24,00\s€/,
    );
  });
});
