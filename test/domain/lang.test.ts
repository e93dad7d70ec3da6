import { describe, expect, it } from 'vitest';
import { pickLang } from '#src/domain/lang.js';

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
