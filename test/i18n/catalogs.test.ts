/**
 * The message catalogs (locales/<lang>/…/*.ftl): each parses, each language has every
 * message of Spanish with the same variables, and every module's declaration
 * (catalogMessages) names the Spanish messages and their variables.
 */
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS } from '#src/domain/lang.js';
import {
  catalogFiles,
  catalogGaps,
  catalogMessagesOf,
  catalogProblems,
  declarations,
  fluentId,
  text,
} from '#src/i18n/catalog.js';
import { defineMessages } from '#src/i18n/messages.js';
import { missingText, reportMissingTextsTo, type MissingText } from '#src/i18n/missing.js';

const ROOT = join(import.meta.dirname, '../..');
const spanish = catalogFiles('es');
const read = (file: string) => readFileSync(file, 'utf8');

describe('the catalogs', () => {
  it('Spanish has catalogs', () => {
    expect(spanish.size).toBeGreaterThan(0);
  });

  it.each(LANGS)('%s parses', (lang) => {
    for (const [name, file] of catalogFiles(lang))
      expect(catalogProblems(read(file)), `${lang}/${name}`).toEqual([]);
  });

  it.each(LANGS.filter((lang) => lang !== 'es'))(
    '%s has every catalog, message and variable of Spanish, and nothing else',
    (lang) => {
      const files = catalogFiles(lang);
      for (const [name, file] of spanish) {
        const translated = files.get(name);
        expect(translated, `locales/${lang}/${name}.ftl`).toBeDefined();
        expect(catalogGaps(read(file), read(translated!)), `${lang}/${name}`).toEqual([]);
      }
      expect([...files.keys()].filter((name) => !spanish.has(name))).toEqual([]);
    },
  );
});

describe('the checks themselves', () => {
  const es = 'hello = Hola, { $name }.\nbye = Adiós.\n';

  it('a missing message, a missing or foreign variable is a gap', () => {
    expect(catalogGaps(es, 'hello = Hello, { $name }.\nbye = Bye.\n')).toEqual([]);
    expect(catalogGaps(es, 'hello = Hello, { $name }.\n')).toEqual(['lacks bye']);
    expect(catalogGaps(es, 'hello = Hello.\nbye = Bye.\n')).toEqual(['hello lacks $name']);
    expect(catalogGaps(es, 'hello = Hi { $nmae }.\nbye = Bye.\n')).toEqual([
      'hello lacks $name',
      'hello has $nmae, which Spanish has not',
    ]);
  });

  it('a variable used only in a plural variant counts', () => {
    const plural = 'nights = { $n ->\n    [one] una noche\n   *[other] { $n } noches\n}\n';
    expect([...catalogMessagesOf(plural).get('nights')!]).toEqual(['n']);
  });

  it('a syntax error is a problem, where the parser would skip the message', () => {
    expect(catalogProblems(es)).toEqual([]);
    expect(catalogProblems('hello = Hola, { $name.\nbye = Adiós.\n')).toEqual([
      'line 1: cannot parse hello',
    ]);
    expect(catalogProblems('hello = Hola\nbye: Adiós\n')).toEqual([
      'line 2: not a message: bye: Adiós',
    ]);
    expect(catalogProblems('bye = Adiós\nbye = Chao\n')).toEqual(['line 2: bye is given twice']);
  });

  it('a text missing in a language is reported once', () => {
    const seen: MissingText[] = [];
    reportMissingTextsTo((missing) => seen.push(missing));
    try {
      const missing = { lang: 'fr', module: 'test', key: 'x', from: 'en' } as const;
      missingText(missing);
      missingText(missing);
      expect(seen).toEqual([missing]);
    } finally {
      reportMissingTextsTo(() => {});
    }
  });
});

describe('modules not moved to the catalogs yet', () => {
  it('answer a language they lack from its fallback, reported once with the file', () => {
    const seen: MissingText[] = [];
    reportMissingTextsTo((missing) => seen.push(missing));
    try {
      const m = defineMessages({ es: { hi: 'hola' }, en: { hi: 'hi' }, it: { hi: 'ciao' } });
      expect(['es', 'en', 'ca', 'fr', 'de', 'it', 'fr'].map((lang) => m(lang as never).hi)).toEqual(
        ['hola', 'hi', 'hola', 'hi', 'hi', 'ciao', 'hi'],
      );
      const module = 'test/i18n/catalogs.test.ts';
      expect(seen).toEqual([
        { lang: 'ca', module, from: 'es' },
        { lang: 'fr', module, from: 'en' },
        { lang: 'de', module, from: 'en' },
      ]);
    } finally {
      reportMissingTextsTo(() => {});
    }
  });
});

/** The source files that declare catalog messages. */
async function declaringModules(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of ['src', 'flows']) {
    for (const entry of await readdir(join(ROOT, folder), { recursive: true })) {
      if (!entry.endsWith('.ts') || entry.endsWith('i18n/catalog.ts')) continue;
      const path = join(ROOT, folder, entry);
      if (read(path).includes('catalogMessages(import.meta.url')) found.push(path);
    }
  }
  return found;
}

describe("the modules' declarations", () => {
  it('name the messages of the Spanish catalog and their variables', async () => {
    const modules = await declaringModules();
    expect(modules.length).toBeGreaterThan(0);
    for (const module of modules) await import(module);
    expect(declarations.size).toBe(modules.length);
    for (const [name, spec] of declarations) {
      const messages = catalogMessagesOf(read(spanish.get(name)!));
      const declared = new Set(Object.keys(spec).map(fluentId));
      expect(
        [...messages.keys()].filter((id) => !declared.has(id)),
        `${name}: unused`,
      ).toEqual([]);
      for (const [key, declaration] of Object.entries(spec)) {
        // A declaration only names its parameters: any values show the names.
        const names =
          declaration === text
            ? []
            : Object.keys(declaration(...(Array.from({ length: declaration.length }) as never[])));
        expect(names.sort(), `${name}: ${key}`).toEqual(
          [...(messages.get(fluentId(key)) ?? [])].sort(),
        );
      }
    }
  });
});
