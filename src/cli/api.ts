/**
 * `npm run api -- <operation> [--body JSON | --body-file FILE] [--query k=v ...]`
 * `npm run api -- check <file or folder>` (check-responses.ts)
 *
 * The operator's tool: calls one operation of the partner service (PARTNER_API_URL, or
 * the in-process sandbox when unset) and prints the parsed, normalized response as JSON.
 * The body is written as on the wire (PascalCase, as in the vendor's docs); `--query`
 * pairs build it too, a repeated key making a list. Any failure prints one line on
 * stderr and exits 1.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createPartnerClient, type PartnerClient } from '#src/api/client.js';
import { isPartnerError } from '#src/api/errors.js';
import { isOperationName, operations } from '#src/api/operations.js';
import { fromWire, wirePath } from '#src/api/wire.js';
import { loadConfig } from '#src/config.js';
import { checkFile, responseFiles } from './check-responses.js';
import { startPartnerTarget } from './partner-target.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parseWireBody(values: { body?: string; 'body-file'?: string; query?: string[] }): unknown {
  if (values.body !== undefined && values['body-file'] !== undefined) {
    fail('give --body or --body-file, not both');
  }
  const source =
    values['body-file'] !== undefined ? readFileSync(values['body-file'], 'utf8') : values.body;
  let body: Record<string, unknown> = {};
  if (source !== undefined) {
    try {
      body = JSON.parse(source) as Record<string, unknown>;
    } catch {
      fail('the body is not valid JSON');
    }
  }
  for (const pair of values.query ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) fail(`--query ${pair}: expected key=value`);
    const key = pair.slice(0, at);
    const value = pair.slice(at + 1);
    const existing = body[key];
    body[key] =
      existing === undefined
        ? value
        : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return body;
}

/** Prints a verdict per captured response; exits 1 only when one cannot be used. */
function check(target: string | undefined): void {
  if (!target) fail('usage: npm run api -- check <file or folder>');
  let files: string[];
  try {
    files = responseFiles(target);
  } catch {
    fail(`${target}: no such file or folder`);
  }
  if (files.length === 0) fail(`${target}: no <operation>.response.<n>.json files`);
  const verdicts = files.map(checkFile);
  for (const verdict of verdicts) {
    process.stdout.write(
      `${verdict.usable ? 'ok  ' : 'FAIL'} ${verdict.file}: ${verdict.summary}\n`,
    );
  }
  const unusable = verdicts.filter((verdict) => !verdict.usable).length;
  process.stdout.write(`${verdicts.length} responses, ${unusable} unusable\n`);
  if (unusable > 0) process.exit(1);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      body: { type: 'string' },
      'body-file': { type: 'string' },
      query: { type: 'string', multiple: true },
    },
  });
  const name = positionals[0];
  if (name === 'check') return check(positionals[1]);
  if (!name || !isOperationName(name)) {
    fail(
      `usage: npm run api -- <operation> [...]; operations: ${Object.keys(operations).join(', ')}`,
    );
  }
  const operation = operations[name];
  const parsed = operation.request.safeParse(fromWire(parseWireBody(values)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(`request field ${wirePath(issue?.path ?? [])}: ${issue?.message ?? 'invalid'}`);
  }

  const config = loadConfig();
  const target = await startPartnerTarget(config);
  try {
    const client: PartnerClient = createPartnerClient({
      baseUrl: target.baseUrl,
      apiKey: config.partner.apiKey,
    });
    const response = await client.call(operation, parsed.data as never);
    process.stdout.write(`${JSON.stringify(response, null, 2)}\n`);
  } catch (error) {
    fail(isPartnerError(error) ? error.message : `error: ${(error as Error).message}`);
  } finally {
    await target.close();
  }
}

await main();
