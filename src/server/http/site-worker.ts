/** A cluster worker: serves the current build and swaps it when the primary says so. */
import { ConfigError } from '../env.ts';
import { startSiteServer } from './site-server.ts';

const send = (message: object) => process.send?.(message);

try {
  const site = await startSiteServer({
    buildsDir: process.env.BUILDS_DIR ?? 'builds',
    port: Number(process.env.PORT),
    host: process.env.HOST ?? '127.0.0.1',
  });
  process.on('message', (message) => {
    if (message !== 'reload') return;
    site
      .reload()
      .then(() => send({ type: 'reloaded' }))
      .catch((error: Error) => send({ type: 'failed', message: error.message, config: false }));
  });
  process.once('SIGTERM', () => {
    site.close().finally(() => process.exit(0));
  });
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'failed', message: (error as Error).message, config: error instanceof ConfigError });
  process.exit(1);
}
