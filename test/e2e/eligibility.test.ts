/**
 * Tickets for whom they are for, end to end over the JSON-lines chat against the
 * sandbox: a 15-year-old's birth date on the museum's child ticket (children up to 12)
 * and a height of 1,35 on the water park's ticket for children under 120 cm are refused
 * with the reason, and the ticket type they fit is one tap away; the change keeps the
 * answers given and the total the cart then holds is the new choice's.
 */
import { describe, expect, it } from 'vitest';
import type { OutputLine } from '#src/channels/console/lines.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { useChats } from '#test/support/use-chats.js';

const I = demoIds.products;

const { chatIn } = useChats();

const texts = (lines: OutputLine[]) => lines.map((line) => line.text);
const ids = (view: OutputLine) => view.options.map((option) => option.id);
const euros = (text: string) => Number(text.replace(/\s|€/g, '').replace(',', '.'));

describe('eligibility of ticket types', () => {
  it('a 15-year-old on a child ticket: told why, changed to adult in one tap, the total right', async () => {
    const chat = await chatIn('es');
    await chat.choose('book');
    await chat.pick('Museo del Mar');
    await chat.pick(/^Entradas$/);
    await chat.choose(`product:${I.museumAdult}`);
    await chat.choose(ids(chat.last()).find((id) => id.startsWith('date:'))!);
    await chat.say('2 adultos y 1 niño');
    expect(chat.last().text).toMatch(/^Entrada 1 de 3 — Entrada adulto, asistente 1:/);
    await chat.say('Ana García');
    await chat.choose('skip');
    await chat.say('15/08/1980');
    await chat.choose('same');
    await chat.say('Luis García');
    await chat.say('15/08/1981');
    // The child is the first of its type, as its cart line counts it.
    expect(chat.last().text).toMatch(/^Entrada 3 de 3 — Entrada infantil, asistente 1: /);
    await chat.say('Marta García');
    const refused = await chat.say('15/08/2010');
    expect(texts(refused)[0]).toMatch(
      /^Con 1[56] años, la entrada «Niño \(hasta 12 años\)» no vale: le corresponde la de adulto \(desde 13 años\)\.$/,
    );
    // Still at the birth date, with the change one tap away and its price.
    expect(chat.last().text).toMatch(
      /^Entrada 3 de 3 — Entrada infantil, asistente 1: Fecha de nacimiento/,
    );
    const change = chat.last().options.find((option) => option.id === 'retype');
    expect(change?.label).toMatch(/^🔁 Cambiar a adulto \(desde 13 años\) · (\d+,\d\d)\s€$/);
    const adultPrice = euros(change!.label.split('·')[1]!);

    const changed = await chat.choose('retype');
    expect(texts(changed)[0]).toMatch(
      /^Hecho: la entrada 3 es ahora de adulto\. Llevas 3 adultos\. Total: 3 × \d+,\d\d\s€ = (\d+,\d\d)\s€\.$/,
    );
    // Nothing asked again: the names and dates given were kept, on to the cart.
    expect(texts(changed).join('\n')).toMatch(/está en tu carrito/);
    const cart = chat.last().text;
    expect(cart).toMatch(/1\. Museo del Mar: adulto — [^\n]+\n\s+3 × /);
    expect(cart).not.toMatch(/infantil/);
    const total = /Total: (\d+,\d\d\s€)/.exec(cart)![1]!;
    expect(euros(total)).toBeCloseTo(adultPrice * 3, 2);
  });

  it('1,35 m on a ticket for children under 120 cm: told why, the adult ticket in one tap', async () => {
    const chat = await chatIn('es');
    await chat.choose('book');
    await chat.pick('Parque Acuático');
    await chat.choose(`product:${I.parkChild}`);
    await chat.choose('next');
    await chat.choose(ids(chat.last()).find((id) => id.startsWith('date:'))!);
    // The wave pool's day, when asked: the same day.
    if (/Piscina de olas/.test(chat.last().text))
      await chat.choose(ids(chat.last()).find((id) => id.startsWith('date:'))!);
    if (ids(chat.last()).includes('types:go')) await chat.choose('types:go');
    expect(chat.last().text).toMatch(/Altura/);
    const refused = await chat.say('1,35');
    expect(texts(refused)[0]).toMatch(
      /^Con 135 cm de altura, la entrada «Niño \(menos de 120 cm\)» no vale: le corresponde la de adulto \(desde 120 cm\)\.$/,
    );
    const changed = await chat.choose('retype');
    expect(texts(changed).join('\n')).toMatch(/Entrada parque adulto está en tu carrito/);
    expect(chat.last().text).toMatch(/1\. Entrada parque adulto — [^\n]+\n\s+1 × /);
  });

  it('birth dates as a list: each checked for its ticket, the 15-year-old moved to adult in one tap', async () => {
    const chat = await chatIn('es');
    await chat.say('1 adulto y 1 niño al museo del mar el sábado');
    expect(chat.last().text).toMatch(/^Entrada 1 de 2 — Entrada adulto, asistente 1: Nombre/);
    await chat.say('Ana García\nPablo García');
    await chat.choose('skip-optional-all');
    expect(chat.last().text).toMatch(/Fecha de nacimiento/);
    const listed = await chat.say('12/03/1985\n01/02/2011');
    expect(texts(listed)[0]).toBe(
      [
        '✔️ Anotada la entrada 1.',
        'Línea 2 (entrada 2): Con 15 años, la entrada «Niño (hasta 12 años)» no vale: le corresponde la de adulto (desde 13 años).',
        'Lo que falta te lo pido en su entrada.',
      ].join('\n'),
    );
    // Nothing in the cart yet: the child's ticket waits at its birth date, the change one tap away.
    expect(texts(listed).join('\n')).not.toMatch(/en tu carrito/);
    expect(chat.last().text).toMatch(
      /^Entrada 2 de 2 — Entrada infantil, asistente 1: Fecha de nacimiento/,
    );
    const change = chat.last().options.find((option) => option.id === 'retype');
    expect(change?.label).toMatch(/^🔁 Cambiar a adulto \(desde 13 años\) · 15,00\s€$/);
    const changed = await chat.choose('retype');
    expect(texts(changed)[0]).toMatch(
      /^Hecho: la entrada 2 es ahora de adulto\. Llevas 2 adultos\./,
    );
    expect(chat.last().text).toMatch(
      /1\. Museo del Mar: adulto — [^\n]+\n\s+2 × 15,00\s€ = 30,00\s€/,
    );
    expect(chat.last().text).toMatch(/Total: 30,00\s€/);
  });

  it('birth dates as a list: an 8-year-old on an adult ticket is offered the child ticket', async () => {
    const chat = await chatIn('es');
    await chat.say('2 adultos al museo del mar el sábado');
    await chat.say('Ana García\nPablo García');
    await chat.choose('skip-optional-all');
    const listed = await chat.say('12/03/1985\n05/05/2018');
    expect(texts(listed)[0]).toMatch(
      /Línea 2 \(entrada 2\): Con 8 años, la entrada «Adulto \(desde 13 años\)» no vale: le corresponde la de niño \(hasta 12 años\)\./,
    );
    expect(chat.last().text).toMatch(
      /^Entrada 2 de 2 — Entrada adulto, asistente 2: Fecha de nacimiento/,
    );
    const changed = await chat.choose('retype');
    expect(texts(changed)[0]).toMatch(
      /^Hecho: la entrada 2 es ahora de niño\. Llevas 1 adulto · 1 niño\./,
    );
    expect(chat.last().text).toMatch(/Total: 24,00\s€/);
  });

  it('a baby where there is no baby ticket: what the catalog says of children, and the party kept', async () => {
    const chat = await chatIn('es');
    await chat.say('2 adultos, un niño de 7 años y un bebé de 1 año al museo del mar el domingo');
    await chat.pick(/^Entradas$/);
    const opened = await chat.choose(`product:${I.museumAdult}`);
    expect(texts(opened)[0]).toMatch(
      /^No hay entrada de bebé: aquí los niños hasta 12 años llevan la entrada de niño \(9,00\s€\)\. Para el bebé, súmala con ➕ Niño\.$/,
    );
    expect(chat.last().text).toMatch(/Llevas: 2 adultos · 1 niño · 0 séniors — 39,00\s€/);
    await chat.choose(`types:more:${I.museumChild}`);
    expect(chat.last().text).toMatch(/Llevas: 2 adultos · 2 niños · 0 séniors — 48,00\s€/);
  });

  it('in English, the baby is told the same from the catalog', async () => {
    const chat = await chatIn('en');
    await chat.say('2 adults and a baby to the sea museum on Sunday');
    await chat.pick(/^Tickets$/);
    const opened = await chat.choose(`product:${I.museumAdult}`);
    expect(texts(opened)[0]).toBe(
      'There is no baby ticket: here children up to 12 years take the child ticket (€9.00). For the baby, add one with ➕ Child.',
    );
  });

  it('a child of 8 on the child ticket is taken as given', async () => {
    const chat = await chatIn('en');
    await chat.choose('book');
    await chat.pick('Sea Museum');
    await chat.pick(/^Tickets$/);
    await chat.choose(`product:${I.museumChild}`);
    await chat.choose(ids(chat.last()).find((id) => id.startsWith('date:'))!);
    await chat.choose('types:go');
    await chat.say('Marta García');
    if (/optional/.test(chat.last().text)) await chat.choose('skip');
    const taken = await chat.say('15/08/2018');
    expect(texts(taken).join('\n')).not.toMatch(/does not apply/);
  });
});
