/**
 * The ads row of the page-weight table: turns ads on in the running site's database (as the admin panel does:
 * the setting plus a new content version), waits for the rebuild watcher to serve the new build, and measures
 * the pages again. With ads off a page must carry no ad code at all; this shows what turning them on costs.
 */
import pg from 'pg';
import { embeddedDatabaseUrl } from '../../src/server/db/embedded.ts';

const ADS_ON = {
  enabled: true,
  client: 'ca-pub-1234567890123456',
  slots: { homeBanner: '1111111111', toolTop: '2222222222', toolBottom: '3333333333' },
};

/** Marks a page as carrying ad code: the slots' configuration or the network's markup. */
export function carriesAdCode(html: string): boolean {
  return html.includes('data-ads-config') || html.includes('adsbygoogle') || html.includes('data-ads-runtime');
}

/** A client of the embedded database a running bench server opened in `dataDir`. */
export async function withDatabase<T>(dataDir: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  // With its generated password (a fixed one stopped working when the embedded database got its own).
  const connectionString = await embeddedDatabaseUrl(dataDir);
  if (!connectionString) throw new Error(`No hay ninguna base de datos embebida en marcha en ${dataDir}.`);
  const client = new pg.Client({ connectionString });
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
