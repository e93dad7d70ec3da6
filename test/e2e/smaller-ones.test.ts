/**
 * Smaller things a customer ran into, end to end over the JSON-lines chat against the
 * sandbox: buyer details given wrong among others are named with the reason; a minimum
 * per purchase and a true "from" price are on the card, before the day; a pass of the
 * optional questions counts from 1; "Soy …" never offers a child as the buyer; the
 * Spanish texts say tú.
 */
import { describe, expect, it } from 'vitest';
import type { OutputLine } from '#src/channels/console/lines.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import type { Chat } from '#test/support/chat.js';
import { useChats } from '#test/support/use-chats.js';

const I = demoIds.products;

const { chatIn } = useChats();

const texts = (lines: OutputLine[]) => lines.map((line) => line.text);
const ids = (view: OutputLine) => view.options.map((option) => option.id);
/** Formal Spanish (usted) that must not be in a tú conversation. */
const USTED =
  /\b(Escriba|Elija|Indique|Introduzca|Presente|Necesita|Quiere|Desea|usted|nos ha conocido)\b/;

/** A family's museum tickets in the cart: 1 adult (Ana) and 1 child (Marta, born 2018). */
async function familyInCart(chat: Chat): Promise<void> {
  await chat.choose('book');
  await chat.pick('Museo del Mar');
  await chat.pick(/^Entradas$/);
  await chat.choose(`product:${I.museumAdult}`);
  await chat.choose(ids(chat.last()).find((id) => id.startsWith('date:'))!);
  await chat.say('1 adulto y 1 niño');
  await chat.say('Ana García');
  await chat.choose('skip');
  await chat.say('15/08/1980');
  await chat.say('Marta García');
  if (ids(chat.last()).includes('skip')) await chat.choose('skip');
  await chat.say('15/08/2018');
  expect(chat.last().text).toMatch(/🛒/);
}

describe('smaller ones', () => {
  it('a wrong DNI letter and a bad e-mail among the details: each named with why', async () => {
    const chat = await chatIn('es');
    await familyInCart(chat);
    await chat.choose('checkout');
    const told = await chat.say('Ana García, 12345678A, +34600111222, ana@example');
    expect(texts(told)[0]).toBe(
      'Correo: Esa dirección de correo no es válida. Escríbela así: nombre@ejemplo.com.\n' +
        'Documento: La letra no corresponde a ese número de DNI o NIE. Revísalo, por favor.',
    );
    // The name and phone were kept: only what was wrong is asked again.
    expect(chat.last().text).toBe(
      'Ahora: tu DNI, NIE o pasaporte y tu correo electrónico. Puedes escribirlos en un solo mensaje.',
    );
  });

  it('"Soy …" offers the adult of the cart, never the child', async () => {
    const chat = await chatIn('es');
    await familyInCart(chat);
    await chat.choose('checkout');
    const labels = chat.last().options.map((option) => option.label);
    expect(labels).toContain('👤 Soy Ana García');
    expect(labels.join('\n')).not.toMatch(/Marta/);
  });

  it('the card says the minimum per purchase and a "from" true of its first days', async () => {
    const chat = await chatIn('es');
    await chat.choose('book');
    await chat.pick('Museo del Mar');
    await chat.pick(/^Visitas guiadas$/);
    await chat.choose(`product:${I.museumGuided}`);
    expect(chat.last().text).toMatch(/👥 Se vende a partir de 2 por compra\./);

    await chat.choose('back');
    await chat.choose('back');
    await chat.pick(/^Entradas$/);
    await chat.choose(`product:${I.museumAdult}`);
    const card = chat.last();
    const from = /💶 Desde (\d+),(\d\d)\s€/.exec(card.text)!;
    const shown = card.options
      .filter((option) => option.id.startsWith('date:'))
      .map((option) => Number(/(\d+),(\d\d)\s€/.exec(option.label)![1]));
    expect(Number(from[1])).toBe(Math.min(...shown));
    expect(card.text).toMatch(/\(desde \d+,\d\d\s€ a partir del /);
  });

  it('texts say tú, and a pass of the optional questions counts from 1', async () => {
    const chat = await chatIn('es');
    await familyInCart(chat);
    await chat.choose('checkout');
    await chat.say('Ana García, 12345678Z, +34600111222, ana@example.com');
    let counted: string | undefined;
    for (let turn = 0; turn < 8; turn += 1) {
      const view = chat.last();
      if (/\((\d+)\/(\d+)\)/.test(view.text) && ids(view).includes('skip')) {
        counted = view.text.split('\n')[0];
        break;
      }
      const optional = view.options.find((option) => /opcional/i.test(option.label));
      if (optional) {
        await chat.choose(optional.id);
        continue;
      }
      if (view.expects === 'text') await chat.say('Ana García');
      else if (ids(view).includes('reserve')) break;
      else await chat.choose(view.options[0]!.id);
    }
    // The first question of a pass of optional ones is its first, whatever the profile's order.
    expect(counted).toMatch(/\(1\/\d+\)/);
    for (const line of chat.transcript) expect(line.text).not.toMatch(USTED);
  });
});
