/**
 * The vendor's published examples, read as wire JSON. The project keeps its own copy in
 * test/fixtures/vendor (taken from the shared fixtures, with their README), so that a
 * clone alone passes its tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const fixturesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/vendor');

export interface Fixture {
  file: string;
  operation: string;
  kind: 'request' | 'response';
  body: unknown;
}

/** Every fixture file, optionally only those of one operation. */
export function fixtures(operation?: string): Fixture[] {
  return readdirSync(fixturesDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const [name, kind] = file.split('.') as [string, 'request' | 'response'];
      return {
        file,
        operation: name,
        kind,
        body: JSON.parse(readFileSync(join(fixturesDir, file), 'utf8')) as unknown,
      };
    })
    .filter((fixture) => operation === undefined || fixture.operation === operation);
}
