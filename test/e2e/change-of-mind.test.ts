/**
 * Changes of mind typed at a question, over the JSON-lines chat against the sandbox: text
 * that reads as a change of the date, the session, how many or the product is taken as
 * that change, never stored as an answer (a visitor named "mejor el domingo"); what was
 * chosen and answered before is kept where it still applies. The same at the quantity
 * step ("el domingo"). A question typed where an answer is expected is said to be one.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingContext } from '#flows/booking/types.js';
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

async function chat(language: 'es' | 'en' = 'es'): Promise<Chat> {
  const opened = await startChat({
    sandbox,
    env: { PARTNER_LANGUAGE: language, PAYMENT_MODE: 'on-account' },
  });
  chats.push(opened);
  await opened.start();
  return opened;
}

/** A birth date the ticket's age bounds accept: a child's for a child's ticket. */
const birthDateFor = (question: string): string =>
  /infantil|niñ/i.test(question) ? '01/01/2018' : '01/01/1990';

const texts = (lines: { text: string }[]) => lines.map((line) => line.text).join('\n---\n');

/** Every answer the sandbox received for the cart's tickets, as text. */
async function cartText(customer: Chat): Promise<string> {
  for (let turn = 0; turn < 20 && !/^🛒/.test(customer.last().text); turn += 1) {
    const view = customer.last();
    const skip = view.options.find((option) => /omitir/i.test(option.label));
    if (skip) await customer.choose(skip.id);
    else if (/nacimiento/i.test(view.text)) await customer.say(birthDateFor(view.text));
    else if (view.expects === 'choice') await customer.choose(view.options[0]!.id);
    else await customer.say('Eva Ruiz');
  }
  return customer.last().text;
}

