import js from '@eslint/js';
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
  // The direction of imports (see "Project layout" in the README). The core of the server knows no
  // feature and no composition file; a feature knows the core, not another feature (the inbox, which
  // works on the others' data, may use them); common/ is imported by both sides and imports neither.
  {
    files: ['server/{db,outbox,mail,forms,security,site,ops,cli}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.\./)+(quote|newsletter|admin)(/|$)`,
              message: 'The core of the server imports no feature: let the feature register with it instead.',
            },
            {
              regex: String.raw`^\.\./[^/]+\.tsx?$`,
              message: 'The core of the server imports nothing from the files that compose it (server/*.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/{quote,newsletter}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.\./)+(quote|newsletter|admin)/`,
              message: 'A feature imports the core and common/, never another feature.',
            },
            {
              regex: String.raw`^\.\./[^/]+\.tsx?$`,
              message: 'A feature imports nothing from the files that compose the server (server/*.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.\./)+(app|server|scripts|e2e|bench)(/|$)`,
              message: 'common/ is imported by the browser and the server, and imports neither.',
            },
            { regex: '^node:', message: 'common/ runs in the browser too: no Node modules.' },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
);
