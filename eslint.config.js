// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { existsSync } from 'node:fs';

/**
 * The layers (docs/architecture.md): domain ← flows ← conversation ← channels, with src/api,
 * src/catalog, src/store and src/scheduler as adapters beside them. `layers` is the whole
 * map, written once: for every folder of src/ and flows/ and every file at src/'s root,
 * what of the project it may import besides itself. Anything else of the project fails
 * lint; test/lint/layers.test.ts tries a forbidden import for each entry.
 *
 * A folder is named `src/<folder>`, a root file `src/<name>` (without `.ts`).
 */
const layers = {
  // The partner service's rules, pure.
  'src/domain': [],
  'flows/view': ['src/domain'],
  'flows/understanding': ['src/domain'],
  'flows/booking': ['src/domain', 'src/i18n', 'flows/understanding', 'flows/view'],
  'src/i18n': ['src/domain'],
  // Adapters: the partner service, the catalog in memory, the stores, the scheduler.
  'src/api': ['src/domain', 'src/log'],
  'src/catalog': ['src/api', 'src/domain', 'src/events', 'src/log'],
  'src/store': ['src/domain', 'src/log'],
  'src/scheduler': ['src/domain', 'src/store', 'src/log'],
  'src/http': ['src/log'],
  // The conversation layer: one turn, the partner calls behind the machine, the payments.
  'src/conversation': [
    'flows/booking',
    'flows/understanding',
    'flows/view',
    'src/domain',
    'src/i18n',
    'src/api',
    'src/catalog',
    'src/store',
    'src/scheduler',
    'src/payments',
    'src/events',
    'src/log',
  ],
  // The payment return page answers the conversation it belongs to.
  'src/payments': ['flows/booking', 'src/conversation', 'src/store', 'src/server', 'src/log'],
  // The channels draw the flows' views and keep their own records (id books) in the store.
  'src/channels': [
    'flows/booking',
    'flows/understanding',
    'flows/view',
    'src/domain',
    'src/i18n',
    'src/conversation',
    'src/store',
    'src/config',
    'src/server',
    'src/events',
    'src/log',
  ],
  // The partner service simulated: it reads the partner's schemas and indexes its catalog.
  'src/sandbox': ['src/api', 'src/catalog', 'src/domain', 'src/config', 'src/log'],
  'src/cli': ['src/api', 'src/sandbox', 'src/config', 'src/log'],
  // The root files.
  'src/log': [],
  'src/events': [],
  // Allowed upward: the configuration reads the support hours with the handoff's own parser
  // (src/conversation/handoff/hours.ts) and names the store's Redis target by its type;
  // moving the parser beside the configuration is a change of its own.
  'src/config': ['src/domain', 'src/conversation', 'src/store'],
  'src/server': ['src/http', 'src/store', 'src/log'],
  'src/health': ['src/events', 'src/server', 'src/store'],
  'src/start-checks': ['src/config', 'src/store', 'src/log'],
  // The metrics observe the partner calls and the handoff: their events' types.
  'src/metrics': ['src/api', 'src/conversation', 'src/events', 'src/http', 'src/server'],
  'src/observed-engine': [
    'flows/booking',
    'src/conversation',
    'src/events',
    'src/metrics',
    'src/log',
  ],
  // The composition root and the process: everything but the channels for the root, all
  // of it for the process.
  'src/app': [
    'flows/booking',
    'src/api',
    'src/catalog',
    'src/cli',
    'src/config',
    'src/conversation',
    'src/domain',
    'src/events',
    'src/log',
    'src/metrics',
    'src/observed-engine',
    'src/payments',
    'src/sandbox',
    'src/scheduler',
    'src/store',
  ],
  'src/main': ['*'],
};

/**
 * The channels may read the partner's types, but never call the partner service. Below
 * the conversation nothing of src/api is imported, types included: the domain owns the
 * shapes its rules and the flows read (src/domain/partner-shapes.ts, catalog-shapes.ts),
 * and src/api's schemas read the wire into them.
 */
const partnerTypesOnly = {
  'src/channels':
    'Channels never call the partner service: ask the conversation or a service for it.',
};

/** A unit is a file (src/log.ts, flows/view.ts) or a folder. */
const isFile = (unit) => existsSync(new URL(`${unit}.ts`, import.meta.url));
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** How an import names a unit, after `#`: `src/api/…`, `src/log.js`. */
const named = (unit) => (isFile(unit) ? `${escape(unit)}\\.js$` : `${escape(unit)}/`);

/** The patterns of one unit: the project outside its list fails, however it is named. */
function layerPatterns(unit) {
  if (layers[unit].includes('*')) return [];
  const typesOnly = partnerTypesOnly[unit];
  const allowed = [unit, ...layers[unit], ...(typesOnly ? ['src/api'] : [])].map(named);
  const list = layers[unit].length === 0 ? '' : ` ${layers[unit].join(', ')} and`;
  const message = `${unit} imports only${list} itself of the project (the layers: eslint.config.js).`;
  const patterns = [{ regex: `^#(?!${allowed.join('|')})(src|flows)/`, message }];
  // A file at src/'s root names the folders beside it relatively (./api/…).
  if (isFile(unit) && unit.startsWith('src/')) {
    const relative = allowed.filter((name) => name.startsWith('src/')).map((name) => name.slice(4));
    patterns.push({ regex: `^\\./(?!${relative.join('|')})`, message });
  }
  if (typesOnly) patterns.push({ regex: '^#src/api/', allowTypeImports: true, message: typesOnly });
  return patterns;
}

const climbing = {
  regex: '^\\.\\./\\.\\./',
  message:
    'Name it from the root (#src/…, #flows/…): no relative import climbs more than one folder.',
};
/** A file directly in a folder that reaches a sibling folder names it from the root. */
const leaving = {
  regex: '^\\.\\./',
  message: 'An import that leaves its folder names it from the root (#src/…, #flows/…).',
};
const rule = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});
/**
 * A file gets the patterns of its unit (a later block of the same rule replaces an earlier
 * one for the files it matches, so each block carries all of them). A file directly in a
 * folder also may not leave it with `../`: what is outside is named from the root.
 */
const layerBlocks = Object.keys(layers).flatMap((unit) =>
  isFile(unit)
    ? [{ files: [`${unit}.ts`], rules: rule(climbing, ...layerPatterns(unit)) }]
    : [
        { files: [`${unit}/**/*.ts`], rules: rule(climbing, ...layerPatterns(unit)) },
        { files: [`${unit}/*.ts`], rules: rule(climbing, leaving, ...layerPatterns(unit)) },
      ],
);

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'bench/results.json',
      'journeys/results.json',
      'coverage/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
      ...rule(climbing),
    },
  },
  ...layerBlocks,
  {
    files: ['test/**', 'bench/**', 'journeys/**', 'src/cli/**'],
    rules: { 'no-console': 'off' },
  },
);
