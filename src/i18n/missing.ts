/**
 * Texts a language lacks: each is answered from the next language of its fallback
 * (`fallbackOf`) and reported once per process, so a log shows what is left to translate
 * without a line per message sent. main.ts points the report at the logger.
 */
import type { Lang } from '#src/domain/lang.js';

export interface MissingText {
  lang: Lang;
  /** The module, or the catalog file, the text belongs to. */
  module: string;
  /** The message's key; absent when a whole module is not written in the language. */
  key?: string;
  /** The language the text was taken from instead. */
  from: Lang;
}

let report: (missing: MissingText) => void = () => {};
const reported = new Set<string>();

/** Where missing texts are reported (once each); the default reports nowhere. */
export function reportMissingTextsTo(reporter: (missing: MissingText) => void): void {
  report = reporter;
}

export function missingText(missing: MissingText): void {
  const id = `${missing.lang}:${missing.module}:${missing.key ?? '*'}`;
  if (reported.has(id)) return;
  reported.add(id);
  report(missing);
}
