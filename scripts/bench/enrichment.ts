/**
 * The link checker and enrichment against the fake website: synthetic tools, each on a site of its
 * own, checked by the real job with the production politeness (one request per host at a time, a pause between
 * two, a few sites side by side). Its time per 1,000 tools is extrapolated from the sample; with internet access
 * each site's own latency adds to it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runEnrichment, type EnrichReport } from '../../src/server/catalogue/enrich.ts';
import { createPool } from '../../src/server/db/client.ts';
import { startEmbeddedDatabase } from '../../src/server/db/embedded.ts';
import { LocalStorage } from '../../src/server/storage/local.ts';
import { startFakeWebsite } from '../../tests/fixtures/fake-website.ts';

export interface EnrichmentBench {
  tools: number;
  report: EnrichReport;
  perThousandMs: number;
}

export async function measureEnrichment(dataDir: string, tools: number): Promise<EnrichmentBench> {
  const database = await startEmbeddedDatabase({ dataDir });
  const pool = createPool(database.url, 8);
  const site = await startFakeWebsite();
  const uploads = await mkdtemp(path.join(os.tmpdir(), 'brujula-bench-enrich-'));
  try {
    await pool.query(
      `INSERT INTO posts (title, slug, description, url, status, published_date)
       SELECT 'Sitio ' || n, 'bench-enrich-' || n, 'Herramienta sintética para medir el enriquecimiento.', $1 || n || $2, 'published', now()
       FROM generate_series(0, $3 - 1) n`,
      [`http://t`, `.masivo.test:${site.port}/`, tools],
    );
    const slugs = Array.from({ length: tools }, (_, index) => `bench-enrich-${index}`);
    const report = await runEnrichment({
      pool,
      storage: new LocalStorage(uploads),
      userAgent: 'BrujulaIA/1.0 (+http://127.0.0.1/; bench)',
      resolve: site.resolve,
      allowHosts: site.allowHosts(tools),
      slugs,
      limit: tools,
    });
    return { tools, report, perThousandMs: (report.durationMs / Math.max(report.checked, 1)) * 1000 };
  } finally {
    await site.close();
    await pool.query("DELETE FROM posts WHERE slug LIKE 'bench-enrich-%'").catch(() => undefined);
    await pool.end();
    await database.stop();
    await rm(uploads, { recursive: true, force: true });
  }
}
