import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The server's features and the features each may import (its needs): the direction of their imports,
 * a graph without cycles. accounts/ (staff, sign-in, the inbox's guard), attachments/ and visits/ need
 * none; the leads store their files; the integrations and the conversations work on the leads; the team
 * assigns and follows leads; the dashboard counts the leads and the visits; admin/ composes the inbox.
 */
export const FEATURE_NEEDS = {
  accounts: [],
  attachments: [],
  visits: [],
  newsletter: ['accounts'],
  leads: ['accounts', 'attachments'],
  integrations: ['accounts', 'attachments', 'leads'],
  conversations: ['accounts', 'attachments', 'leads'],
  team: ['accounts', 'conversations', 'leads'],
  dashboard: ['accounts', 'leads', 'visits'],
  photos: ['accounts'],
  content: ['accounts'],
  admin: [
    'accounts',
    'attachments',
    'conversations',
    'dashboard',
    'integrations',
    'leads',
    'newsletter',
    'team',
    'visits',
  ],
};

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.react-router/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      'screenshots/',
      'data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['app/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['server/**', 'scripts/**', 'e2e/**', 'bench/**', 'deploy/**', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Tests may assert that a value exists with `!`: a wrong guess fails the test, which is the point.
    files: ['**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // The direction of imports (see "Project layout" and "Decisions" in the README), checked on the resolved
  // file, so every spelling of a path counts, and dynamic import() too. The core of the server knows no
  // feature, no feature's own module in common/, no page of app/ and no composition file; a feature knows the
  // core, not another feature (the inbox, which works on the others' data, may use them); common/ is
  // imported by both sides and imports neither. Tests may cross the lines.
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
  },
  {
    files: ['server/**/*.{ts,tsx}', 'common/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'server/test/**', 'server/fault-tests/**'],
    rules: {
      // A path the rule cannot read is a path it cannot check.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportExpression[source.type!='Literal']",
          message: 'Import with a literal path, so that npm run lint can check the direction of the import.',
        },
      ],
    },
  },
  {
    // The core: every folder of server/ but the features' and the entry points' (a new folder is core until
    // it is made a feature).
    files: ['server/*/**/*.{ts,tsx}'],
    ignores: [
      `server/{${Object.keys(FEATURE_NEEDS).join(',')}}/**`,
      'server/bin/**',
      '**/*.test.{ts,tsx}',
      'server/test/**',
      'server/fault-tests/**',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'server',
              from: Object.keys(FEATURE_NEEDS).map((feature) => `server/${feature}`),
              message: 'The core of the server imports no feature: let the feature register with it instead.',
            },
            {
              target: 'server',
              from: [
                // The leads' feature's, the newsletter's and the inbox's.
                'common/quote-request.ts',
                'common/quote-sample.ts',
                'common/quote-messages.ts',
                'common/lead-domain.ts',
                'common/newsletter.ts',
                'common/subscriber-domain.ts',
                'common/inbox-paths.ts',
                'common/inbox-api',
              ],
              message:
                "The core of the server imports no feature's own definitions: the feature passes them in.",
            },
            {
              target: 'server',
              from: 'app',
              message:
                'The core of the server imports nothing from app/: what both sides draw lives in common/.',
            },
            {
              target: 'server',
              from: 'server/*.{ts,tsx}',
              message: 'The core of the server imports nothing from the files that compose it (server/*.ts).',
            },
            {
              target: 'server',
              from: 'server/bin',
              message: 'The core of the server imports nothing from the entry points (server/bin/).',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature imports the core, common/ and the features it needs (FEATURE_NEEDS), never the others, the
    // composition (server/*.ts) or the entry points (server/bin/).
    files: [`server/{${Object.keys(FEATURE_NEEDS).join(',')}}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...Object.entries(FEATURE_NEEDS)
              // admin/ needs them all: no zone.
              .filter(([, needs]) => needs.length < Object.keys(FEATURE_NEEDS).length - 1)
              .map(([feature, needs]) => ({
                target: `server/${feature}`,
                from: Object.keys(FEATURE_NEEDS)
                  .filter((other) => other !== feature && !needs.includes(other))
                  .map((other) => `server/${other}`),
                message: `${feature}/ imports the core, common/${needs.map((need) => `, ${need}/`).join('')}: never another feature.`,
              })),
            {
              target: 'server',
              from: 'server/*.{ts,tsx}',
              message: 'A feature imports nothing from the files that compose the server (server/*.ts).',
            },
            {
              target: 'server',
              from: 'server/bin',
              message: 'A feature imports nothing from the entry points (server/bin/).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['common/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'common',
              from: ['app', 'server', 'scripts', 'e2e', 'bench'],
              message: 'common/ is imported by the browser and the server, and imports neither.',
            },
          ],
        },
      ],
      // It runs in the browser too: no Node modules, whether spelt node:fs or fs.
      'import-x/no-nodejs-modules': 'error',
    },
  },
  // Functions stay under 80 lines (blank lines and comments count): a longer one is split along its
  // seams. Source only: tests, their helpers and the end-to-end specs are left out.
  {
    files: ['{app,server,common,scripts,bench,deploy}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'server/test/**', 'server/fault-tests/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
);
