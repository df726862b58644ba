import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPool } from '../../src/server/db/client.ts';
import { freePort } from '../../src/server/db/embedded.ts';
import { healthResponse } from '../../src/server/http/health.ts';

const build = { id: '20261125120000000', builtAt: '2026-11-25T12:00:00.000Z' };

describe('GET /api/health', () => {
  it('answers 200 with the database up, its round trip and the build, and nothing of the connection', async () => {
    const pool = createPool(inject('databaseUrl'), 2);
    afterAll(() => pool.end());
    const response = await healthResponse(pool, build);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { status: string; database: { state: string; latencyMs: number }; build: typeof build };
    expect(body).toEqual({ status: 'ok', database: { state: 'up', latencyMs: expect.any(Number) }, build });
    expect(JSON.stringify(body)).not.toMatch(/postgres:|password|127\.0\.0\.1/);
  });

  it('answers 503 in Spanish with Retry-After, quickly, when the database refuses connections', async () => {
    const pool = createPool(`postgres://postgres:x@127.0.0.1:${await freePort()}/postgres`, 2);
    afterAll(() => pool.end());
    const started = Date.now();
    const response = await healthResponse(pool, build);
    expect(Date.now() - started).toBeLessThan(1_600);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      status: 'unavailable',
      error: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
      code: 'unavailable',
      database: { state: 'down', latencyMs: expect.any(Number) },
      build,
    });
  });
});
