/**
 * "The site is running", as the database sees it: every process that serves or builds the site holds a shared
 * session-level advisory lock for its lifetime, and a restore needs the exclusive one, so it refuses while any
 * runs, whichever machine it is on. Session locks need a session connection: through a transaction-mode pooler
 * (Supabase's port 6543) they do not hold, so restore through the direct or session connection.
 */
import pg from 'pg';
import { explainConnectionError } from '../db/open.ts';

// Any constant works; migrate.ts uses 724_310_001 for its own lock.
export const SITE_LOCK_KEY = 724_310_002;
const RECONNECT_MS = 5_000;

export interface SiteLock {
  release(): Promise<void>;
}

/** Supabase's transaction-mode pooler: a session lock taken through it would stay behind on a pooled connection. */
function isTransactionPooler(url: string): boolean {
  try {
    return new URL(url).port === '6543';
  } catch {
    return false;
  }
}

/** Takes the shared lock (waiting while a restore runs) and keeps it, reconnecting if the connection drops. */
export async function holdSiteLock(url: string, log: (line: string) => void): Promise<SiteLock> {
  if (isTransactionPooler(url)) return { release: async () => undefined };
  let client: pg.Client | undefined;
  let released = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    // A dropped connection ends with 'end'; its error needs a listener or it would end the process.
    next.on('error', () => undefined);
    await next.connect();
    const { rows } = await next.query<{ locked: boolean }>('SELECT pg_try_advisory_lock_shared($1) AS locked', [SITE_LOCK_KEY]);
    if (!rows[0]!.locked) {
      log('Se está restaurando una copia de seguridad en esta base de datos: espero a que termine…');
      await next.query('SELECT pg_advisory_lock_shared($1)', [SITE_LOCK_KEY]);
    }
    next.once('end', () => {
      if (!released) schedule();
    });
    client = next;
  };
  const schedule = () => {
    client = undefined;
    retry = setTimeout(() => connect().catch(schedule), RECONNECT_MS).unref();
  };

  await connect().catch((error: unknown) => {
    throw explainConnectionError(error, url);
  });
  return {
    async release() {
      released = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/** Takes the exclusive lock on `client`'s session, or returns false if a running site holds the shared one. */
export async function tryExclusiveSiteLock(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [SITE_LOCK_KEY]);
  return rows[0]!.locked;
}
