import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // The core: every folder of server/ but the features' (a new folder is core until it is made a feature).
    files: ['server/*/**/*.{ts,tsx}'],
    ignores: [
      'server/{quote,attachments,conversations,newsletter,admin,integrations,visits}/**',
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
              from: [
                'server/quote',
                'server/attachments',
                'server/conversations',
                'server/newsletter',
                'server/admin',
                'server/integrations',
                'server/visits',
              ],
              message: 'The core of the server imports no feature: let the feature register with it instead.',
            },
            {
              target: 'server',
              from: [
                // The quote feature's, the newsletter's and the inbox's.
                'common/quote-request.ts',
                'common/quote-sample.ts',
                'common/quote-messages.ts',
                'common/lead-domain.ts',
                'common/newsletter.ts',
                'common/subscriber-domain.ts',
                'common/admin-api.ts',
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
          ],
        },
      ],
    },
  },
  {
    files: ['server/{quote,attachments,conversations,newsletter,admin,integrations,visits}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'server/quote',
              // The integrations hook into the leads (lead-hooks.ts); the leads never import them.
              from: [
                'server/newsletter',
                'server/admin',
                'server/integrations',
                'server/visits',
                'server/conversations',
              ],
              message: 'A feature imports the core and common/, never another feature.',
            },
            // A lead's files: the leads store them with the lead (quote/ may use attachments/), so they know
            // no feature themselves.
            {
              target: 'server/attachments',
              from: [
                'server/conversations',
                'server/quote',
                'server/newsletter',
                'server/admin',
                'server/integrations',
                'server/visits',
              ],
              message: 'The attachments import the core and common/, no feature: the leads use them.',
            },
            {
              target: 'server/newsletter',
              from: [
                'server/conversations',
                'server/quote',
                'server/attachments',
                'server/admin',
                'server/integrations',
                'server/visits',
              ],
              message: 'A feature imports the core and common/, never another feature.',
            },
            // The integrations deliver the leads' events, so they may use quote/ (which only tells them
            // through its hooks), never the inbox or the newsletter.
            {
              target: 'server/integrations',
              from: ['server/newsletter', 'server/admin', 'server/visits', 'server/conversations'],
              message: 'The integrations import the core, common/ and the leads (quote/), no other feature.',
            },
            // A lead's conversation: it works on the leads (quote/: the first reply makes a lead Contacted)
            // and their files (attachments/), never the inbox, the newsletter or the integrations.
            {
              target: 'server/conversations',
              from: ['server/newsletter', 'server/admin', 'server/visits', 'server/integrations'],
              message:
                'The conversations import the core, common/, quote/ and attachments/, no other feature.',
            },
            // Visits are counted from the pages the core serves; they know no other feature.
            {
              target: 'server/visits',
              from: [
                'server/conversations',
                'server/quote',
                'server/attachments',
                'server/newsletter',
                'server/admin',
                'server/integrations',
              ],
              message: 'The visits import the core and common/, no other feature.',
            },
            // No zone for server/admin: the inbox works on the leads, the subscribers and the visits, so it
            // may use quote/, newsletter/ and visits/ (and only it may): the dashboard's figures are the
            // leads' (quote/lead-figures.ts) and the visits' (visits/visit-figures.ts), composed by the inbox.
            {
              target: 'server',
              from: 'server/*.{ts,tsx}',
              message: 'A feature imports nothing from the files that compose the server (server/*.ts).',
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
