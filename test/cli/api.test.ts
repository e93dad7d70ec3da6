import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from '#test/support/http-server.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function api(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', ['--import', 'tsx', 'src/cli/api.ts', ...args], {
      cwd: root,
      env: {
        ...process.env,
        PARTNER_API_URL: server.url,
        PARTNER_API_KEY: 'cli-key',
        LOG_LEVEL: 'silent',
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run api', () => {
  it('prints the normalized catalog', async () => {
    server.handle((_request, response) =>
      json(response, 200, {
        LastUpdatedDateTime: '2026-11-01T10:00:00.12',
        Providers: [{ ProviderId: 'prov000000001', ProviderName: 'Museo', ProductBases: [] }],
      }),
    );
    const result = await api(['catalog', '--body', '{"LanguageCode":"en"}']);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as {
      lastUpdatedDateTime: string;
      providers: unknown[];
    };
    expect(printed.lastUpdatedDateTime).toBe('2026-11-01T10:00:00');
    expect(printed.providers).toHaveLength(1);
    const sent = server.seen.at(-1)!;
    expect(JSON.parse(sent.body)).toEqual({ LanguageCode: 'en' });
    expect(sent.headers.authorization).toBe('ApiKey cli-key');
  });

  it('exits 1 with one line on an error envelope', async () => {
    server.handle((_request, response) =>
      json(response, 200, {
        Success: false,
        Errors: [{ ErrorMessage: 'Not allowed', ErrorCode: 12 }],
      }),
    );
    const result = await api(['catalog']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual(['catalog: Not allowed [12]']);
  });

  it('exits 1 naming the field of a response that does not match the schema', async () => {
    server.handle((_request, response) =>
      json(response, 200, { LastUpdatedDateTime: 'yesterday' }),
    );
    const result = await api(['catalog']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^catalog: invalid response at LastUpdatedDateTime: /);
  });

  it('exits 1 on an unknown operation, listing the known ones', async () => {
    const result = await api(['nope']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/operations: .*catalog/);
  });

  it('checks captured responses: the vendor examples are all usable', async () => {
    const { code, stdout } = await api(['check', 'test/fixtures/vendor']);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('17 responses, 0 unusable');
    expect(lines).toContain('ok   autoassignsessions.response.1.json: ok');
    expect(
      lines.some((line) =>
        /^ok {3}cart-add\.response\.3\.json: usable; missing: Activities$/.test(line),
      ),
    ).toBe(true);
  });

  it('checks captured responses: says what departed, and exits 1 only for an unusable one', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'captured-'));
    const sale = {
      Sales: [
        {
          PartnerSaleId: 'ps-1',
          TotalPrice: '12',
          Activities: [{ ProductId: 'p1' }, 'odd'],
          Brand: 'x',
        },
      ],
    };
    writeFileSync(join(folder, 'sales.response.1.json'), JSON.stringify(sale));
    writeFileSync(join(folder, 'notes.txt'), 'not a response');
    let result = await api(['check', folder]);
    expect(result.code).toBe(0);
    const line = result.stdout.split('\n').find((l) => l.includes('sales.response.1.json'))!;
    expect(line).toMatch(
      /^ok {3}sales\.response\.1\.json: usable; skipped: Sales\[\]\.Activities\[\] ×2;/,
    );
    expect(line).toContain('coerced: Sales[].TotalPrice');
    expect(line).toContain('unknown: Sales[].Brand');
    expect(line).toContain('missing: Sales[].Accommodations');
    writeFileSync(join(folder, 'catalog.response.1.json'), '{"Providers": [');
    result = await api(['check', folder]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('FAIL catalog.response.1.json: not JSON');
    expect(result.stdout).toContain('2 responses, 1 unusable');
  });
});
