import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.tmp/', 'dist/', 'node_modules/', 'data/', 'coverage/', 'playwright-report/', 'test-results/', 'bench/results/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A feature never imports another feature; shared code imports no feature.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The web app may import src/shared, never the server.' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read settings from Config (src/server/config.ts).' }],
    },
  },
  {
    files: ['src/server/config.ts', 'src/server/main.ts', '**/*.test.ts', 'test/**', 'bench/**', 'e2e/**', '*.config.ts'],
    rules: { 'no-restricted-syntax': 'off', 'no-console': 'off' },
  },
);
