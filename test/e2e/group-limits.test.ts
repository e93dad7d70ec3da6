/**
 * The limits of a purchase said up front, end to end over the JSON-lines chat against the
 * sandbox: a guided tour for one person (minimum two) is refused with the minimum before
 * any day is asked, and its card says the minimum and the group's maximum; 25 people for
 * a place that sells at most 19 per purchase are told so as the place is shown, with a
 * person to ask for a group; a quantity outside the limits typed at the quantity step is
 * refused with them.
 */
import { describe, expect, it } from 'vitest';
import type { OutputLine } from '#src/channels/console/lines.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { useChats } from '#test/support/use-chats.js';

const I = demoIds.products;

const { chatIn } = useChats();

const texts = (lines: OutputLine[]) => lines.map((line) => line.text);
const ids = (view: OutputLine) => view.options.map((option) => option.id);

describe('group limits said up front', () => {
  it('a guided tour for 1 person: the minimum said before any day, the card with the limits', async () => {
    const chat = await chatIn('es');
    const answer = await chat.say('quiero la visita guiada rutas del mediterráneo para 1 persona');
    expect(texts(answer)[0]).toBe('No puede ser para 1. Se vende a partir de 2 por compra.');
    const card = chat.last();
    expect(card.text).toMatch(/^🎟️ Visita guiada "Rutas del Mediterráneo"/);
    expect(card.text).toMatch(
      /👥 Se vende a partir de 2 por compra\. No se aceptan grupos de más de 9 personas: como mucho 9\./,
    );
    expect(card.text).not.toMatch(/¿Qué día/);
    // The day picked, how many is asked (the 1 said is not taken), and 12 is refused with the limit.
    await chat.choose(ids(card).find((id) => id.startsWith('date:'))!);
    if (ids(chat.last()).some((id) => id.startsWith('session:')))
      await chat.choose(ids(chat.last()).find((id) => id.startsWith('session:'))!);
    expect(chat.last().expects).toBe('number');
    const refused = await chat.say('12');
    expect(texts(refused)[0]).toBe('No se aceptan grupos de más de 9 personas: como mucho 9.');
  });

  it('25 people for a place that sells at most 19: said as the place is shown', async () => {
    const chat = await chatIn('es');
    await chat.say('somos 25 personas, queremos ir al museo del mar el sábado');
    const view = chat.last();
    expect(view.text).toMatch(
      /^Museo del Mar de Valencia vende como mucho 19 personas por compra: un grupo de 25 no se puede reservar por aquí\. Para un grupo, escribe «hablar con una persona»\.\nMuseo del Mar de Valencia: elige una categoría\.$/,
    );
    // A product of the place picked: stopped at its card with the limit, no day asked.
    await chat.pick(/^Entradas$/);
    const opened = await chat.choose(`product:${I.museumAdult}`);
    expect(texts(opened)[0]).toBe(
      'No puede ser para 25. No se aceptan grupos de más de 19 personas: como mucho 19.',
    );
    expect(chat.last().text).toMatch(
      /👥 No se aceptan grupos de más de 19 personas: como mucho 19\./,
    );
  });

  it('in English, a party within the limits goes on as before', async () => {
    const chat = await chatIn('en');
    await chat.say('we are 25 people, we want to go to the sea museum on Saturday');
    expect(chat.last().text).toMatch(
      /^Valencia Sea Museum sells at most 19 people per purchase: a group of 25 cannot be booked here\. For a group, type "talk to a person"\./,
    );
    await chat.choose('home');
    await chat.say('2 tickets for the guided tour on Saturday');
    expect(chat.last().text).not.toMatch(/cannot be for/);
  });
});
