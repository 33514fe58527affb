import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaries, webBoundaries } from './eslint.boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/src/db/migrations/**',
      'packages/contracts/generated/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/e2e/artifacts/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] } },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    // Tests may pick their backends from the environment; the application may not.
    ignores: [
      'apps/api/src/config.ts',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/test/**',
      'apps/api/src/**/testing/**',
    ],
    rules: {
      // Config is read in one place (docs/architecture.md): everything else receives a typed Config.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in config.ts' },
        // Keys, ids and tokens come from a CSPRNG; one rule for every random number keeps it simple.
        { object: 'Math', property: 'random', message: 'Use node:crypto (randomInt, randomBytes)' },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      // API test files share a worker's modules (isolate: false, ADR 60): a replaced module would leak.
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'API tests share loaded modules (ADR 60): pass a substitute through createTestApp instead',
        })),
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...boundaries,
  ...webBoundaries,
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
