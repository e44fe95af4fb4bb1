import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app's layers and who may import whom (src/web/README.md). Each folder of `features/`
 * (one business area) and `entities/` is one element, so imports inside it are not checked;
 * imports between elements are, against the policies below.
 */
const webLayers = [
  { type: 'app', pattern: 'src/web/app' },
  { type: 'feature', pattern: 'src/web/features/*', capture: ['feature'] },
  { type: 'entity', pattern: 'src/web/entities/*', capture: ['entity'] },
  { type: 'session', pattern: 'src/web/session' },
  { type: 'shared-ui', pattern: 'src/web/components' },
  { type: 'shared-lib', pattern: 'src/web/lib' },
  { type: 'i18n', pattern: 'src/web/i18n' },
  { type: 'testing', pattern: 'src/web/testing' },
  { type: 'server', pattern: 'src/server' },
  { type: 'contracts', pattern: 'src/shared' },
  // What is left at the top of src/web (main.tsx) starts the app: it is part of the composition root.
  { type: 'app', pattern: 'src/web' },
];

const disallowTo = (types, message) => ({ disallow: { to: { element: { types: { anyOf: types } } } }, message });

/** Any file of a feature but its entry (`features/<name>/index.ts`), the one file others may import. */
const featureInternals = { element: { type: 'feature', fileInternalPath: '!index.ts' } };

/** What every file of src/web obeys, tests included. */
const layerPolicies = [
  { ...disallowTo(['server'], 'The web app may import src/shared, never src/server.') },
  {
    from: { element: { type: 'feature' } },
    disallow: { to: featureInternals },
    message: "A feature imports another feature only through its entry (features/<name>/index.ts); what many features need goes to entities/, session/ or the shared folders.",
  },
  {
    from: { element: { type: 'app' } },
    disallow: { to: featureInternals },
    message: "app/ imports a feature only through its entry (features/<name>/index.ts); the router reaches its pages through the page table.",
  },
  {
    from: { element: { type: 'entity' } },
    ...disallowTo(['feature', 'app'], 'An entity imports no feature and no app/ code: it is shared by features.'),
  },
  {
    from: { element: { type: 'session' } },
    ...disallowTo(['feature', 'entity', 'app'], 'session/ imports no feature, no entity and no app/ code.'),
  },
  {
    from: { element: { types: { anyOf: ['shared-ui', 'shared-lib', 'i18n'] } } },
    ...disallowTo(['feature', 'entity', 'session', 'app'], 'components/, lib/ and i18n/ are shared by everything: they import no feature, entity, session or app/ code.'),
  },
];

const dependenciesRule = (policies) => ['error', { default: 'allow', policies }];

const webBoundaries = [
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': webLayers,
      'boundaries/include': ['src/**/*.{ts,tsx}'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: { 'boundaries/dependencies': dependenciesRule(layerPolicies) },
  },
  {
    // A feature's own code is composed by app/, never the other way round; its tests may
    // still render the app's layout and providers.
    files: ['src/web/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'boundaries/dependencies': dependenciesRule([
        ...layerPolicies,
        { from: { element: { type: 'feature' } }, ...disallowTo(['app'], 'A feature imports no app/ code: app/ composes the features.') },
      ]),
    },
  },
];

/**
 * The two sides and what they share: the server and the contracts never import the web app. The
 * texts the server writes with (mails, invoices, certificates, page heads) live in src/shared/i18n,
 * which the web's catalogues import. Tests that render the web app through the server join both
 * sides, so they live in test/ (test/rendering), outside these rules.
 */
const sideLayers = [
  { type: 'web', pattern: 'src/web' },
  { type: 'server', pattern: 'src/server' },
  { type: 'contracts', pattern: 'src/shared' },
];

const sideBoundaries = {
  files: ['src/server/**/*.{ts,tsx}', 'src/shared/**/*.{ts,tsx}'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': sideLayers,
    'boundaries/include': ['src/**/*.{ts,tsx,json}'],
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
  },
  rules: {
    'boundaries/dependencies': dependenciesRule([
      {
        from: { element: { types: { anyOf: ['server', 'contracts'] } } },
        ...disallowTo(['web'], 'src/server and src/shared never import src/web: what both need (contracts, the texts the server writes with) lives in src/shared.'),
      },
      { from: { element: { type: 'contracts' } }, ...disallowTo(['server'], 'src/shared imports nothing of src/server.') },
    ]),
  },
};

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
    },
  },
  ...webBoundaries,
  sideBoundaries,
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
