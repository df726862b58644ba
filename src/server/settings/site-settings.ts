/**
 * Typed reads of site_settings with defaults. Every process keeps the last read in memory and reads again at
 * most every few seconds, so a change saved in the admin panel reaches every process (and every page rendered
 * on demand) within seconds; prerendered pages pick it up with the rebuild the change schedules.
 */
import { SETTINGS_GROUPS, SETTINGS_SCHEMAS, type SettingsGroup, type SiteSettings } from '../../lib/settings-schema.ts';
import { getPool } from '../db/client.ts';
import type { Queryable } from '../db/queryable.ts';
import { loggableFailure } from '../db/unavailable.ts';

const RELOAD_AFTER_MS = 3_000;

/** Nothing stored: every value from the environment or the code's defaults. */
export function defaultSettings(): SiteSettings {
  return {
    site: SETTINGS_SCHEMAS.site.parse({}),
    ai: SETTINGS_SCHEMAS.ai.parse({}),
    ads: SETTINGS_SCHEMAS.ads.parse({}),
    moderation: SETTINGS_SCHEMAS.moderation.parse({}),
  };
}

/** A stored group read leniently: a value that no longer fits the schema (an older version) falls back to defaults. */
export function parseGroup<G extends SettingsGroup>(group: G, value: unknown): SiteSettings[G] {
  const schema = SETTINGS_SCHEMAS[group];
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data as SiteSettings[G];
  console.error(`Ajustes «${group}» guardados no válidos; se usan los valores por defecto:`, parsed.error.issues[0]?.message);
  return schema.parse({}) as SiteSettings[G];
}

export async function readSettings(db: Queryable = getPool()): Promise<SiteSettings> {
  const { rows } = await db.query<{ key: string; value: unknown }>('SELECT key, value FROM site_settings WHERE key = ANY($1)', [[...SETTINGS_GROUPS]]);
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return {
    site: parseGroup('site', stored.get('site')),
    ai: parseGroup('ai', stored.get('ai')),
    ads: parseGroup('ads', stored.get('ads')),
    moderation: parseGroup('moderation', stored.get('moderation')),
  };
}

/** Writes one group (already validated) in the caller's transaction; returns the value it replaced. Call invalidateSettings() after the commit. */
export async function writeSettingsGroup<G extends SettingsGroup>(group: G, value: SiteSettings[G], db: Queryable): Promise<SiteSettings[G]> {
  const { rows } = await db.query<{ value: unknown }>('SELECT value FROM site_settings WHERE key = $1 FOR UPDATE', [group]);
  await db.query(
    `INSERT INTO site_settings (key, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
    [group, JSON.stringify(value)],
  );
  return parseGroup(group, rows[0]?.value);
}

let snapshot: SiteSettings | undefined;
let loadedAt = -Infinity;
let loading: Promise<SiteSettings> | undefined;
let frozen = false;

/** The settings as read at most a few seconds ago (a database hiccup keeps the last good read). */
export function currentSettings(): Promise<SiteSettings> {
  if (snapshot && (frozen || Date.now() - loadedAt < RELOAD_AFTER_MS)) return Promise.resolve(snapshot);
  loading ??= readSettings()
    .then((settings) => {
      snapshot = settings;
      loadedAt = Date.now();
      return settings;
    })
    .catch((error: unknown) => {
      console.error('No se pudieron leer los ajustes del sitio:', loggableFailure(error));
      loadedAt = Date.now() - RELOAD_AFTER_MS / 2;
      return snapshot ?? defaultSettings();
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/**
 * The last settings this process read, without waiting: for synchronous helpers (siteConfig, aiConfig) that run
 * after the middleware or an AI guard has awaited currentSettings(). Defaults until the first read.
 */
export function settingsSnapshot(): SiteSettings {
  return snapshot ?? defaultSettings();
}

/**
 * A build reads the settings once: every page of one build shows the same settings, even when an admin saves a
 * change halfway through it (that change moved the content version, so the next build carries it).
 */
export async function freezeSettingsForBuild(): Promise<void> {
  await currentSettings();
  frozen = true;
}

/** The next currentSettings() reads the database again (this process wrote a change). */
export function invalidateSettings(): void {
  loadedAt = -Infinity;
}
