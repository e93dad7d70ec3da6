/**
 * The languages the assistant writes in. The partner's default is Spanish; any other
 * language a customer uses is answered in English, the closer common language.
 */
export type Lang = 'es' | 'en';

/** The Intl locale of each language (Spain's and British conventions: 12,50 € / €12.50). */
export const locales: Record<Lang, string> = { es: 'es-ES', en: 'en-GB' };

/** A language for a code such as Telegram's `language_code` ("es", "en-US", "fr"). */
export function pickLang(code: string | undefined): Lang {
  if (code === undefined || code.trim() === '') return 'es';
  return code.trim().toLowerCase().startsWith('es') ? 'es' : 'en';
}

/**
 * Reads each language's ICU data (numbers, currencies, dates) before a channel takes
 * updates (main.ts): the first Intl formatter made for a locale in a process reads that
 * data, a hundred times a later one's cost. Without it, the first turn that shows a
 * price or a date stalls every chat waiting behind it.
 */
export function warmUpLocales(): void {
  for (const locale of Object.values(locales)) {
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(0);
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(0);
  }
}
