/**
 * A price asked in the middle of a booking, end to end over the JSON-lines chat against
 * the sandbox: "¿cuánto cuesta el de niño?" at a visitor's name is answered with the
 * child ticket's price of the day (and whom it is for), the name question asked again
 * and nothing stored as the name.
 */
import { describe, expect, it } from 'vitest';
import type { OutputLine } from '#src/channels/console/lines.js';
import { useChats } from '#test/support/use-chats.js';

const { chatIn } = useChats();

const texts = (lines: OutputLine[]) => lines.map((line) => line.text);

describe('a price asked at a question', () => {
  it('"¿cuánto cuesta el de niño?" at a name: the child price of the day, then the name again', async () => {
    const chat = await chatIn('es');
    await chat.say('2 adultos al museo del mar el sábado');
    const nameQuestion = chat.last().text;
    expect(nameQuestion).toMatch(/^Entrada 1 de 2 — Entrada adulto, asistente 1: Nombre/);
    for (const asked of ['¿cuánto cuesta el de niño?', '¿cuánto cuesta para niños?']) {
      const answer = await chat.say(asked);
      expect(texts(answer)[0]).toMatch(
        /^La entrada de niño \(hasta 12 años\) cuesta 9,00\s€ el sábado, 13 de junio de 2026\.$/,
      );
      // The pending question again, nothing taken as a name.
      expect(chat.last().text).toBe(nameQuestion);
    }
    const all = await chat.say('¿cuánto cuesta?');
    expect(texts(all)[0]).toMatch(
      /^Precios del sábado, 13 de junio de 2026: adulto \(desde 13 años\) 15,00\s€ · niño \(hasta 12 años\) 9,00\s€ · sénior \(desde 65 años\) 10,00\s€\.$/,
    );
    // A name is still a name.
    await chat.say('Ana García');
    expect(chat.last().text).not.toBe(nameQuestion);
  });

  it('"how much is a child ticket?" in English', async () => {
    const chat = await chatIn('en');
    await chat.say('2 adults to the sea museum on Saturday');
    const nameQuestion = chat.last().text;
    const answer = await chat.say('how much is a child ticket?');
    expect(texts(answer)[0]).toMatch(
      /^The ticket for a child \(up to 12 years\) costs €9\.00 on Saturday, 13 June 2026\.$/,
    );
    expect(chat.last().text).toBe(nameQuestion);
  });
});
