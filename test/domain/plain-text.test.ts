import { describe, expect, it } from 'vitest';
import { plainText } from '#src/domain/plain-text.js';

describe('plainText', () => {
  it('removes escape sequences, controls, bidi overrides and zero-width characters', () => {
    expect(plainText('Happy\x1b[2J\u202e birthday!')).toBe('Happy birthday!');
    expect(plainText('\x1b]0;title\x07Ana\x1b[31m red\x1b[0m')).toBe('Ana red');
    expect(plainText('A\u200bn\u200da\ufeff\u2066\u2069\u200e')).toBe('Ana');
    expect(plainText('bell\x07 nul\x00 del\x7f c1\x85')).toBe('bell nul del c1');
  });

  it('keeps newlines, tabs and ordinary text in any script', () => {
    expect(plainText('Para ti,\r\nMaría\tJosé 🎁\rمرحبا')).toBe('Para ti,\nMaría\tJosé 🎁\nمرحبا');
  });
});
