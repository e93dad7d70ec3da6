/**
 * Translations written in TypeScript, for the modules whose texts have not moved to the
 * catalogs yet (src/i18n/catalog.ts and docs/i18n.md say how a module moves). Each module
 * defines its messages next to the code that uses them, in Spanish and English at least;
 * every other set must have exactly the Spanish keys and the same parameters (the type
 * checker enforces it). A message is a string or a function of its parameters. A
 * language a module lacks is answered in the next language of its fallback (`fallbackOf`),
 * reported once.
 */
import { fileURLToPath } from 'node:url';
import { fallbackOf, type Lang } from '#src/domain/lang.js';
import { missingText } from './missing.js';

export type { Lang };

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The file that called `defineMessages`, from the root ("flows/booking/steps/home.ts"):
 * named in the report of a text a language lacks, so the log says which module to move.
 */
function callerFile(): string | undefined {
  const line = new Error().stack?.split('\n')[3] ?? '';
  const file = /(?:file:\/\/)?(\/[^():]+):\d+:\d+\)?$/.exec(line)?.[1];
  return file?.startsWith(ROOT) ? file.slice(ROOT.length) : undefined;
}

type Message = string | ((...args: never[]) => string);

type Translated<Es> = { [Key in keyof Es]: Es[Key] extends string ? string : Es[Key] };

export function defineMessages<const Es extends Record<string, Message>>(
  messages: { es: Es } & { [Other in Exclude<Lang, 'es'>]?: Translated<Es> } & {
    en: Translated<Es>;
  },
): (lang: Lang) => Translated<Es> {
  const module = callerFile() ?? `messages(${Object.keys(messages.es)[0] ?? ''})`;
  return (lang) => {
    const [wanted, ...rest] = fallbackOf(lang);
    const found = messages[wanted!];
    if (found) return found as Translated<Es>;
    const from = rest.find((each) => messages[each] !== undefined) ?? 'es';
    missingText({ lang, module, from });
    return messages[from] as Translated<Es>;
  };
}
