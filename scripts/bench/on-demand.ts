/**
 * The long tail at a large catalogue: the pages of the tools past PRERENDERED_TOOLS are rendered on demand
 * (docs/decisions/015). Each of the last tools in catalogue order is asked for once, one after another, as a crawler
 * walking the sitemap would, with the encodings a browser accepts.
 */
import { withDatabase } from './ads.ts';
import { median } from './static-vs-nginx.ts';

export interface OnDemandTimes {
  pages: number;
  medianMs: number;
  maxMs: number;
}

export async function measureOnDemandPages(dataDir: string, origin: string, pages = 20): Promise<OnDemandTimes> {
  const slugs = await withDatabase(dataDir, async (db) => {
    const { rows } = await db.query<{ slug: string }>(
      `SELECT slug FROM posts WHERE status = 'published' ORDER BY editorial_rank DESC NULLS FIRST, title DESC, slug DESC LIMIT $1`,
      [pages],
    );
    return rows.map((row) => row.slug);
  });
  const times: number[] = [];
  for (const slug of slugs) {
    const started = performance.now();
    const response = await fetch(new URL(`/${slug}`, origin), { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    // A file carries an ETag: then the tail was prerendered, and this is not what the row says it measures.
    if (response.status !== 200 || response.headers.has('etag')) {
      throw new Error(`/${slug} respondió ${response.status}${response.headers.has('etag') ? ' desde un fichero' : ''}`);
    }
  }
  return { pages: times.length, medianMs: median(times), maxMs: Math.max(...times) };
}
