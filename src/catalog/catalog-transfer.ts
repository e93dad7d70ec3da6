/**
 * How a catalog read in the catalog's worker reaches the main thread without holding it
 * up: in parts the main thread asks for one at a time (a part of ~CHUNK_PRODUCTS products
 * takes a few milliseconds to copy in; all at once would take seconds), with each distinct
 * date list sent once, ahead, and named by number in the products (shared-dates.ts).
 */
import type { CallOutcome } from '#src/api/client.js';
import type { Catalog, Provider } from '#src/api/catalog.js';
import type { Departure } from '#src/api/departures.js';
import type { IsoDate } from '#src/api/schema.js';
import type { CatalogVersion } from './catalog-version.js';
import type { DateTable } from './shared-dates.js';

/** Products per part: copying them in stays well under a slice of the event loop. */
export const CHUNK_PRODUCTS = 100;

/** What the worker is asked: the catalog of a language, from the partner at `partner`. */
export interface CatalogWorkerInput {
  language: string;
  partner: {
    baseUrl: string;
    apiKey: string;
    timeoutMs?: Partial<Record<string, number>>;
    retry?: { limit: number; delayMs: number };
  };
  /** The main thread's log level: the worker's client logs at it, through the main thread. */
  logLevel?: string;
  /** The version in service (a refresh): an unchanged catalog is not sent. */
  known?: CatalogVersion;
}

/**
 * The worker's messages, in order: outcome, departures and log lines, then head, parts (or
 * unchanged: the catalog read would not replace the version in service).
 */
export type WorkerMessage =
  | { type: 'outcome'; outcome: CallOutcome }
  | { type: 'departure'; operation: string; departure: Departure }
  /** A line the worker's logger wrote (pino's JSON), for the main thread's logger. */
  | { type: 'log'; line: string }
  | {
      type: 'head';
      /** The catalog without its providers (they follow in parts). */
      catalog: Catalog;
      dates: IsoDate[][];
      parts: number;
      version: CatalogVersion;
    }
  | { type: 'unchanged' }
  | { type: 'part'; providers: Provider[] }
  | { type: 'failed'; name: string; message: string; kind?: string };

/** The main thread's messages: the next part, please. */
export type MainMessage = { type: 'next' };

/** Providers in parts of about CHUNK_PRODUCTS products (a provider is never split). */
export function partsOf(providers: readonly Provider[]): Provider[][] {
  const parts: Provider[][] = [];
  let part: Provider[] = [];
  let products = 0;
  for (const provider of providers) {
    part.push(provider);
    products += provider.productBases.reduce((sum, base) => sum + base.products.length, 0);
    if (products >= CHUNK_PRODUCTS) {
      parts.push(part);
      part = [];
      products = 0;
    }
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

// A date list travels as its number in the table; these two are the only places that know.
type Numbered = IsoDate[] & number;

/** Replaces each product's date lists with their numbers in `table` (in place, worker side). */
export function numberDates(providers: readonly Provider[], table: DateTable): void {
  for (const provider of providers)
    for (const base of provider.productBases)
      for (const product of base.products) {
        product.daysWithLimitedCapacity = table.numberOf(
          product.daysWithLimitedCapacity,
        ) as Numbered;
        for (const set of product.pricesAndDates) set.dates = table.numberOf(set.dates) as Numbered;
      }
}

/** Puts the shared lists back in place of their numbers (in place, main side). */
export function restoreDates(providers: readonly Provider[], lists: readonly IsoDate[][]): void {
  // A price set shared between products (shared-values.ts) is met again, restored.
  const list = (number: IsoDate[]) =>
    typeof number === 'number' ? (lists[number as Numbered] ?? []) : number;
  for (const provider of providers)
    for (const base of provider.productBases)
      for (const product of base.products) {
        product.daysWithLimitedCapacity = list(product.daysWithLimitedCapacity);
        for (const set of product.pricesAndDates) set.dates = list(set.dates);
      }
}
