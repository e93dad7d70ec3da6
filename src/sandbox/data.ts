/**
 * The sandbox's read-only data for one run: the catalog in each language (the demo one,
 * or a generated one for benchmarks), its index, question profiles and the capacity
 * seed. Built once at start (and again on reset), anchored on the sandbox's "today".
 */
import type { Catalog } from '#src/api/catalog.js';
import type { QuestionsProfile } from '#src/api/questions.js';
import type { IsoDate } from '#src/api/schema.js';
import { indexCatalog } from '#src/catalog/catalog-index.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import {
  demoCatalog,
  dynamicQuestions,
  generatedCatalog,
  questionProfiles,
  sessionCapacity,
  type CapacitySeed,
  type SeedLanguage,
  type SeedSession,
} from './seed/index.js';

export type SandboxLanguage = SeedLanguage;

export interface SandboxData {
  /** The provider-local date the data was built for. */
  readonly today: IsoDate;
  /** The partner's default language, used when a request names none or another. */
  readonly defaultLanguage: SandboxLanguage;
  /** A request's LanguageCode as one of ours. */
  language(code: string | undefined): SandboxLanguage;
  catalog(language: SandboxLanguage): Catalog;
  /** Lookups; ids and numbers are the same in every language. */
  index(language?: SandboxLanguage): CatalogIndex;
  questionProfiles(language: SandboxLanguage): QuestionsProfile[];
  dynamicQuestions: typeof dynamicQuestions;
  /** Every session (including those of session groups) and initial capacities. */
  readonly capacity: CapacitySeed;
  session(sessionId: string): SeedSession | undefined;
}

export function loadSandboxData(options: {
  today: IsoDate;
  defaultLanguage: SandboxLanguage;
  generatedProducts?: number;
}): SandboxData {
  const build = (language: SandboxLanguage): Catalog =>
    options.generatedProducts === undefined
      ? demoCatalog({ today: options.today, language })
      : generatedCatalog({
          today: options.today,
          products: options.generatedProducts,
          seed: 1,
          language,
        });
  const catalogs = new Map<SandboxLanguage, Catalog>();
  const indexes = new Map<SandboxLanguage, CatalogIndex>();
  const catalogIn = (language: SandboxLanguage): Catalog => {
    let catalog = catalogs.get(language);
    if (!catalog) {
      catalog = build(language);
      catalogs.set(language, catalog);
    }
    return catalog;
  };
  const indexIn = (language: SandboxLanguage): CatalogIndex => {
    let index = indexes.get(language);
    if (!index) {
      index = indexCatalog(catalogIn(language));
      indexes.set(language, index);
    }
    return index;
  };
  const capacity = sessionCapacity(catalogIn(options.defaultLanguage));
  const sessions = new Map(capacity.sessions.map((session) => [session.sessionId, session]));
  const profiles = new Map<SandboxLanguage, QuestionsProfile[]>();

  return {
    today: options.today,
    defaultLanguage: options.defaultLanguage,
    language: (code) => {
      const lower = code?.toLowerCase();
      return lower === 'es' || lower === 'en' ? lower : options.defaultLanguage;
    },
    catalog: catalogIn,
    index: (language = options.defaultLanguage) => indexIn(language),
    questionProfiles: (language) => {
      let list = profiles.get(language);
      if (!list) {
        list = questionProfiles(language);
        profiles.set(language, list);
      }
      return list;
    },
    dynamicQuestions,
    capacity,
    session: (sessionId) => sessions.get(sessionId),
  };
}
