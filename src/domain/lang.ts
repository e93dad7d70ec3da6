/**
 * The languages the assistant writes in. The partner's default is Spanish. A text not yet
 * written in a language is taken from the language its speakers read best next
 * (`fallbackOf`): Catalan speakers all read Spanish; French, German and Italian visitors
 * more often read English than Spanish.
 */
export const LANGS = ['es', 'en', 'ca', 'fr', 'de', 'it'] as const;
export type Lang = (typeof LANGS)[number];

export const isLang = (value: unknown): value is Lang =>
  typeof value === 'string' && (LANGS as readonly string[]).includes(value);

/** The Intl locale of each language (Spain's and British conventions: 12,50 € / €12.50). */
export const locales: Record<Lang, string> = {
  es: 'es-ES',
  en: 'en-GB',
  ca: 'ca-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  it: 'it-IT',
};

/**
 * Where a text missing in a language is looked for, in order, the language itself first;
 * Spanish, in which every text is written, is always last.
 */
export function fallbackOf(lang: Lang): readonly Lang[] {
  if (lang === 'es') return ['es'];
  if (lang === 'en' || lang === 'ca') return [lang, 'es'];
  return [lang, 'en', 'es'];
}

/**
 * The languages customers are answered in: those every step's texts are written in.
 * The other languages' catalogs are in the making (docs/i18n.md); a customer whose app
 * is set to one of them, or who writes in one, is answered in the first served language
 * of its fallback, so that no screen mixes languages. A language joins this list when
 * every module's texts are in its catalog.
 */
export const SERVED_LANGS: readonly Lang[] = ['es', 'en'];

/** The language a customer of `lang` is answered in (`SERVED_LANGS`). */
export function servedLang(lang: Lang): Lang {
  return fallbackOf(lang).find((each) => SERVED_LANGS.includes(each)) ?? 'es';
}

/** Texts written in Spanish and English at least, and maybe in the other languages. */
export type Texts<T = string> = { es: T; en: T } & Partial<Record<Lang, T>>;

/** The text of `texts` for `lang`, or of the first language of its fallback that has one. */
export function inLang<T>(texts: Texts<T>, lang: Lang): T {
  for (const each of fallbackOf(lang)) {
    const text = texts[each];
    if (text !== undefined) return text;
  }
  return texts.es;
}

/**
 * The language to answer in for a code such as Telegram's `language_code` ("es",
 * "en-US", "fr", "ca"): a served one (`servedLang`).
 */
export function pickLang(code: string | undefined): Lang {
  if (code === undefined || code.trim() === '') return 'es';
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  // Languages we do not write in are answered in English, the visitors' common language.
  return servedLang(isLang(primary) ? primary : 'en');
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
