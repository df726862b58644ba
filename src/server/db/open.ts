/** Connects a script to the configured database, starting the embedded one when DATABASE_URL is unset. */
import type pg from 'pg';
import { ConfigError, type ServerEnv } from '../env.ts';
import { createPool } from './client.ts';
import { startEmbeddedDatabase } from './embedded.ts';

export interface OpenDatabase {
  url: string;
  pool: pg.Pool;
  embedded: boolean;
  /** The embedded database's data folder (and why it is there when outside DATA_DIR); undefined with DATABASE_URL. */
  embeddedLocation?: string;
  close(): Promise<void>;
}

function describeTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Turns a driver error into one sentence the site owner can act on. */
export function explainConnectionError(error: unknown, url: string): ConfigError {
  const code = (error as NodeJS.ErrnoException).code;
  const target = describeTarget(url);
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'conexión rechazada (¿está el servidor en marcha?)',
    ENOTFOUND: 'el nombre del servidor no existe',
    EAI_AGAIN: 'no se pudo resolver el nombre del servidor',
    ETIMEDOUT: 'el servidor no respondió a tiempo',
    '28P01': 'usuario o contraseña incorrectos',
    '28000': 'acceso denegado para ese usuario',
    '3D000': 'la base de datos no existe',
  };
  const reason = (code && reasons[code]) ?? (error as Error).message;
  return new ConfigError(
    `No se puede conectar con la base de datos de DATABASE_URL (${target}): ${reason}. ` +
      'Corrige DATABASE_URL o déjala vacía para usar la base de datos embebida.',
  );
}

/** `supervise`: restart the embedded database if it dies, reporting through this function (long-running scripts). */
export async function openDatabase(env: ServerEnv, options: { supervise?: (line: string) => void } = {}): Promise<OpenDatabase> {
  if (env.DATABASE_URL) {
    const pool = createPool(env.DATABASE_URL);
    try {
      await pool.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw explainConnectionError(error, env.DATABASE_URL);
    }
    return { url: env.DATABASE_URL, pool, embedded: false, close: () => pool.end() };
  }
  const embedded = await startEmbeddedDatabase({ dataDir: env.DATA_DIR, port: env.EMBEDDED_DB_PORT, supervise: options.supervise });
  process.env.DATABASE_URL = embedded.url;
  // Tells the auth module that a secret kept under DATA_DIR is acceptable (one machine, one process).
  process.env.EMBEDDED_DATABASE = '1';
  const pool = createPool(embedded.url);
  return {
    url: embedded.url,
    pool,
    embedded: true,
    embeddedLocation: embedded.location,
    async close() {
      await pool.end();
      await embedded.stop();
    },
  };
}
