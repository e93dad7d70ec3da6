/**
 * Translations. Each module defines its messages next to the code that uses them, in
 * Spanish and English; the English set must have exactly the Spanish keys and the same
 * parameters (the type checker enforces it). A message is a string or a function of
 * its parameters.
 */
import type { Lang } from '#src/domain/lang.js';

export type { Lang };

type Message = string | ((...args: never[]) => string);

export function defineMessages<const Es extends Record<string, Message>>(messages: {
  es: Es;
  en: { [Key in keyof Es]: Es[Key] extends string ? string : Es[Key] };
}): (lang: Lang) => { [Key in keyof Es]: Es[Key] extends string ? string : Es[Key] } {
  return (lang) => (lang === 'en' ? messages.en : messages.es) as never;
}
