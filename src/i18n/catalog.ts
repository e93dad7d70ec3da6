/**
 * Message catalogs: the customer texts of a module, in Fluent files, one per language:
 * the texts of `src/x/y.ts` are in `locales/<lang>/src/x/y.ftl` (flows/ likewise), so a
 * module moved to the catalogs adds files of its own and never edits another module's.
 * Fluent gives translators a format their tools read, CLDR plural rules
 * (`{ $nights -> [one] … *[other] … }`) and per-language select expressions; amounts and
 * dates are formatted by the code (src/domain/pricing.ts, flows' format.ts) and passed in.
 *
 * Every catalog is read once, synchronously, when this module is first imported: a file
 * that cannot be read or parsed stops the process at start, never in a customer's turn.
 *
 * A module declares its messages with `catalogMessages(import.meta.url, { ... })`: each
 * key with `text` (a plain text) or a function naming its parameters (`(max: number) =>
 * ({ max })`). Callers use the same shape as `defineMessages`: `m.back`, `m.tooLong(500)`,
 * typed by the declaration; the key `tooLong` is the Fluent message `too-long`. The
 * declaration is checked against the Spanish catalog when the module loads (every key is
 * there) and by test/i18n/catalogs.test.ts (same variables; every language has every
 * message and variable of Spanish).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FluentBundle, FluentResource, type Message } from '@fluent/bundle';
import { fallbackOf, LANGS, locales, type Lang } from '#src/domain/lang.js';
import { missingText } from './missing.js';

/** The project's root: where src/ and locales/ are (the sources, or dist/ once built). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const LOCALES_DIR = join(ROOT, 'locales');

/** A message without parameters. */
export const text: unique symbol = Symbol('text');

type Args = Record<string, string | number>;
type Declaration = typeof text | ((...args: never[]) => Args);

export type Messages<Spec extends Record<string, Declaration>> = {
  readonly [Key in keyof Spec]: Spec[Key] extends typeof text
    ? string
    : Spec[Key] extends (...args: infer Params) => Args
      ? (...args: Params) => string
      : never;
};

/** The Fluent id of a key: `tooLong` → `too-long`, as Fluent files usually name them. */
export const fluentId = (key: string): string =>
  key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** A module's catalog name: its path from the root without the extension (`src/i18n/common`). */
export function catalogName(moduleUrl: string): string {
  const path = relative(ROOT, fileURLToPath(moduleUrl));
  return path
    .replace(/\.[cm]?[jt]s$/, '')
    .split(sep)
    .join('/');
}

/** What is wrong with a catalog's text: lines the parser skipped, ids given twice. */
export function catalogProblems(source: string): string[] {
  const resource = new FluentResource(source);
  const parsed = new Set(resource.body.map((entry) => entry.id));
  const problems: string[] = [];
  const seen = new Set<string>();
  source.split('\n').forEach((line, index) => {
    // Fluent entries start at the first column; what follows them is indented.
    if (line.trim() === '' || /^\s/.test(line) || line.startsWith('#') || line.startsWith('}'))
      return;
    const entry = /^(-?[a-zA-Z][\w-]*)\s*=/.exec(line);
    const id = entry?.[1];
    if (id === undefined) problems.push(`line ${index + 1}: not a message: ${line}`);
    else if (!parsed.has(id)) problems.push(`line ${index + 1}: cannot parse ${id}`);
    else if (seen.has(id)) problems.push(`line ${index + 1}: ${id} is given twice`);
    if (id !== undefined) seen.add(id);
  });
  return problems;
}

type Pattern = NonNullable<Message['value']>;
type Part = Exclude<Pattern, string>[number];

/** The variables a pattern uses, in its variants and its function calls too. */
function variablesOf(pattern: Pattern | null, into = new Set<string>()): Set<string> {
  if (pattern === null || typeof pattern === 'string') return into;
  const visit = (part: Part | { type: 'narg' }): void => {
    if (typeof part === 'string') return;
    if (part.type === 'var') into.add(part.name);
    else if (part.type === 'select') {
      visit(part.selector);
      for (const variant of part.variants) variablesOf(variant.value, into);
    } else if (part.type === 'func' || part.type === 'term') part.args.forEach(visit);
  };
  pattern.forEach(visit);
  return into;
}