describe('a change of mind typed at a question', () => {
  it('"quiero cambiar la fecha al domingo" at a name is the new day, the names given kept', async () => {
    const customer = await chat();
    await customer.say('2 adultos y 2 niños al museo del mar el sabado');
    expect(customer.last().text).toMatch(/^Entrada 1 de 4 — Entrada adulto, asistente 1: Nombre/);
    await customer.say('Ana García');
    const reply = await customer.say('quiero cambiar la fecha al domingo');
    const said = texts(reply);
    expect(said).toMatch(/De acuerdo, lo cambio: el domingo, 14 de junio de 2026\./);
    // The counts kept: the same choice on the new day, not asked again.
    expect(said).toMatch(/domingo, 14 de junio de 2026\n2 adultos · 2 niños\nTotal: [^\n]*48,00/);
    // The name given is kept, and the questions go on from the first still open.
    expect(customer.last().text).not.toMatch(/Nombre y apellidos/);
    expect(customer.last().text).toMatch(/^Entrada 1 de 4 — .*itinerario accesible/);
    const cart = await cartText(customer);
    expect(cart).toMatch(/dom, 14 jun/);
    expect(cart).not.toMatch(/sáb, 13 jun/);
  });

  it('"mejor el domingo" typed at the first name is the new day, never the name', async () => {
    const customer = await chat();
    await customer.say('2 adultos y 2 niños al museo del mar el sabado');
    const reply = await customer.say('mejor el domingo');
    expect(texts(reply)).toMatch(/lo cambio: el domingo, 14 de junio de 2026/);
    expect(customer.last().text).toMatch(/^Entrada 1 de 4 — Entrada adulto, asistente 1: Nombre/);
    expect(customer.last().text).not.toMatch(/Respuesta actual/);
  });

  it('"somos 3 adultos" at a question is how many, on the same day', async () => {
    const customer = await chat();
    await customer.say('2 adultos y 2 niños al museo del mar el sabado');
    const said = texts(await customer.say('somos 3 adultos'));
    expect(said).toMatch(/sábado, 13 de junio de 2026\n3 adultos\nTotal: 3 × 15,00\s€ = 45,00\s€/);
    expect(customer.last().text).toMatch(/^Entrada 1 de 3 — /);
  });

  it('"mejor a las 17:00" at a session product\'s question is the new session', async () => {
    const customer = await chat();
    await customer.say('2 entradas para el planetario el sabado a las 11');
    const said = texts(await customer.say('mejor a las 17:00'));
    expect(said).toMatch(/sábado, 13 de junio de 2026 · 17:00\n2 entradas/);
  });

  it('"mejor a las 17" at the session list keeps how many the first message said', async () => {
    const customer = await chat();
    const first = texts(
      await customer.say('2 entradas para museo y planetario el sábado a las 12'),
    );
    expect(first).toMatch(/No hay sesión a las 12:00 ese día\./);
    expect(customer.last().text).toMatch(/^Elige la sesión de «Planetario»/);
    const said = texts(await customer.say('mejor a las 17'));
    expect(said).toMatch(/De acuerdo, lo cambio: a las 17:00\./);
    expect(said).toMatch(
      /sábado, 13 de junio de 2026 · 17:00\n2 entradas\nTotal: 2 × 19,00\s€ = 38,00\s€\./,
    );
    expect(said).not.toMatch(/¿Cuántas quieres\?/);
    expect(customer.last().text).toMatch(/^Entrada 1 de 2 — /);
  });

  it('"el domingo" at the quantity step is the new day, and the quantity still asked', async () => {
    const customer = await chat();
    await customer.choose('book');
    await customer.pick('Museo del Mar de Valencia');
    await customer.pick('Visitas guiadas');
    await customer.pick('Rutas');
    await customer.pick(/sáb/);
    expect(customer.last().text).toMatch(/sábado, 13 de junio de 2026\. ¿Cuántas quieres\?/);
    const reply = await customer.say('el domingo');
    expect(texts(reply)).toMatch(/lo cambio: el domingo, 14 de junio de 2026/);
    expect(customer.last().text).toMatch(/domingo, 14 de junio de 2026\. ¿Cuántas quieres\?/);
  });

  it('"el domingo" at the ticket types asks the types again on the new day', async () => {
    const customer = await chat();
    await customer.say('quiero entradas para el museo del mar');
    await customer.pick(/^Entradas$/);
    await customer.pick(/^Museo del Mar: adulto/);
    await customer.say('el sábado');
    expect(customer.last().text).toMatch(
      /sábado, 13 de junio de 2026\. ¿Cuántas entradas de cada tipo\?/,
    );
    const reply = texts(await customer.say('el domingo'));
    expect(reply).toMatch(/lo cambio: el domingo, 14 de junio de 2026/);
    // The starting count was no choice: asked again, never taken as "1 adulto".
    expect(customer.last().text).toMatch(
      /domingo, 14 de junio de 2026\. ¿Cuántas entradas de cada tipo\?/,
    );
    expect(reply).not.toMatch(/Nombre y apellidos/);
    await customer.say('2');
    expect(customer.last().text).toMatch(/^Entrada 1 de 2 — /);
  });

  it('"el sábado no, el 20" at a name is the 20th', async () => {
    const customer = await chat();
    await customer.say('1 adulto al museo del mar el sábado');
    const said = texts(await customer.say('el sábado no, el 20'));
    expect(said).toMatch(/lo cambio: el sábado, 20 de junio de 2026/);
    expect(said).toMatch(/sábado, 20 de junio de 2026\n1 adulto\nTotal: 1 × 15,00\s€/);
    expect(customer.last().text).toMatch(/^Entrada 1 de 1 — [^\n]*Nombre/);
  });

  it('"mejor 3", then "y el domingo" at the names: 3 adults on Sunday, the 3 names taken', async () => {
    const customer = await chat();
    await customer.say('2 adultos al museo del mar el sábado');
    const three = texts(await customer.say('mejor 3'));
    expect(three).toMatch(/sábado, 13 de junio de 2026\n3 adultos\nTotal: 3 × 15,00\s€ = 45,00\s€/);
    const sunday = texts(await customer.say('y el domingo'));
    expect(sunday).toMatch(/domingo, 14 de junio de 2026\n3 adultos/);
    const names = texts(await customer.say('Ana García\nLuis Pérez\nEva Ruiz'));
    expect(names).toMatch(/Anotadas las entradas 1 a 3/);
  });

  it('"no, perdona, somos 4" at a name is a party of 4, never 3 answers', async () => {
    const customer = await chat();
    await customer.say('2 adultos al museo del mar el sábado');
    const said = texts(await customer.say('no, perdona, somos 4'));
    expect(said).toMatch(/4 adultos\nTotal: 4 × 15,00\s€ = 60,00\s€/);
    expect(said).not.toMatch(/Has escrito 3 respuestas/);
    expect(customer.last().text).toMatch(/^Entrada 1 de 4 — [^\n]*Nombre/);
  });

  it('"mejor al parque acuático" at a name opens the park with the day and the party', async () => {
    const customer = await chat();
    await customer.say('1 adulto al museo del mar el sábado');
    const said = texts(await customer.say('mejor al parque acuático'));
    expect(said).toMatch(/el sábado, 13 de junio de 2026, 1 adulto/);
    expect(customer.last().text).toMatch(/^Parque Acuático Atlántico: elige un producto/);
    const summary = texts(await customer.pick(/^Entrada parque adulto/));
    expect(summary).toMatch(/sábado, 13 de junio de 2026\n1 adulto/);
  });

  it('"perdona, el nombre es …" at the birth date corrects the name, then asks the date again', async () => {
    const customer = await chat();
    await customer.say('1 adulto al museo del mar el sábado');
    await customer.say('Ana Garcia');
    await customer.pick(/^No$/);
    expect(customer.last().text).toMatch(/Fecha de nacimiento/);
    const said = texts(await customer.say('perdona, el nombre es Ana Gómez Ruiz'));
    expect(said).toMatch(/Corregido: [^\n]*: Ana Gómez Ruiz\./);
    expect(said).not.toMatch(/no es una fecha/);
    expect(customer.last().text).toMatch(/^Entrada 1 de 1 — [^\n]*Fecha de nacimiento/);
    await customer.say('12/03/1985');
    expect(customer.last().text).toMatch(/^🛒/);
    // The Add sent the corrected name with the ticket.
    const entry = await customer.app.store.get<{ snapshot: { context: BookingContext } }>(
      `conv:${customer.conversationId}`,
    );
    const sent = JSON.stringify(entry?.value.snapshot.context.cart.lines[0]?.activity);
    expect(sent).toMatch(/"stringValue":"Ana Gómez Ruiz"/);
    expect(sent).not.toMatch(/Ana Garcia/);
  });

  it('in English: "no, sorry, we are 3" and "sorry, the name is …" at the questions', async () => {
    const customer = await chat('en');
    await customer.say('two adult tickets for the maritime museum next saturday');
    const three = texts(await customer.say('no, sorry, we are 3'));
    expect(three).toMatch(/All right, changed: /);
    expect(three).toMatch(/3 adults\nTotal: 3 × /);
    await customer.say('Ann Smith\nBob Smith\nCarl Smith');
    await customer.pick(/Skip the optional ones of every/);
    expect(customer.last().text).toMatch(/Date of birth/);
    const fixed = texts(await customer.say('sorry, the name is Ann Jones'));
    expect(fixed).toMatch(/^Corrected: [^\n]*: Ann Jones\./);
    expect(customer.last().text).toMatch(/^Ticket 1 of 3 — [^\n]*Date of birth/);
  });

  it('a bare number at a name is refused as a name, with "Somos 3" offered in one tap', async () => {
    const customer = await chat();
    await customer.say('2 adultos al museo del mar el sábado');
    const refused = texts(await customer.say('3'));
    expect(refused).toMatch(/Escribe un nombre de 2 a 60 letras\./);
    expect(customer.last().text).toMatch(/^Entrada 1 de 2 — [^\n]*Nombre/);
    expect(customer.last().options[0]!.label).toBe('👥 Somos 3');
    expect(customer.last().text).toMatch(
      /Si sois 3, pulsa «👥 Somos 3» y cambio las entradas; si no, escribe el nombre\./,
    );
    // The party's own size is no change: refused as a name only.
    await customer.say('2');
    expect(customer.last().options.some((option) => /Somos/.test(option.label))).toBe(false);
    await customer.say('3');
    const changed = texts(await customer.pick(/Somos 3/));
    expect(changed).toMatch(
      /sábado, 13 de junio de 2026\n3 adultos\nTotal: 3 × 15,00\s€ = 45,00\s€/,
    );
    expect(customer.last().text).toMatch(/^Entrada 1 de 3 — [^\n]*Nombre/);
    expect(customer.last().options.some((option) => /Somos/.test(option.label))).toBe(false);
  });

  it('in English: a bare number at a name offers "We are 4"', async () => {
    const customer = await chat('en');
    await customer.say('two adult tickets for the maritime museum next saturday');
    await customer.say('4');
    expect(customer.last().options[0]!.label).toBe('👥 We are 4');
    const changed = texts(await customer.pick(/We are 4/));
    expect(changed).toMatch(/4 adults\nTotal: 4 × /);
    expect(customer.last().text).toMatch(/^Ticket 1 of 4 — /);
  });

  it('a name that is a weekday, or a date of birth, stays an answer', async () => {
    const customer = await chat();
    await customer.say('1 adulto al museo del mar el sabado');
    const named = await customer.say('Domingo');
    expect(texts(named)).not.toMatch(/lo cambio/);
    expect(customer.last().text).toMatch(/itinerario accesible/);
  });

  it('a question typed at a question is said to be one, the question asked again', async () => {
    const customer = await chat();
    await customer.say('1 adulto al museo del mar el sabado');
    const reply = await customer.say('¿puedo llevar a mi perro?');
    expect(texts(reply)).toMatch(/Eso parece una pregunta[^\n]*«hablar con una persona»/);
    expect(customer.last().text).toMatch(/^Entrada 1 de 1 — [^\n]*Nombre/);
    expect(customer.last().text).not.toMatch(/Respuesta actual/);
  });
});
