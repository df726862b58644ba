/**
 * The catalogue's background work while the site is served (npm start, npm run serve):
 * - every 15 minutes, the 30-day popularity score in SQL ('Populares'; refresh_popularity_scores());
 * - every hour, a spread-out run of link checks and enrichment over the tools due one (enrich.ts), unless
 *   CATALOGUE_ENRICH=false. A PostgreSQL advisory lock lets only one process of one instance run it at a time,
 *   so several servers behind a load balancer never check the same sites twice.
 */
import type pg from 'pg';
import type { ServerEnv } from '../env.ts';
import type { StorageDriver } from '../storage/driver.ts';
import { runEnrichment, type EnrichReport } from './enrich.ts';
import { catalogueUserAgent } from './site-check.ts';

export const POPULARITY_EVERY_MS = 15 * 60_000;
export const ENRICH_EVERY_MS = 60 * 60_000;
/** Tools per hourly run: about 4,800 a day, a 10,000-tool catalogue every few days, a few requests a second at most. */
export const ENRICH_BATCH = 200;
/** Any number that no other advisory lock of this database uses (the migrations use their own). */
const ENRICH_LOCK_ID = 1_404_014;

export interface CatalogueJobsOptions {
  pool: pg.Pool;
  storage: StorageDriver;
  env: Pick<ServerEnv, 'CATALOGUE_ENRICH' | 'CATALOGUE_RECHECK_DAYS' | 'SAFE_FETCH_ALLOW_HOSTS' | 'SITE_URL'>;
  log: (line: string) => void;
  /** First runs after these delays, so start-up is not slowed down. */
  firstPopularityAfterMs?: number;
  firstEnrichAfterMs?: number;
}

export interface CatalogueJobs {
  stop(): Promise<void>;
  /** Runs the popularity refresh now. */
  refreshPopularity(): Promise<number>;
  /** Runs one enrichment batch now (if no other process holds the lock); null when skipped. */
  enrichNow(): Promise<EnrichReport | null>;
}

export async function refreshPopularityScores(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ changed: number }>('SELECT refresh_popularity_scores() AS changed');
  return rows[0]!.changed;
}

export function startCatalogueJobs(options: CatalogueJobsOptions): CatalogueJobs {
  const { pool, log } = options;
  const abort = new AbortController();
  let running: Promise<unknown> = Promise.resolve();
  const timers: NodeJS.Timeout[] = [];

  const refreshPopularity = () => refreshPopularityScores(pool);

  const enrichNow = async (): Promise<EnrichReport | null> => {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [ENRICH_LOCK_ID]);
      if (!rows[0]!.locked) return null;
      try {
        const report = await runEnrichment({
          pool,
          storage: options.storage,
          userAgent: catalogueUserAgent(options.env.SITE_URL),
          allowHosts: options.env.SAFE_FETCH_ALLOW_HOSTS,
          recheckAfterDays: options.env.CATALOGUE_RECHECK_DAYS,
          limit: ENRICH_BATCH,
          signal: abort.signal,
          log,
        });
        if (report.checked > 0 && !report.seemedOffline) {
          log(
            `Enlaces comprobados: ${report.checked} (${report.ok} bien, ${report.moved} redirigen a otro dominio, ${report.failed} fallan, ` +
              `${report.flagged} marcadas para revisar); ${report.images} imágenes y ${report.logos} logos nuevos.`,
          );
        }
        return report;
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [ENRICH_LOCK_ID]);
      }
    } finally {
      client.release();
    }
  };

  const every = (ms: number, firstAfterMs: number, task: () => Promise<unknown>, label: string) => {
    const run = () => {
      if (abort.signal.aborted) return;
      running = running.then(task).catch((error: unknown) => log(`${label}: ${(error as Error).message}`));
    };
    const first = setTimeout(run, firstAfterMs);
    const repeat = setInterval(run, ms);
    first.unref();
    repeat.unref();
    timers.push(first, repeat);
  };

  every(POPULARITY_EVERY_MS, options.firstPopularityAfterMs ?? 2_000, refreshPopularity, 'Puntuación de popularidad');
  if (options.env.CATALOGUE_ENRICH) every(ENRICH_EVERY_MS, options.firstEnrichAfterMs ?? 60_000, enrichNow, 'Comprobación de enlaces');

  return {
    refreshPopularity,
    enrichNow,
    async stop() {
      abort.abort();
      for (const timer of timers) clearTimeout(timer);
      // A run in progress stops after its current requests (each has its own time limit); do not wait forever.
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    },
  };
}
