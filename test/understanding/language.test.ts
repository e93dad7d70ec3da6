import { describe, expect, it } from 'vitest';
import { readLanguage, wordsBesideNames } from '#flows/understanding/language.js';

/** What the engine reads of a message: the language it leans to, `!` when clearly. */
const read = (text: string) => {
  const found = readLanguage(wordsBesideNames(text));
  return found ? `${found.language}${found.clearly ? '!' : ''}` : '-';
};

describe('the language a message is written in', () => {
  it.each([
    ['quiero dos entradas para el museo el sábado', 'es!'],
    ['I want two tickets for the aquarium please', 'en!'],
    ['vull dues entrades per al museu dissabte', 'ca!'],
    ['je voudrais deux billets pour le musée samedi', 'fr!'],
    ['ich möchte zwei Karten für das Museum am Samstag', 'de!'],
    ['vorrei due biglietti per il museo sabato', 'it!'],
    ['deux billets', 'fr!'],
    ['QUIERO DOS ENTRADAS', 'es!'],
  ])('%s: %s', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it('tells short Spanish from Catalan and Italian by its accents and words', () => {
    for (const text of [
      'el sábado no, el 20',
      'qué tenéis?',
      'cambia a 3 adultos',
      'mejor a las 17',
    ])
      expect(read(text), text).toBe('es!');
    expect(read('dues entrades per dissabte')).toBe('ca!');
  });

  it('one word, or two that could be either, lean without deciding', () => {
    expect(read('gracias')).toBe('es');
    expect(read('thanks')).toBe('en');
    // Greetings and thanks, which n-grams cannot place.
    expect(['hola', 'hi', 'bon dia', 'bonjour', 'hallo', 'ciao'].map(read)).toEqual([
      'es',
      'en',
      'ca',
      'fr',
      'de',
      'it',
    ]);
    expect(read('¿hay parking?')).not.toMatch(/!$/);
    expect(read('ok')).toBe('-');
    expect(read('2')).toBe('-');
  });

  it("people's names, e-mails, phones and ids decide nothing", () => {
    for (const text of [
      'Jordi Puig Ferrer',
      'Francesca Bianchi Romano',
      'John Smith',
      'Ana García López, 12345678Z, 612345678, ana@example.com',
      'Ana García\nLeo García\nMia García',
    ])
      expect(read(text), text).not.toMatch(/!$/);
    expect(wordsBesideNames('para Ana García López, ana@example.com, 612345678')).toEqual(['para']);
  });
});
