/**
 * Editorial changes to the seeded catalogue that a database seeded before them must also get: the editorial
 * rank, the tools known to be gone, the use-case tags and the curated logos. Each part runs once per version (kept in
 * site_settings), so what an admin decides afterwards (un-retiring a tool, removing a logo) is never undone by
 * the next start. Rows that already have a value are left alone even the first time.
 */
import type pg from 'pg';
import { inTransaction } from '../db/transaction.ts';
import type { StorageDriver } from '../storage/driver.ts';
import { logoPackagesInstalled, seedCuratedLogos } from './logos.ts';
import { readSeedCatalogue } from './seed.ts';
import { applySeedFacts, readSeedFacts } from './seed-facts.ts';
import { tagUntaggedTools } from './use-cases.ts';

const SETTINGS_KEY = 'catalogue_curation';

/** Raise a number when its part of supabase/seed changes (a new logo in logos.json, a new rank list). */
export const CURATION_VERSIONS = { editorial: 4, useCases: 1, logos: 2, facts: 2, articles: 2 } as const;

type Applied = Partial<Record<keyof typeof CURATION_VERSIONS, number>>;

async function readApplied(pool: pg.Pool): Promise<Applied> {
  const { rows } = await pool.query<{ value: Applied }>('SELECT value FROM site_settings WHERE key = $1', [SETTINGS_KEY]);
  return rows[0]?.value ?? {};
}

async function markApplied(pool: pg.Pool, part: keyof typeof CURATION_VERSIONS): Promise<void> {
  await pool.query(
    `INSERT INTO site_settings (key, value, updated_at) VALUES ($1, jsonb_build_object($2::text, $3::int), now())
     ON CONFLICT (key) DO UPDATE SET value = site_settings.value || excluded.value, updated_at = now()`,
    [SETTINGS_KEY, part, CURATION_VERSIONS[part]],
  );
}

/** Sets the editorial rank of the listed tools that have none, and retires the listed tools that are still live. */
export async function applyEditorialCuration(pool: pg.Pool): Promise<{ ranked: number; retired: number }> {
  const { editorial } = await readSeedCatalogue();
  return inTransaction(async (client) => {
    const ranked = await client.query(
      `UPDATE posts p SET editorial_rank = r.rank
       FROM unnest($1::text[]) WITH ORDINALITY AS r(slug, rank)
       WHERE p.slug = r.slug AND p.editorial_rank IS NULL`,
      [editorial.rank],
    );
    const retired = await client.query('UPDATE posts SET discontinued_at = now() WHERE slug = ANY($1::text[]) AND discontinued_at IS NULL', [
      editorial.discontinued.map((entry) => entry.slug),
    ]);
    return { ranked: ranked.rowCount ?? 0, retired: retired.rowCount ?? 0 };
  }, pool);
}

/**
 * Gives a seeded tool whose article is still the generated template the article written for it since; an article
 * anyone has edited (no longer the template) is left alone.
 */
export async function applyWrittenArticles(pool: pg.Pool): Promise<number> {
  const { articles } = await readSeedCatalogue();
  const updated = await pool.query(
    `UPDATE posts p SET content = a.content, article_is_template = false
     FROM jsonb_to_recordset($1::jsonb) AS a(slug text, content text)
     WHERE p.slug = a.slug AND p.article_is_template`,
    [JSON.stringify([...articles].map(([slug, content]) => ({ slug, content })))],
  );
  return updated.rowCount ?? 0;
}

/** Brings a seeded catalogue up to the current curation; `log` receives one Spanish line per thing it did. */
export async function applyCatalogueCuration(pool: pg.Pool, storage: StorageDriver, log: (line: string) => void = () => undefined): Promise<void> {
  const applied = await readApplied(pool);
  if ((applied.editorial ?? 0) < CURATION_VERSIONS.editorial) {
    const { ranked, retired } = await applyEditorialCuration(pool);
    await markApplied(pool, 'editorial');
    if (ranked + retired > 0) log(`Catálogo: orden editorial en ${ranked} herramientas y ${retired} marcadas como retiradas.`);
  }
  // A catalogue seeded before use-case tags existed gets them once; a tool an editor left untagged stays so.
  if ((applied.useCases ?? 0) < CURATION_VERSIONS.useCases) {
    const tagged = await tagUntaggedTools(pool);
    await markApplied(pool, 'useCases');
    if (tagged > 0) log(`Catálogo: casos de uso asignados a ${tagged} herramientas.`);
  }
  if ((applied.articles ?? 0) < CURATION_VERSIONS.articles) {
    const written = await applyWrittenArticles(pool);
    await markApplied(pool, 'articles');
    if (written > 0) log(`Catálogo: ${written} fichas con su artículo redactado.`);
  }
  if ((applied.facts ?? 0) < CURATION_VERSIONS.facts) {
    const checked = await applySeedFacts(pool, await readSeedFacts());
    await markApplied(pool, 'facts');
    if (checked > 0) log(`Catálogo: datos comprobados en ${checked} herramientas.`);
  }
  if ((applied.logos ?? 0) < CURATION_VERSIONS.logos) {
    if (!logoPackagesInstalled()) {
      log('Catálogo: sin logos, faltan los paquetes de iconos (instala también las dependencias de desarrollo: npm ci).');
      return;
    }
    const { stored, failed } = await seedCuratedLogos(pool, storage);
    for (const failure of failed) log(`Catálogo: no se pudo preparar el logo de ${failure.slug}: ${failure.reason}`);
    // A failed logo (a storage outage) is retried on the next start; the ones stored are not drawn again.
    if (failed.length === 0) await markApplied(pool, 'logos');
    if (stored > 0) log(`Catálogo: ${stored} logos guardados.`);
  }
}
