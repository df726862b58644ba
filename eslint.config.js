// @ts-check
import eslintReact from '@eslint-react/eslint-plugin';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const zodPath = { name: 'zod', message: 'Importa z desde src/lib/zod.ts: sus mensajes por defecto están en español.' };

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
    files: ['**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Every schema takes z from src/lib/zod.ts, where zod's English default messages are replaced by Spanish ones.
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['src/lib/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [zodPath] }] },
  },
  {
    // Server-only is a place: src/server/ and *.server.ts files. Code that can reach the browser never imports them.
    files: ['src/features/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/lib/**/*.ts', 'src/client-directives/**'],
    ignores: ['**/*.server.ts', '**/*.test.ts', 'src/lib/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodPath],
          patterns: [
            { group: ['**/server/**', '**/server'], message: 'src/server es solo para el servidor.' },
            { group: ['**/*.server', '**/*.server.ts'], message: 'Los archivos *.server.ts son solo para el servidor.' },
          ],
        },
      ],
    },
  },
);
