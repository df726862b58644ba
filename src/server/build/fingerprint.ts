/** What a build depends on: the code, the database's content version and the site settings (including which sign-in buttons exist). */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { activeAiProviders } from '../ai/registry.ts';
import type { Queryable } from '../db/queryable.ts';

const CODE_PATHS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

async function listFiles(root: string, relative: string): Promise<string[]> {
  const full = path.join(root, relative);
  const entries = await readdir(full, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOTDIR') return null;
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries === null) return [relative];
  const nested = await Promise.all(
    entries.map((entry) => {
      const child = path.join(relative, entry.name);
      return entry.isDirectory() ? listFiles(root, child) : Promise.resolve([child]);
    }),
  );
  return nested.flat();
}

/** The code hash this process last computed, per project root. */
const lastCodeHash = new Map<string, string>();

/** Hash of every source file that shapes the built site. */
export async function hashCode(root: string): Promise<string> {
  const files = (await Promise.all(CODE_PATHS.map((entry) => listFiles(root, entry)))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(await readFile(path.join(root, file)))
      .update('\0');
  }
  const digest = hash.digest('hex');
  lastCodeHash.set(root, digest);
  return digest;
}

/**
 * The code hash as this process last computed it (hashing only the first time): what an incremental rebuild
 * compares, since it renders with the served bundle and the code that bundle came from does not change while the
 * site runs (docs/decisions/013). A full build hashes again: it compiles what is on disk now.
 */
export async function knownCodeHash(root: string): Promise<string> {
  return lastCodeHash.get(root) ?? hashCode(root);
}

/** Bumped by database triggers whenever published content changes (not by view counters). */
export async function readContentVersion(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ version: string }>('SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS version FROM content_version_seq');
  return Number(rows[0]!.version);
}

/** Marks a change the triggers cannot see (a site setting shown on built pages), so the watcher rebuilds. */
export async function bumpContentVersion(db: Queryable): Promise<void> {
  await db.query("SELECT nextval('content_version_seq')");
}

/**
 * Built pages carry row ids (save buttons, category filters): a database seeded again from scratch has the
 * same content version but new ids, so the ids themselves are part of what a build depends on.
 */
export async function readCatalogueIds(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ ids: string }>(
    `SELECT md5(coalesce((SELECT string_agg(id::text, ',' ORDER BY id) FROM posts), '') || '|' ||
                coalesce((SELECT string_agg(id::text, ',' ORDER BY id) FROM categories), '')) AS ids`,
  );
  return rows[0]!.ids;
}

/**
 * The site settings as stored. Every page may show them (the ads, the site's texts), so an incremental rebuild,
 * which renders only a changed tool's pages, must never carry a settings change: it is part of the base fingerprint,
 * and any change to it calls for a full build (docs/decisions/013).
 */
export async function readSettingsHash(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ hash: string }>(
    `SELECT md5(coalesce(string_agg(key || '=' || value::text, ',' ORDER BY key), '')) AS hash FROM site_settings`,
  );
  return rows[0]!.hash;
}

export function combineFingerprint(parts: Record<string, string | number>): string {
  const hash = createHash('sha256');
  for (const key of Object.keys(parts).sort()) hash.update(`${key}=${parts[key]}\n`);
  return hash.digest('hex').slice(0, 32);
}

/** /herramientas-ia-gratis shows the provider of each AI utility, so changing them calls for a new build. */
export function aiProvidersFingerprint(): string {
  return JSON.stringify(activeAiProviders().map(({ provider, model }) => [provider, model]));
}
