/**
 * npm run catalogue:enrich: one run of the link checker and enrichment now, over the tools due a check, or
 * `-- --all`, `-- --limit 50`, `-- --slug chatgpt --slug claude`, then the 'Populares' score. Prints what it found
 * and how long it took. Where no server runs the background job (Vercel), schedule this instead.
 */
import { parseArgs } from 'node:util';
import { runEnrichment } from '../src/server/catalogue/enrich.ts';
import { refreshPopularityScores } from '../src/server/catalogue/jobs.ts';
import { catalogueUserAgent } from '../src/server/catalogue/site-check.ts';
import { readEnv } from '../src/server/env.ts';
import { createStorage } from '../src/server/storage/storage.ts';
import { log, runCli } from './_cli.ts';
import { prepareDatabase } from './_database.ts';

await runCli(async () => {
  const { values } = parseArgs({
    options: {
      all: { type: 'boolean', default: false },
      limit: { type: 'string' },
      slug: { type: 'string', multiple: true },
    },
  });
  const limit = values.limit === undefined ? 10_000 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit debe ser un número entero mayor que 0.');
  const env = readEnv();
  const database = await prepareDatabase(env, { seedWhenEmpty: false });
  try {
    const report = await runEnrichment({
      pool: database.pool,
      storage: createStorage(env),
      userAgent: catalogueUserAgent(env.SITE_URL),
      allowHosts: env.SAFE_FETCH_ALLOW_HOSTS,
      recheckAfterDays: env.CATALOGUE_RECHECK_DAYS,
      all: values.all,
      limit,
      slugs: values.slug,
      log,
    });
    // Milliseconds per tool are seconds per thousand tools.
    const perThousand = report.checked > 0 ? report.durationMs / report.checked : 0;
    log(
      `${report.checked} herramientas comprobadas en ${(report.durationMs / 1000).toFixed(1)} s` +
        (report.checked > 0 ? ` (${perThousand.toFixed(0)} s por cada 1.000)` : '') +
        `: ${report.ok} bien, ${report.moved} redirigen a otro dominio, ${report.failed} fallan (${report.flagged} marcadas para revisar), ` +
        `${report.inconclusive} sin conclusión, ${report.offline} sin conexión; ${report.images} imágenes y ${report.logos} logos nuevos.`,
    );
    log(`Puntuación de «Populares» recalculada: ${await refreshPopularityScores(database.pool)} herramientas cambian.`);
  } finally {
    await database.close();
  }
});
