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
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
);
