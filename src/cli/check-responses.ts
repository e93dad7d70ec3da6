/**
 * `npm run api -- check <file or folder>`: reads captured responses through the schemas,
 * the way the bot reads them, so that a partner can try its own traffic. Files are named
 * `<operation>.response.<n>.json` (operation names as in the vendor's README); other
 * files in a folder are left alone. Each file gets one verdict: ok, or what departed
 * (missing, coerced, skipped, unknown); a response is unusable only when it cannot be
 * read at all (not JSON, or its reading fails).
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
    };
  }
  const reading = readResponseWith(operations[operation].response as z.ZodType, body);
  if (!reading.ok) {
    return { ...unusable(`cannot be read at ${reading.path}: ${reading.message}`) };
  }
  const departed = describe(reading.departures);
  return {
    file: name,
    usable: true,
    summary: departed ? `usable; ${departed}` : 'ok',
    departures: reading.departures,
  };
}
