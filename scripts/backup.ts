/**
 * npm run backup [archivo]: the database and DATA_DIR/uploads in one .tar.gz (default backups/brujula-<date>.tar.gz),
 * while the site keeps serving. With the embedded database it connects to the running server, or starts it.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeBackup } from '../src/server/backup/backup.ts';
import { backupFileName } from '../src/server/backup/schedule.ts';
import { createPool } from '../src/server/db/client.ts';
import { runningEmbeddedDatabase } from '../src/server/db/embedded.ts';
import { explainConnectionError, openDatabase, type OpenDatabase } from '../src/server/db/open.ts';
import { ConfigError, readEnv, type ServerEnv } from '../src/server/env.ts';
import { log, runCli } from './_cli.ts';
import { describeBytes } from '../src/lib/bytes.ts';
import { describeCount, describeSeconds, shownPath } from './_backup.ts';

/** The running embedded server if there is one (the site is up), otherwise whatever npm start would open. */
async function connect(env: ServerEnv): Promise<Pick<OpenDatabase, 'pool' | 'close'>> {
  const running = env.DATABASE_URL ? undefined : await runningEmbeddedDatabase(env.DATA_DIR);
  if (!running) return openDatabase(env);
  const pool = createPool(running.url, 1);
  await pool.query('SELECT 1').catch(async (error: unknown) => {
    await pool.end();
    throw explainConnectionError(error, running.url);
  });
  return { pool, close: () => pool.end() };
}

function defaultName(): string {
  return path.join('backups', backupFileName(new Date()));
}

await runCli(async () => {
  const env = readEnv();
  const file = path.resolve(process.argv[2] ?? defaultName());
  if (existsSync(file)) throw new ConfigError(`${file} ya existe: elige otro nombre para la copia.`);
  await mkdir(path.dirname(file), { recursive: true });
  const started = performance.now();
  const database = await connect(env);
  try {
    const summary = await writeBackup({ pool: database.pool, uploadsDir: path.resolve(env.DATA_DIR, 'uploads'), file });
    log(
      `Copia de seguridad en ${shownPath(file)}: ${describeCount(summary.tables, 'tabla')} (${describeCount(summary.rows, 'fila')}) ` +
        `y ${describeCount(summary.files, 'archivo')} (${describeBytes(summary.fileBytes)}); ocupa ${describeBytes(summary.archiveBytes)}. ` +
        `${describeSeconds(performance.now() - started)}.`,
    );
  } finally {
    await database.close();
  }
});
