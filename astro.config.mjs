// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import vercel from '@astrojs/vercel';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

/** Our own client:intent directive (src/client-directives/intent.ts). */
const clientDirectives = {
  name: 'client-directives',
  hooks: {
    /** @param {{ addClientDirective: (directive: { name: string; entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'intent', entrypoint: fileURLToPath(new URL('./src/client-directives/intent.ts', import.meta.url)) });
    },
  },
};

const site = process.env.SITE_URL || 'http://localhost:4321';
const onVercel = process.env.DEPLOY_TARGET === 'vercel';

export default defineConfig({
  site,
  // scripts/build.ts builds into builds/<id> so the live build is never overwritten.
  outDir: onVercel ? './dist' : process.env.ASTRO_OUT_DIR || './dist',
  output: 'static',
  adapter: onVercel ? vercel() : node({ mode: 'middleware' }),
  integrations: [react(), clientDirectives],
  trailingSlash: 'never',
  // Pages render in parallel so social-image encoding (sharp, off the main thread) overlaps page rendering.
  build: { format: 'file', concurrency: Math.max(2, availableParallelism()) },
  prefetch: false,
  // Our endpoint wrapper checks the origin of every mutation itself and answers in Spanish; Astro's own check would
  // answer cross-site form posts first, in English.
  security: { checkOrigin: false },
  vite: {
    plugins: [tailwindcss()],
    // The dev server must never hand out the embedded database, its generated secrets or the builds.
    server: { fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/data/**', '**/builds/**', '**/auth-secret'] } },
    ssr: { external: ['sharp', 'pg'] },
  },
});
