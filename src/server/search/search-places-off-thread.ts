/**
 * searchPlaces in a worker thread. Ranking every task takes seconds at 50,000 tools, and an incremental rebuild
 * prepares its search index in the process that serves the site (the only one with WEB_CONCURRENCY=1): on its own
 * thread, requests waited for it, and some were dropped. Not imported by any page, so no page bundle carries the
 * worker.
 */
import { Worker } from 'node:worker_threads';
import { toRankable, type SearchRow } from './search-index.ts';
import { rankingFields, type SearchPlaces } from './search-places.ts';

export async function searchPlacesOffThread(rows: readonly SearchRow[], signal?: AbortSignal): Promise<Map<string, SearchPlaces>> {
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./search-places-worker.ts', import.meta.url), { workerData: rows.map((row) => rankingFields(toRankable(row))) });
    const stop = () => void worker.terminate();
    signal?.addEventListener('abort', stop, { once: true });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', stop);
      // After its message this settles nothing; before it, the worker was stopped or failed.
      reject(signal?.reason ?? new Error(`El cálculo de posiciones de la búsqueda terminó sin resultado (código ${code}).`));
    });
  });
}
