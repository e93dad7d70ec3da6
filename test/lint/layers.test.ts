/**
 * The layers are enforced by the linter (eslint.config.js): an import that crosses a layer
 * fails lint. Each case lints a line of code as if it were a file of that layer.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The import rules a line breaks, as a file at `filePath`. */
async function broken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

/**
 * For every folder of src/ and flows/ and every file at src/'s root: a file of it, an
 * import the map forbids it (one of the layers above it, or beside it where it must not
 * reach), and one it allows.
 */
const everyUnit: [file: string, forbidden: string, allowed: string][] = [
  ['src/domain/x.ts', '#src/conversation/engine.js', '#src/domain/time.js'],
  ['flows/view.ts', '#flows/booking/machine.js', '#src/domain/lang.js'],
  ['flows/understanding/x.ts', '#flows/booking/machine.js', '#src/domain/time.js'],
  ['flows/booking/x.ts', '#src/conversation/engine.js', '#flows/understanding/text.js'],
  ['src/i18n/x.ts', '#flows/booking/view.js', '#src/domain/lang.js'],
  ['src/api/x.ts', '#flows/booking/machine.js', '#src/domain/time.js'],
  ['src/catalog/x.ts', '#src/conversation/engine.js', '#src/api/catalog.js'],
  ['src/store/x.ts', '#src/conversation/engine.js', '#src/log.js'],
  ['src/scheduler/x.ts', '#src/conversation/engine.js', '#src/store/store.js'],
  ['src/http/x.ts', '#src/store/store.js', '#src/log.js'],
  ['src/conversation/x.ts', '#src/channels/keep-trying.js', '#flows/booking/machine.js'],
  ['src/payments/x.ts', '#src/channels/keep-trying.js', '#src/conversation/engine.js'],
  ['src/channels/telegram/x.ts', '#src/app.js', '#src/conversation/engine.js'],
  ['src/sandbox/x.ts', '#src/conversation/engine.js', '#src/api/catalog.js'],
  ['src/cli/x.ts', '#src/conversation/engine.js', '#src/sandbox/index.js'],
  ['src/log.ts', '#src/config.js', 'node:async_hooks'],
  ['src/events.ts', '#src/log.js', 'node:events'],
  ['src/config.ts', '#flows/understanding/text.js', '#src/domain/edit-distance.js'],
  ['src/server.ts', '#src/conversation/engine.js', '#src/http/within.js'],
  ['src/health.ts', '#src/conversation/engine.js', '#src/store/keys.js'],
  ['src/start-checks.ts', '#src/conversation/engine.js', '#src/config.js'],
  ['src/metrics.ts', '#src/channels/keep-trying.js', '#src/http/within.js'],
  ['src/observed-engine.ts', '#src/channels/keep-trying.js', '#src/conversation/engine.js'],
  ['src/app.ts', '#src/channels/keep-trying.js', '#src/conversation/engine.js'],
];

