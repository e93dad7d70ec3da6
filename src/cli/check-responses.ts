/**
 * `npm run api -- check <file or folder>`: reads captured responses through the schemas,
 * the way the bot reads them, so that a partner can try its own traffic. Files are named
 * `<operation>.response.<n>.json` (operation names as in the vendor's README); other
 * files in a folder are left alone. Each file gets one verdict: ok, or what departed
 * (missing, coerced, skipped, unknown) and what a customer or staff member would lose
 * for it (every skipped element counted, however long its list); a response is unusable
 * when it cannot be read at all (not JSON, its reading fails, data it must carry is null).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { z } from 'zod';
import type { Departure } from '#src/api/departures.js';
import { readResponseWith } from '#src/api/read-response.js';
import { envelopeFailure } from '#src/api/envelope.js';
import { isOperationName, operations } from '#src/api/operations.js';
import { fromWire } from '#src/api/wire.js';

export interface FileVerdict {
  file: string;
  usable: boolean;
  /** One line: ok, a refusal, what departed, or why it cannot be used. */
  summary: string;
  departures: Departure[];
  /** What people would lose for the skipped elements: "1500 products", "3 session choices". */
  losses: string[];
}

const RESPONSE_FILE = /^(?<operation>[a-z-]+)\.response\.\d+\.json$/;

/** The captured responses under `target`: the file itself, or a folder's response files. */
export function responseFiles(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .filter((name) => RESPONSE_FILE.test(name))
    .sort()
    .map((name) => join(target, name));
}

/**
 * What a skipped element of a list takes away from people, by the list's wire name: the
 * catalog's lose customers what they could book, the others staff what they look up.
 */
const LOSSES: Record<string, [one: string, many: string]> = {
  Providers: ['provider with all its products', 'providers with all their products'],
  ProductBases: ['category with its products', 'categories with their products'],
  Products: ['product', 'products'],
  Tickets: ['ticket type', 'ticket types'],
  TicketEnclosures: [
    'enclosure (its tickets lose their sessions)',
    'enclosures (their tickets lose their sessions)',
  ],
  'Ticket enclosures': [
    'enclosure (its tickets lose their sessions)',
    'enclosures (their tickets lose their sessions)',
  ],
  SessionSessionContents: ['session choice', 'session choices'],
  SessionsGroupSessionContents: ['session group', 'session groups'],
  Sessions: ['session choice', 'session choices'],
  PricesAndDates: ['price (its dates are not on sale)', 'prices (their dates are not on sale)'],
  ProductsRealTimePrices: ['price', 'prices'],
  Sales: [
    'sale (missing from staff search and reconciliation)',
    'sales (missing from staff search and reconciliation)',
  ],
  Activities: ['line of a sale', 'lines of sales'],
  CancellationRequests: ['cancellation request', 'cancellation requests'],
  InsurancePolicies: ['insurance offer', 'insurance offers'],
  PaymentMethods: ['payment method', 'payment methods'],
  Questions: ['question', 'questions'],
  PrePackages: ['prepackage', 'prepackages'],
  Packages: ['package', 'packages'],
};

/** The losses of a response's skipped elements, one phrase per list. */
export function lossesOf(departures: readonly Departure[]): string[] {
  return departures
    .filter((departure) => departure.kind === 'skipped')
    .map((departure) => {
      const list = /([^.]+)\[\]$/.exec(departure.path)?.[1] ?? departure.path;
      const [one, many] = LOSSES[list] ?? [`element of ${list}`, `elements of ${list}`];
      return departure.count === 1 ? `1 ${one}` : `${departure.count} ${many}`;
    });
}

function describe(departures: readonly Departure[]): string {
  const byKind = (kind: Departure['kind']) =>
    departures
      .filter((departure) => departure.kind === kind)
      .map((d) => (d.count > 1 ? `${d.path} ×${d.count}` : d.path));
  return (['skipped', 'missing', 'coerced', 'unknown'] as const)
    .map((kind) => [kind, byKind(kind)] as const)
    .filter(([, paths]) => paths.length > 0)
    .map(([kind, paths]) => `${kind}: ${paths.join(', ')}`)
    .join('; ');
}

export function checkFile(file: string): FileVerdict {
  const name = basename(file);
  const operation = RESPONSE_FILE.exec(name)?.groups?.operation;
  const unusable = (summary: string): FileVerdict => ({
    file: name,
    usable: false,
    summary,
    departures: [],
    losses: [],
  });
  if (operation === undefined || !isOperationName(operation)) {
    return unusable(`not a <operation>.response.<n>.json of a known operation`);
  }
  let body: unknown;
  try {
    body = fromWire(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return unusable('not JSON');
  }
  const refusal = envelopeFailure(body);
  if (refusal) {
    return {
      file: name,
      usable: true,
      summary: `a refusal (codes ${refusal.codes.join(', ') || 'none'})`,
      departures: [],
      losses: [],
    };
  }
  const reading = readResponseWith(operations[operation].response as z.ZodType, body);
  if (!reading.ok) {
    return { ...unusable(`cannot be read at ${reading.path}: ${reading.message}`) };
  }
  const departed = describe(reading.departures);
  const losses = lossesOf(reading.departures);
  const lost = losses.length > 0 ? `; would lose ${losses.join(', ')}` : '';
  return {
    file: name,
    usable: true,
    summary: departed ? `usable; ${departed}${lost}` : 'ok',
    departures: reading.departures,
    losses,
  };
}
