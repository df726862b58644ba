/** The worker thread of search-places-off-thread.ts: ranks the tools it is given and sends their places back. */
import { parentPort, workerData } from 'node:worker_threads';
import { placesOf, type PlacedTool } from './search-places.ts';

parentPort!.postMessage(placesOf(workerData as PlacedTool[]));
