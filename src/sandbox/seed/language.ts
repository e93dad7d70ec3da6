/** The seed's two languages; every text is written in both, nothing else differs. */
export type SeedLanguage = 'es' | 'en';

/** Picks the text of the language; called as `tr('Entrada', 'Ticket')`. */
export type Tr = (es: string, en: string) => string;

export function translator(language: SeedLanguage): Tr {
  if (language !== 'es' && language !== 'en')
    throw new Error(`expected language 'es' or 'en', got "${String(language)}"`);
  return language === 'es' ? (es) => es : (_es, en) => en;
}
