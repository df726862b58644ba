/**
 * Serving on several cores (WEB_CONCURRENCY > 1): the primary process keeps the database, the builds and the rebuild
 * watcher; workers only serve HTTP and reach the database through DATABASE_URL like any other client. A new build
 * reaches them as a 'reload' message. With one process (the default) the primary serves in-process.
 */
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../env.ts';
import { startSiteServer, type SiteServerOptions } from './site-server.ts';

export interface ServedSite {
  reload(): Promise<void>;
  close(): Promise<void>;
}

type WorkerMessage = { type: 'ready' } | { type: 'reloaded' } | { type: 'failed'; message: string; config: boolean };

const workerEntry = fileURLToPath(new URL('./site-worker.ts', import.meta.url));

/**
 * V8 lets a process's young generation grow to 64 MB per semi-space (Node 24) after a burst of allocations such as
 * loading the server bundle, and never gives it back: about 100 MB of RSS per process at rest. Small semi-spaces keep a
 * serving process near 200 MB; `npm start` and `npm run serve` pass the same flag to the main process (package.json).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/**
 * One process by default: it serves, builds and keeps the database, and the whole site at rest (the embedded
 * PostgreSQL included) stays near 300 MB. Each extra serving process costs about 200 MB (its own copy of the server
 * bundle) and spreads requests over more cores: WEB_CONCURRENCY sets how many.
 */
export function defaultConcurrency(): number {
  return 1;
}

function waitFor(worker: Worker, type: 'ready' | 'reloaded'): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (message.type === type) {
        cleanup();
        resolve();
      } else if (message.type === 'failed') {
        cleanup();
        reject(message.config ? new ConfigError(message.message) : new Error(message.message));
      }
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`Un proceso del servidor terminó al arrancar (código ${code}).`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('exit', onExit);
  });
}

export async function startSiteCluster(options: SiteServerOptions & { workers: number }): Promise<ServedSite> {
  if (options.workers <= 1) {
    const site = await startSiteServer(options);
    return { reload: () => site.reload(), close: () => site.close() };
  }
  cluster.setupPrimary({ exec: workerEntry, silent: false, execArgv: [...process.execArgv, ...SERVER_NODE_FLAGS] });
  let closing = false;
  const workers = new Set<Worker>();
  const spawn = async (): Promise<void> => {
    const worker = cluster.fork({ ...process.env, PORT: String(options.port), HOST: options.host, BUILDS_DIR: options.buildsDir });
    workers.add(worker);
    worker.once('exit', () => {
      workers.delete(worker);
      // A worker that dies while serving is replaced; the others keep serving meanwhile.
      if (!closing) spawn().catch((error: Error) => console.error(`No se pudo reemplazar un proceso del servidor: ${error.message}`));
    });
    await waitFor(worker, 'ready');
  };
  try {
    await Promise.all(Array.from({ length: options.workers }, spawn));
  } catch (error) {
    closing = true;
    for (const worker of workers) worker.kill();
    throw error;
  }
  return {
    async reload() {
      await Promise.all(
        [...workers].map((worker) => {
          const done = waitFor(worker, 'reloaded');
          worker.send('reload');
          return done;
        }),
      );
    },
    async close() {
      closing = true;
      await Promise.all(
        [...workers].map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.once('exit', () => resolve());
              worker.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
