// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * The layers (docs/architecture.md): domain ← flows ← conversation ← channels. Each entry
 * is a `@typescript-eslint/no-restricted-imports` pattern; a file gets the patterns of every
 * layer it is in, so each block below lists all of them (a later block of the same rule
 * replaces an earlier one for the files it matches).
 */
const climbing = {
  regex: '^\\.\\./\\.\\./',
  message:
    'Name it from the root (#src/…, #flows/…): no relative import climbs more than one folder.',
};
const sandbox = {
  regex: '^(#src/sandbox/|\\./sandbox/)',
  message:
    'Only the sandbox’s entry points, the composition root (src/app.ts), the CLI and tests import the sandbox.',
};
const domain = {
  regex: '^#(flows/|src/(?!domain/|api/))',
  message: 'src/domain imports nothing of the project but itself (and, for now, src/api’s types).',
};
const flows = {
  // The catalog comes through the views' deps and the actors' inputs (src/domain/catalog.ts);
  // the conversation, channels, store and the rest never.
  regex: '^#src/(?!domain/|i18n/|api/)',
  message: 'flows/ imports xstate, zod, src/domain, src/i18n and itself (src/api’s types for now).',
};
const partnerTypes = {
  // The one exception left: the domain and the flows still read the partner's
  // types from src/api's schemas, types only. The codes their rules branch on are the
  // domain's (src/domain/partner-codes.ts), and a refusal is known by its kind
  // (flows/booking/problem.ts), so no code of the partner client is below the conversation.
  regex: '^#src/api/',
  allowTypeImports: true,
  message:
    'Below the conversation, src/api gives types only: its codes are in src/domain/partner-codes.ts, a refusal is isPartnerRefusal (flows/booking/problem.ts).',
};
const channelsPartner = {
  regex: '^#src/api/',
  allowTypeImports: true,
  message: 'Channels never call the partner service: ask the conversation or a service for it.',
};
const rule = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});

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
  { files: ['src/**/*.ts', 'flows/**/*.ts'], rules: rule(climbing, sandbox) },
  { files: ['src/domain/**/*.ts'], rules: rule(climbing, sandbox, domain, partnerTypes) },
  { files: ['flows/**/*.ts'], rules: rule(climbing, sandbox, flows, partnerTypes) },
  { files: ['src/channels/**/*.ts'], rules: rule(climbing, sandbox, channelsPartner) },
  {
    // The sandbox itself, the composition root and the CLI's partner target may import it.
    files: ['src/sandbox/**/*.ts', 'src/app.ts', 'src/cli/**/*.ts'],
    rules: rule(climbing),
  },
  {
    files: ['test/**', 'bench/**', 'journeys/**', 'src/cli/**'],
    rules: { 'no-console': 'off' },
  },
);
