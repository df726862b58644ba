/**
 * Removes a folder and everything in it from a worker thread. An old build of 50,000 tools holds about 170,000
 * files: fs.rm walks them with a callback per file on the thread that serves the site, and held requests for over
 * a second. A missing folder is no error.
 */
import { Worker } from 'node:worker_threads';

// Inline, so no worker file has to travel with whatever bundle imports this.
const REMOVE = `require('node:fs').rmSync(require('node:worker_threads').workerData, { recursive: true, force: true });`;

export function removeFolder(folder: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(REMOVE, { eval: true, workerData: folder });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`No se pudo borrar ${folder} (código ${code}).`))));
  });
}
