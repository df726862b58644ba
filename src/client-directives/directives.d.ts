import type { IntentOptions } from './intent.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:intent'?: boolean | IntentOptions;
  }
}
