/**
 * npm run restore <archivo>: replaces the database and DATA_DIR/uploads with a copy made by npm run backup.
 * Refuses while the site runs: the embedded database's lock tells, and with DATABASE_URL the site lock.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { restoreBackup } from '../src/server/backup/restore.ts';
import { tryExclusiveSiteLock } from '../src/server/backup/site-lock.ts';
import { runningEmbeddedDatabase } from '../src/server/db/embedded.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { ConfigError, readEnv } from '../src/server/env.ts';
import { log, runCli } from './_cli.ts';
import { describeCount, describeSeconds, shownPath } from './_backup.ts';

await runCli(async () => {
  const env = readEnv();
  const argument = process.argv[2];
  if (!argument) throw new ConfigError('Indica la copia que quieres restaurar: npm run restore backups/brujula-….tar.gz');
  const file = path.resolve(argument);
  if (!existsSync(file)) throw new ConfigError(`No existe ${file}.`);
  if (!env.DATABASE_URL) {
    const running = await runningEmbeddedDatabase(env.DATA_DIR);
    if (running) {
      throw new ConfigError(
        `No se puede restaurar con el sitio en marcha: el proceso ${running.pid} usa la base de datos embebida de ${path.resolve(env.DATA_DIR)}. Detenlo y vuelve a ejecutar npm run restore.`,
      );
    }
  }
  const started = performance.now();
  const database = await openDatabase(env);
  const client = await database.pool.connect();
  try {
    if (!(await tryExclusiveSiteLock(client))) {
      throw new ConfigError(
        'No se puede restaurar con el sitio en marcha: un servidor (npm start o npm run serve) usa esta base de datos. Detenlo y vuelve a intentarlo.',
      );
    }
    const summary = await restoreBackup({ client, file, uploadsDir: path.resolve(env.DATA_DIR, 'uploads') });
    log(
      `Copia restaurada desde ${shownPath(file)}: ${describeCount(summary.tables, 'tabla')} (${describeCount(summary.rows, 'fila')}) ` +
        `y ${describeCount(summary.files, 'archivo')}. ${describeSeconds(performance.now() - started)}.`,
    );
    if (summary.pendingMigrations > 0) {
      log(
        `La copia es de una versión anterior: ${describeCount(summary.pendingMigrations, 'migración', 'migraciones')} más se aplicarán en el próximo arranque.`,
      );
    }
  } finally {
    client.release();
    await database.close();
  }
});
