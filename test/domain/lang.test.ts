import { describe, expect, it } from 'vitest';
import { fallbackOf, inLang, LANGS, pickLang, warmUpLocales } from '#src/domain/lang.js';
import { formatMoney } from '#src/domain/pricing.js';

describe('pickLang', () => {
  it.each([
    [undefined, 'es'],
    ['', 'es'],
    ['es', 'es'],
    ['es-ES', 'es'],
    ['en', 'en'],
    ['en-US', 'en'],
    // Not served yet (SERVED_LANGS): answered in their fallback's first served language.
    ['fr', 'en'],
    ['fr-CA', 'en'],
    ['ca', 'es'],
    ['de-AT', 'en'],
    ['it', 'en'],
    ['pt-BR', 'en'],
    ['nl', 'en'],
  ])('%j is %s', (code, lang) => {
    expect(pickLang(code)).toBe(lang);
  });
});

describe('fallbackOf', () => {
  it('ends in Spanish, goes through English for French, German and Italian only', () => {
    expect(fallbackOf('es')).toEqual(['es']);
    expect(fallbackOf('en')).toEqual(['en', 'es']);
    expect(fallbackOf('ca')).toEqual(['ca', 'es']);
    for (const lang of ['fr', 'de', 'it'] as const)
      expect(fallbackOf(lang)).toEqual([lang, 'en', 'es']);
  });

  it('inLang takes the first text of the fallback', () => {
    const texts = { es: 'hola', en: 'hello', fr: 'bonjour' };
    expect(LANGS.map((lang) => inLang(texts, lang))).toEqual([
      'hola',
      'hello',
      'hola',
      'bonjour',
      'hello',
      'hello',
    ]);
  });
});

describe('warmUpLocales', () => {
  it('reads both languages up front and leaves how amounts are written unchanged', () => {
    const written = () => [formatMoney(1250, 'EUR', 'es'), formatMoney(1250, 'EUR', 'en')];
    const before = written();
    warmUpLocales();
    expect(written()).toEqual(before);
    expect(before.map((text) => text.replace(/\s/g, ' '))).toEqual(['12,50 €', '€12.50']);
  });
});