describe('the layers, as the linter enforces them', () => {
  it.each(everyUnit)(
    '%s may not import %s, and may import %s',
    async (file, forbidden, allowed) => {
      expect(await broken(file, `import { x } from '${forbidden}';`)).toEqual([
        expect.stringMatching(/ imports only .*itself of the project/),
      ]);
      expect(await broken(file, `import type { X } from '${forbidden}';`)).toHaveLength(1);
      expect(await broken(file, `import { x } from '${allowed}';`)).toEqual([]);
    },
  );

  it('covers every folder of src/ and flows/ and every file at their root', () => {
    const units = ['src', 'flows'].flatMap((top) =>
      readdirSync(`${root}/${top}`, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() || entry.name.endsWith('.ts'))
        .map((entry) => `${top}/${entry.name.replace(/\.ts$/, '')}`),
    );
    const unitOf = (file: string) =>
      file.split('/').length === 2
        ? file.replace(/\.ts$/, '')
        : file.split('/').slice(0, 2).join('/');
    const tried = new Set([...everyUnit.map(([file]) => unitOf(file)), 'src/main']);
    expect(units.filter((unit) => !tried.has(unit))).toEqual([]);
  });

  it('a file at the root of src/ is held to the map when it names a folder relatively', async () => {
    expect(await broken('src/server.ts', "import { x } from './conversation/engine.js';")).toEqual([
      expect.stringContaining('src/server imports'),
    ]);
    expect(await broken('src/server.ts', "import { x } from './http/within.js';")).toEqual([]);
  });

  it('a file directly in a folder names what is outside it from the root', async () => {
    expect(await broken('src/conversation/x.ts', "import { x } from '../log.js';")).toEqual([
      expect.stringContaining('leaves its folder'),
    ]);
    expect(
      await broken('src/conversation/actors/x.ts', "import { x } from '../engine.js';"),
    ).toEqual([]);
  });

  it('src/main.ts, the process, may import any of it', async () => {
    expect(await broken('src/main.ts', "import { x } from './channels/keep-trying.js';")).toEqual(
      [],
    );
  });

  it('src/domain imports nothing of the project above it', async () => {
    expect(
      await broken('src/domain/x.ts', "import { x } from '#src/conversation/engine.js';"),
    ).toEqual([expect.stringContaining('src/domain imports only itself')]);
    expect(
      await broken('src/domain/x.ts', "import { x } from '#flows/booking/machine.js';"),
    ).toHaveLength(1);
    expect(await broken('src/domain/x.ts', "import { x } from './time.js';")).toEqual([]);
  });

  it('below the conversation nothing of src/api is imported, types included', async () => {
    for (const file of ['src/domain/x.ts', 'flows/booking/x.ts', 'flows/understanding/x.ts']) {
      expect(
        await broken(file, "import { PartnerEnvelopeError } from '#src/api/errors.js';"),
      ).toHaveLength(1);
      expect(
        await broken(file, "import type { Question } from '#src/api/questions.js';"),
      ).toHaveLength(1);
    }
    // The domain owns the shapes: src/api reads the wire into them.
    expect(
      await broken(
        'src/api/x.ts',
        "import type { Question } from '#src/domain/partner-shapes.js';",
      ),
    ).toEqual([]);
  });

  it('flows/ never import the conversation, channels, store or catalog', async () => {
    for (const target of [
      '#src/conversation/engine.js',
      '#src/channels/keep-trying.js',
      '#src/store/store.js',
      // The catalog's index and search come through a view's deps (src/domain/catalog.ts).
      '#src/catalog/product-search.js',
      '#src/catalog/catalog-index.js',
    ]) {
      expect(await broken('flows/booking/x.ts', `import { x } from '${target}';`)).toEqual([
        expect.stringContaining('flows/booking imports only src/domain, src/i18n'),
      ]);
    }
    expect(await broken('flows/booking/x.ts', "import { x } from '#src/domain/lang.js';")).toEqual(
      [],
    );
  });

  it('channels never call the partner service; its types they may read', async () => {
    expect(
      await broken('src/channels/telegram/x.ts', "import { x } from '#src/api/client.js';"),
    ).toEqual([expect.stringContaining('Channels never call')]);
    expect(
      await broken('src/channels/telegram/x.ts', "import type { X } from '#src/api/client.js';"),
    ).toEqual([]);
    // Slack's staff look-ups go through the conversation layer's service, with no exception.
    expect(
      await broken(
        'src/channels/slack/lookups.ts',
        "import { salesOperation } from '#src/api/sales.js';",
      ),
    ).toEqual([expect.stringContaining('Channels never call')]);
    expect(
      await broken(
        'src/channels/slack/words.ts',
        "import { ActivityStatus } from '#src/api/sales.js';",
      ),
    ).toHaveLength(1);
  });

  it('only the composition root, the sandbox itself, the CLI and tests import the sandbox', async () => {
    const line = "import { x } from '#src/sandbox/index.js';";
    expect(await broken('src/conversation/x.ts', line)).toHaveLength(1);
    expect(await broken('flows/booking/x.ts', line)).not.toEqual([]);
    expect(await broken('src/app.ts', line)).toEqual([]);
    expect(await broken('test/e2e/x.test.ts', line)).toEqual([]);
  });

  it('no relative import climbs more than one folder', async () => {
    expect(
      await broken('src/channels/slack/x.ts', "import { x } from '../../api/client.js';"),
    ).toEqual([expect.stringMatching(/no relative import climbs/)]);
    expect(
      await broken('test/e2e/x.test.ts', "import { x } from '../../src/app.js';"),
    ).toHaveLength(1);
    expect(
      await broken('src/channels/slack/x.ts', "import { x } from '../keep-trying.js';"),
    ).toEqual([]);
  });
});
