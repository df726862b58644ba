// @ts-check
import eslintReact from '@eslint-react/eslint-plugin';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

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
    // Server-only is a place: code that reaches the browser must never import it.
    files: ['src/islands/**', 'src/stores/**', 'src/components/ui/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/server'], message: 'src/server es solo para el servidor.' }] }],
    },
  },
);
