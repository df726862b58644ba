import { describe, expect, it, vi } from 'vitest';
import { ERROR_TABLE } from '../../lib/error-table.ts';
import { databaseUnavailableResponse } from './unavailable.ts';

const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('answers while the database is down', () => {
  it('gives API routes the table’s JSON 503 with Retry-After', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = databaseUnavailableResponse('/api/saved', outage, 'GET /api/saved');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: ERROR_TABLE.unavailable.message, code: 'unavailable', retryAfter: 5 });
  });

  it('gives pages a Spanish 503 page with Retry-After that tells nothing technical', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = databaseUnavailableResponse('/dashboard', outage, 'GET /dashboard');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Volvemos enseguida');
    expect(html).toContain(ERROR_TABLE.unavailable.message);
    expect(html).not.toMatch(/ECONNREFUSED|5432/);
  });
});
