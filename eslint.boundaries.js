// Import boundaries (docs/architecture.md, "Boundaries"), kept apart so a test can prove each
// rule fires on a wrong import (apps/api/src/boundaries.test.ts).
const moduleFile = {
  // `../<other>/<anything but other.module.js>`: a module reaches another only through its module
  // file. Types are contracts, not wiring: `import type` is allowed.
  regex: '^\\.\\./([a-z-]+)/(?!\\1\\.module\\.js$)',
  allowTypeImports: true,
  message: 'Reach another feature through its <feature>.module.ts (docs/architecture.md, "Boundaries").',
};

const noModules = {
  regex: '(^|/)modules/',
  message: 'Providers are adapters behind a port: they never import a feature module.',
};

/** Another web feature is reached only through its public entry, `features/<other>/index.ts`. */
const featureEntry = (up) => ({
  regex: `^${up}[a-z-]+/.+`,
  message: 'Reach another web feature through its index.ts (docs/architecture.md, "Boundaries").',
});

/** @type {import('typescript-eslint').ConfigArray} */
export const boundaries = [
  {
    files: ['apps/api/src/modules/*/*.ts'],
    ignores: ['apps/api/src/modules/*/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [moduleFile] }] },
  },
  {
    files: ['apps/api/src/providers/**/*.ts'],
    ignores: ['apps/api/src/providers/**/*.test.ts', 'apps/api/src/providers/**/testing/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noModules] }] },
  },
];

/** Web features: a file in `features/<f>/` or `features/<f>/<folder>/`. */
export const webBoundaries = [
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [featureEntry('\\.\\./')] }] },
  },
  {
    files: ['apps/web/src/features/*/*/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [featureEntry('\\.\\./\\.\\./')] }],
    },
  },
];
