/**
 * Package searches and quotes, by EchoToken. The spec does not say where the EchoToken
 * comes from; here the basic catalog hands one out (at the top level of its answer) that
 * names the search: people, rooms, stay, activity dates, prepackages, destination, and
 * the board and rate-class filters (they decide which rate a package is priced with).
 * The same search gets the same token; sort, paging and the other filters only change
 * the view. Prices answers with a token of its own naming the priced selection; Add
 * takes either (see booking.ts). Reset drops them all.
 */
import { createHash } from 'node:crypto';
import type { Commission } from '#src/api/common.js';
import type { Person } from '#src/api/packages.js';
import type { IsoDate, PriceMode } from '#src/api/schema.js';
import type { Cents } from '#src/domain/pricing.js';
import type { SandboxData, SandboxLanguage } from '../data.js';
import { packageSeed, type PackageSeed } from './seed.js';

/** A 26-character token (like the vendor's) that names `value`: same value, same token. */
export function echoTokenOf(value: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(value)).digest('hex');
  return BigInt(`0x${digest.slice(0, 34)}`)
    .toString(36)
    .padStart(26, '0')
    .slice(-26);
}

/** One package of a search: an accommodation with the rate it is sold at. */
export interface SearchPackage {
  accommodationId: string;
  rateId: string;
  accommodationCents: Cents;
  /** The cheapest access dates in the activity window (PriceFrom's). */
  cheapestDates: Record<string, IsoDate>;
  priceFromCents: Cents;
  /** The last Prices of this package under this search. */
  priced?: PricedPackage;
}

export interface PricedPackage {
  /** Access date per pax grouping id. */
  dates: Record<string, IsoDate>;
  cents: Cents;
}

export interface PackageSearch {
  token: string;
  language: SandboxLanguage;
  people: Person[];
  checkIn: IsoDate;
  checkOut: IsoDate;
  fromDate: IsoDate;
  toDate: IsoDate;
  prepackageIds: string[];
  priceMode: PriceMode;
  commission: Commission;
  /** Every package the search found, by package (accommodation) id, before view filters. */
  packages: Map<string, SearchPackage>;
}

export interface PackageQuote {
  token: string;
  searchToken: string;
  packages: Map<string, PricedPackage>;
}

export interface PackageState {
  /** The demo prepackages and accommodations in a language (built once per state). */
  seed(language: SandboxLanguage): PackageSeed;
  saveSearch(search: PackageSearch): void;
  search(token: string): PackageSearch | undefined;
  saveQuote(quote: PackageQuote): void;
  quote(token: string): PackageQuote | undefined;
}

export function createPackageState(data: SandboxData): PackageState {
  const seeds = new Map<SandboxLanguage, PackageSeed>();
  const searches = new Map<string, PackageSearch>();
  const quotes = new Map<string, PackageQuote>();
  return {
    seed(language) {
      let seed = seeds.get(language);
      if (!seed) {
        seed = packageSeed({ today: data.today, language });
        seeds.set(language, seed);
      }
      return seed;
    },
    saveSearch: (search) => searches.set(search.token, search),
    search: (token) => searches.get(token),
    saveQuote: (quote) => quotes.set(quote.token, quote),
    quote: (token) => quotes.get(token),
  };
}
