/**
 * The embedded default: PGlite persisted under DATA_DIR/pg, served on 127.0.0.1 through
 * pglite-socket so the site, the build and the scripts all use the same PostgreSQL driver.
 * Two PGlite processes on one directory silently lose committed rows, hence the lock file.
 */
import { mkdir, open, readFile, unlink, writeFile } from 'node:fs/promises';
import { unlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { ConfigError } from '../env.ts';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface LockContents {
  pid: number;
  port: number;
}

// A database created with extensions must always be reopened with the same ones.
const extensions = { unaccent, pg_trgm };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readLock(lockPath: string): Promise<LockContents | undefined> {
  try {
    return JSON.parse(await readFile(lockPath, 'utf8')) as LockContents;
  } catch {
    return undefined;
  }
}

/** Takes the data directory's lock, or explains who holds it. */
export async function acquireLock(dataDir: string): Promise<{ path: string; write(port: number): Promise<void>; release(): void }> {
  const lockPath = path.join(dataDir, 'pg.lock');
  await mkdir(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(JSON.stringify({ pid: process.pid, port: 0 }));
      await handle.close();
      const release = () => {
        try {
          unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once('exit', release);
      return {
        path: lockPath,
        write: (port: number) => writeFile(lockPath, JSON.stringify({ pid: process.pid, port })),
        release,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await readLock(lockPath);
      if (holder && isAlive(holder.pid)) {
        throw new ConfigError(
          `La base de datos embebida de ${path.resolve(dataDir)} ya está abierta por otro proceso (PID ${holder.pid}). ` +
            'Detén ese proceso antes de arrancar otro, o usa otra carpeta con DATA_DIR.',
        );
      }
      // The previous owner died without cleaning up: the lock is stale.
      await unlink(lockPath).catch(() => undefined);
    }
  }
  throw new ConfigError(`No se pudo tomar el bloqueo ${lockPath}. Bórralo si ningún proceso usa esa carpeta.`);
}

export function freePort(preferred = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (preferred !== 0 && error.code === 'EADDRINUSE') resolve(freePort(0));
      else reject(error);
    });
    probe.listen(preferred, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Opens (creating if needed) the embedded database and serves it on a loopback port. */
export async function startEmbeddedDatabase(options: { dataDir: string; port?: number }): Promise<EmbeddedDatabase> {
  const lock = await acquireLock(options.dataDir);
  try {
    const db = await PGlite.create({ dataDir: path.join(options.dataDir, 'pg'), extensions });
    const port = await freePort(options.port ?? 0);
    // The multiplexer serialises queries; more connections only means less queueing in clients.
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 100 });
    await server.start();
    await lock.write(port);
    return {
      url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
      port,
      async stop() {
        await server.stop();
        await db.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
