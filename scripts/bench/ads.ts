/**
 * The ads row of the page-weight table: turns ads on in the running site's database (as the admin panel does:
 * the setting plus a new content version), waits for the rebuild watcher to serve the new build, and measures
 * the pages again. With ads off a page must carry no ad code at all; this shows what turning them on costs.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

const ADS_ON = {
  enabled: true,
  client: 'ca-pub-1234567890123456',
  slots: { homeBanner: '1111111111', toolTop: '2222222222', toolBottom: '3333333333' },
};

/** Marks a page as carrying ad code: the slots' configuration or the network's markup. */
export function carriesAdCode(html: string): boolean {
  return html.includes('data-ads-config') || html.includes('adsbygoogle') || html.includes('data-ads-runtime');
}

async function withDatabase<T>(dataDir: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const { port } = JSON.parse(await readFile(path.join(dataDir, 'pg.lock'), 'utf8')) as { port: number };
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Turns ads on and resolves once the server answers `/` with the rebuilt, ad-carrying home page. */
export async function switchAdsOn(dataDir: string, serverUrl: string, timeoutMs: number): Promise<void> {
  await withDatabase(dataDir, async (db) => {
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO site_settings (key, value) VALUES ('ads', $1)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
      [JSON.stringify(ADS_ON)],
    );
    await db.query("SELECT nextval('content_version_seq')");
    await db.query('COMMIT');
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const html = await (await fetch(serverUrl, { signal: AbortSignal.timeout(10_000) })).text();
    if (html.includes('data-ads-config')) return;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error(`El sitio no se reconstruyó con anuncios en ${timeoutMs / 1000} s.`);
}
