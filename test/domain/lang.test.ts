import { describe, expect, it } from 'vitest';
import { pickLang, warmUpLocales } from '#src/domain/lang.js';
import { formatMoney } from '#src/domain/pricing.js';

describe('pickLang', () => {
  it.each([
    [undefined, 'es'],
    ['', 'es'],
    ['es', 'es'],
    ['es-ES', 'es'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['fr', 'en'],
  ])('%j is %s', (code, lang) => {
    expect(pickLang(code)).toBe(lang);
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
