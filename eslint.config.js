// @ts-check
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist*/', '.vercel/', 'builds/', 'data/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  ...tseslint.configs.recommended,
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
