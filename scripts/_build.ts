/** How npm start, npm run serve and npm run build build the site: one set of options for the three. */
import path from 'node:path';
import type { BuildOptions } from '../src/server/build/build-site.ts';
import type { OpenDatabase } from '../src/server/db/open.ts';
import { googleSignInEnabled, type ServerEnv } from '../src/server/env.ts';
import { log, root } from './_cli.ts';

/** A name for the database that does not change between runs (the embedded port does). */
export function databaseIdentity(env: ServerEnv): string {
  if (!env.DATABASE_URL) return `embedded:${path.resolve(env.DATA_DIR)}`;
  const url = new URL(env.DATABASE_URL);
  return `${url.hostname}:${url.port}${url.pathname}`;
}

/** This checkout built into BUILDS_DIR from the open database, for the configured site; the caller adds force or progress. */
export function siteBuildOptions(env: ServerEnv, database: Pick<OpenDatabase, 'pool' | 'url'>): BuildOptions {
  return {
    root,
    buildsDir: env.BUILDS_DIR,
    pool: database.pool,
    databaseUrl: database.url,
    databaseIdentity: databaseIdentity(env),
    siteUrl: env.SITE_URL,
    siteName: env.SITE_NAME,
    googleSignIn: googleSignInEnabled(env),
    prerenderedTools: env.PRERENDERED_TOOLS,
    log,
  };
}
