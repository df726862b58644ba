/**
 * Counted views per second on the embedded database: every view from a new session, as many at once as connections,
 * on one tool (every count waits for the one before to commit its increment of that tool's row) or spread over `tools`.
 */
import { createPool } from '../../src/server/db/client.ts';
import { startEmbeddedDatabase } from '../../src/server/db/embedded.ts';
import { countView } from '../../src/features/views/queries.server.ts';
import type { LoadResult } from './wrk.ts';

export async function measureViewCounting(dataDir: string, options: { connections: number; seconds: number; tools?: number }): Promise<LoadResult> {
  const database = await startEmbeddedDatabase({ dataDir });
  const pool = createPool(database.url, options.connections);
  try {
    const { rows } = await pool.query<{ id: string }>("SELECT id FROM posts WHERE status = 'published' ORDER BY slug LIMIT $1", [options.tools ?? 1]);
    const toolIds = rows.map((row) => row.id);
    let next = 0;
    const run = async (seconds: number) => {
      const latencies: number[] = [];
      let errors = 0;
      const deadline = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: options.connections }, async (_, connection) => {
          const toolId = toolIds[connection % toolIds.length]!;
          while (performance.now() < deadline) {
            const sessionId = `session_${Date.now()}_${(next++).toString(36).padStart(9, '0')}`;
            const sent = performance.now();
            try {
              const result = await countView({ toolId, sessionId, userId: null, visitorType: 'unregistered', userAgent: 'bench' }, pool);
              if (result?.counted) latencies.push(performance.now() - sent);
              else errors++;
            } catch {
              errors++;
            }
          }
        }),
      );
      return { latencies, errors };
    };
    // Every connection open and the function's plans cached before the clock starts, as on a running server.
    await run(1);
    const started = performance.now();
    const { latencies, errors } = await run(options.seconds);
    const elapsedSeconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
    return { requestsPerSecond: latencies.length / elapsedSeconds, p50Ms: percentile(0.5), p99Ms: percentile(0.99), requests: latencies.length, errors };
  } finally {
    await pool.end();
    await database.stop();
  }
}
