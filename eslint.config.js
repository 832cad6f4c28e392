// Lint: ESLint (typescript-eslint, react-hooks, import-x for import cycles) + Prettier for the format.
// `npm run lint` runs both checks; `npm test` runs it first. No type-aware rules: the typecheck is its own step.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', 'var/', 'coverage/', 'e2e/screenshots/', 'apps/server/.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      // No import circle anywhere (docs/layout.md: dependencies point one way). Type-only imports count too:
      // a type cycle is a design cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Layers (docs/layout.md: http → modules → ledger / venues → db; packages import nothing of the apps).
  // Each block names what a layer may not import; a new violation fails `npm test` at the lint step.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/http/**',
      'apps/server/src/modules/*/routes.ts',
      // A module's further route lists (e.g. casino/bigWinsRoutes.ts), as the console's *Routes.ts.
      'apps/server/src/modules/*/*Routes.ts',
      'apps/server/src/app.ts',
      // The console's HTTP layer: its pipeline, its route lists and their tests.
      'apps/server/src/console/pipeline.ts',
      'apps/server/src/console/*Routes.ts',
      'apps/server/src/console/routes.ts',
      'apps/server/src/console/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/*'],
              message: 'Domain code does not depend on HTTP: errors are lib/errors.ts, the caller is modules/user/caller.ts.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSNonNullExpression > MemberExpression[property.name='member']",
          message: 'Take a MemberCaller (member non-null by type) instead of asserting the member.',
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/db/**/*.ts',
      'apps/server/src/ledger/**/*.ts',
      'apps/server/src/venues/**/*.ts',
      'apps/server/src/providers/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/*', '**/modules/**'],
              message: 'db/, ledger/, venues/ and providers/ sit below the modules: they import none.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**'], message: 'packages/* import nothing of the apps.' }] }],
    },
  },
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/shell/**', '**/routes/**', '**/stores/**', '**/api/**'],
              message: 'ui/ holds building blocks: it imports no feature, shell, route, store or API module.',
            },
          ],
        },
      ],
    },
  },
  {
    // One date format on every page: ui/time/format.ts writes dates and times; pages do not.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/ui/time/format.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Dates and times are written by ui/time/format.ts (dateText, minuteText, secondText).',
        },
        {
          selector: "CallExpression[callee.property.name='format'] > Literal[value=/^(YYYY|MM|DD|HH)/]",
          message: 'Dates and times are written by ui/time/format.ts (dateText, minuteText, secondText).',
        },
        {
          // Intl's zh-CN dates are written with slashes (11/26): the one format is ui/time/format.ts (monthDayText, clockText, …).
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message:
            'Dates and times are written by ui/time/format.ts (monthDayText, clockText, monthDayMinuteText; zone business for the book).',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/api/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/ui/**', '**/shell/**', '**/features/**'], message: 'The API client emits events; the shell reacts.' }] },
      ],
    },
  },
  {
    // Kysely's own idiom for migrations: `Kysely<any>`, since a migration must not depend on today's schema types.
    files: ['apps/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests and their kits poke at wire shapes and private parts on purpose.
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/testkit.ts', '**/testClient.ts', '**/fuzzKit.ts', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
