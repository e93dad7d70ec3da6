/**
 * `npm run build`: compiles src/ and flows/ to dist/ for `node dist/main.js`, which needs
 * production dependencies only (no tsx). The compiled files keep the sources' layout
 * (dist/src, dist/flows); dist/package.json maps the `#src/*` and `#flows/*` imports onto
 * them as the root package.json maps them onto the sources, since Node resolves `#`
 * imports by the package.json nearest to the importing file. `--out-dir` builds elsewhere
 * (the package test builds into a directory of its own).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: 'dist' } } });
const outDir = resolve(root, values['out-dir']);

// A module deleted from the sources must not linger in the build.
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', outDir], {
  cwd: root,
  stdio: 'inherit',
});

// The message catalogs, read at start from beside the compiled src/ (src/i18n/catalog.ts).
cpSync(join(root, 'locales'), join(outDir, 'locales'), { recursive: true });

interface PackageJson {
  name: string;
  version: string;
  imports: Record<string, string>;
}
const source = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
// Only the folders that were compiled: #test/*, #bench/* and the like stay with the sources.
const imports = Object.fromEntries(
  Object.entries(source.imports).filter(([, target]) =>
    existsSync(join(outDir, target.replace(/\/\*$/, ''))),
  ),
);
const distPackage = {
  name: source.name,
  version: source.version,
  private: true,
  type: 'module',
  imports,
};
writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(distPackage, null, 2)}\n`);
writeFileSync(
  join(outDir, 'main.js'),
  "// The entry of the build: the bot's main module, compiled (see scripts/build.ts).\nimport './src/main.js';\n",
);