/** Each message of a catalog's text with the variables it uses. */
export function catalogMessagesOf(source: string): Map<string, Set<string>> {
  const messages = new Map<string, Set<string>>();
  for (const entry of new FluentResource(source).body) {
    if (entry.id.startsWith('-')) continue;
    const variables = variablesOf(entry.value);
    for (const attribute of Object.values(entry.attributes)) variablesOf(attribute, variables);
    messages.set(entry.id, variables);
  }
  return messages;
}

/**
 * What a translation lacks or has too much of against the Spanish catalog: a message, a
 * variable of Spanish (the text would leave out what the customer needs), or a variable
 * Spanish does not have (it would be shown as `{$name}`).
 */
export function catalogGaps(spanish: string, translation: string): string[] {
  const wanted = catalogMessagesOf(spanish);
  const given = catalogMessagesOf(translation);
  const gaps: string[] = [];
  for (const [id, variables] of wanted) {
    const found = given.get(id);
    if (!found) {
      gaps.push(`lacks ${id}`);
      continue;
    }
    for (const name of variables) if (!found.has(name)) gaps.push(`${id} lacks $${name}`);
    for (const name of found)
      if (!variables.has(name)) gaps.push(`${id} has $${name}, which Spanish has not`);
  }
  for (const id of given.keys()) if (!wanted.has(id)) gaps.push(`${id} is not in Spanish`);
  return gaps;
}

/** The catalog files of a language, by name (`src/i18n/common`). */
export function catalogFiles(lang: Lang): Map<string, string> {
  const files = new Map<string, string>();
  const base = join(LOCALES_DIR, lang);
  if (!existsSync(base)) return files;
  for (const entry of readdirSync(base, { recursive: true, encoding: 'utf8' })) {
    if (entry.endsWith('.ftl'))
      files.set(entry.slice(0, -'.ftl'.length).split(sep).join('/'), join(base, entry));
  }
  return files;
}

function loadBundles(): Map<Lang, Map<string, FluentBundle>> {
  const all = new Map<Lang, Map<string, FluentBundle>>();
  for (const lang of LANGS) {
    const bundles = new Map<string, FluentBundle>();
    for (const [name, file] of catalogFiles(lang)) {
      const source = readFileSync(file, 'utf8');
      const problems = catalogProblems(source);
      if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
      // No bidi isolation marks around values: chat texts are left-to-right.
      const bundle = new FluentBundle(locales[lang], { useIsolating: false });
      bundle.addResource(new FluentResource(source));
      bundles.set(name, bundle);
    }
    all.set(lang, bundles);
  }
  return all;
}

const bundles = loadBundles();

/** The bundle of a catalog in a language, if that language has the catalog. */
export const bundleOf = (lang: Lang, name: string): FluentBundle | undefined =>
  bundles.get(lang)?.get(name);

/** Every module's declaration, for the test that checks them against the catalogs. */
export const declarations = new Map<string, Record<string, Declaration>>();

/**
 * A module's messages from its catalog (see the top of this file). Throws when the
 * Spanish catalog lacks one of them: a mismatch stops the process at start.
 */
export function catalogMessages<const Spec extends Record<string, Declaration>>(
  moduleUrl: string,
  spec: Spec,
): (lang: Lang) => Messages<Spec> {
  const name = catalogName(moduleUrl);
  const spanish = bundleOf('es', name);
  const absent = Object.keys(spec).filter((key) => !spanish?.hasMessage(fluentId(key)));
  if (absent.length > 0)
    throw new Error(`locales/es/${name}.ftl lacks ${absent.map(fluentId).join(', ')}`);
  declarations.set(name, spec);

  const format = (lang: Lang, key: string, args: Args | undefined): string => {
    const id = fluentId(key);
    for (const each of fallbackOf(lang)) {
      const bundle = bundleOf(each, name);
      const message = bundle?.getMessage(id);
      if (!bundle || !message?.value) continue;
      if (each !== lang) missingText({ lang, module: name, key: id, from: each });
      return bundle.formatPattern(message.value, args);
    }
    throw new Error(`locales/es/${name}.ftl lacks ${id}`);
  };

  const made = new Map<Lang, Messages<Spec>>();
  return (lang) => {
    let messages = made.get(lang);
    if (!messages) {
      messages = Object.fromEntries(
        Object.entries(spec).map(([key, declared]) => [
          key,
          declared === text
            ? format(lang, key, undefined)
            : (...args: never[]) => format(lang, key, declared(...args)),
        ]),
      ) as Messages<Spec>;
      made.set(lang, messages);
    }
    return messages;
  };
}
