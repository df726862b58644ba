// @ts-check
import eslintReact from '@eslint-react/eslint-plugin';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const zodPath = { name: 'zod', message: 'Importa z desde src/lib/zod.ts: sus mensajes por defecto están en español.' };

/** Server-only is a place: src/server/ and *.server.ts files. Code that can reach the browser never imports them. */
const serverOnly = [
  { group: ['**/server/**', '**/server'], message: 'src/server es solo para el servidor.' },
  { group: ['**/*.server', '**/*.server.ts'], message: 'Los archivos *.server.ts son solo para el servidor.' },
];

/** The feature folders, read from disk so a new feature gets its boundary without editing this file. */
const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Imports of src/features/<name>/ that `importer` may not make: every feature but its own (`importer` is a
 * feature's name), or all of them ('none'). Relative paths climb out with ../ and name the folder next, so the
 * pattern is the climb, an optional features/, then the folder.
 * @param {string} importer
 */
function featureImports(importer) {
  const banned = features.filter((feature) => feature !== importer);
  const message =
    importer === 'none'
      ? 'src/server, src/components y src/lib no importan src/features: lo compartido baja a src/lib, src/server o src/components.'
      : `Una funcionalidad no importa otra (${importer}): lo que comparten baja a src/lib, src/server o src/components, o se compone en la página.`;
  const folder = importer === 'none' ? 'features/' : `(?:features/)?(?:${banned.join('|')})/`;
  return [{ regex: `^(?:\\.\\./)+${folder}`, message }];
}

/**
 * One block of import rules: zod always, server-only paths for browser code, feature boundaries where given.
 * @param {{ files: string[]; ignores?: string[]; browser?: boolean; features?: string }} block
 * @returns {import('eslint').Linter.Config}
 */
function restrictImports({ files, ignores = [], browser = false, features: importer }) {
  const boundary = importer ? featureImports(importer) : [];
  // no-restricted-imports does not look at import(): the same boundary, written as a selector on its source.
  const lazyImports = boundary.map(({ regex, message }) => ({ selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\/')}/]`, message }));
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': ['error', { paths: [zodPath], patterns: [...(browser ? serverOnly : []), ...boundary] }],
      'no-restricted-syntax': ['error', ...lazyImports],
    },
  };
}

/**
 * Files under `folder` that can reach the browser (the ignores below take out the server's and the tests').
 * @param {string} folder
 */
const browserFiles = (folder) => [`${folder}/**/*.{ts,tsx}`, `${folder}/**/*.astro/*.ts`];
const browserIgnores = ['**/*.server.ts', '**/*.test.ts', 'src/lib/zod.ts'];

export default defineConfig(
  { ignores: ['dist*/', '.vercel/', 'builds/', 'backups/', 'data/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  {
    files: ['**/*.tsx'],
    ...eslintReact.configs['recommended-typescript'],
    rules: {
      ...eslintReact.configs['recommended-typescript'].rules,
      // react-hooks (below) owns the rules of hooks; the same checks twice would report every finding twice.
      '@eslint-react/set-state-in-effect': 'off',
      '@eslint-react/exhaustive-deps': 'off',
      // Names say what a thing is in the domain (STYLE.md), not which hook made it.
      '@eslint-react/naming-convention-ref-name': 'off',
      '@eslint-react/naming-convention-id-name': 'off',
    },
  },
  {
    // Hooks live in .tsx components and in their own use-*.ts files (src/server has no hooks).
    files: ['**/*.tsx', 'src/**/use-*.ts'],
    ignores: ['src/server/**'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // no-restricted-imports is one rule: the last config that matches a file sets all of its options, so each
  // block below repeats the zod path and adds the boundaries that hold where it applies.
  restrictImports({ files: ['src/**/*.{ts,tsx,astro}'], ignores: ['src/lib/zod.ts'] }),
  // Infrastructure and shared UI sit below the features: they never reach up into one.
  restrictImports({ files: ['src/server/**'], features: 'none' }),
  restrictImports({ files: ['src/lib/**'], ignores: ['src/lib/zod.ts'], features: 'none' }),
  restrictImports({ files: browserFiles('src/lib'), ignores: browserIgnores, browser: true, features: 'none' }),
  restrictImports({ files: ['src/components/**'], features: 'none' }),
  restrictImports({ files: browserFiles('src/components'), ignores: browserIgnores, browser: true, features: 'none' }),
  restrictImports({ files: ['src/client-directives/**'], browser: true }),
  // A feature uses src/lib, src/server and src/components, never another feature: what two features share moves down.
  ...features.flatMap((feature) => [
    restrictImports({ files: [`src/features/${feature}/**`], features: feature }),
    restrictImports({ files: browserFiles(`src/features/${feature}`), ignores: browserIgnores, browser: true, features: feature }),
  ]),
);
