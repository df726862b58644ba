/**
 * «Búsquedas sin resultado» on a real PostgreSQL: POST /api/search-misses counts a search per day under
 * its folded text, refuses what is not a typed search and is rate-limited per IP; the admin list adds up the last
 * 30 days, most frequent first, and only an admin may read it. Also the header suggestions' tool list.
 */
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { closeDb } from '../../src/server/db/client.ts';
import { ERROR_TABLE } from '../../src/lib/error-table.ts';
import { AppError } from '../../src/server/http/errors.ts';
import { countSearchMissEndpoint, SEARCH_MISS_RATE_LIMIT } from '../../src/features/search/demand.server.ts';
import { listSearchDemand, SEARCH_DEMAND_DAYS } from '../../src/features/search/demand-queries.server.ts';
import { listSuggestionTools } from '../../src/server/db/queries/public/tools.ts';
import { callRoute } from './helpers/endpoint.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
// The query modules reach the database through DATABASE_URL, as the site does.
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => closeDb());

const admin = { role: 'admin' as const };
const countMiss = countSearchMissEndpoint();

function report(body: unknown, options: { ip?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  return callRoute(countMiss, { path: '/api/search-misses', body, headers: options.headers, clientAddress: options.ip ?? '203.0.113.9' });
}

async function rows(): Promise<{ day: string; query: string; searches: number; results: number }[]> {
  const { rows } = await pool.query<{ day: string; query: string; searches: number; results: number }>(
    `SELECT day::text AS day, query, searches, results FROM search_misses ORDER BY day, query`,
  );
  return rows;
}

const today = async () => (await pool.query<{ today: string }>(`SELECT ((now() AT TIME ZONE 'UTC')::date)::text AS today`)).rows[0]!.today;

beforeEach(async () => {
  await pool.query('TRUNCATE search_misses, rate_limit_buckets');
});

describe('POST /api/search-misses', () => {
  it('counts each search of the day under its folded text, keeping the latest result count', async () => {
    expect((await report({ query: 'Generador de Música', results: 0 })).status).toBe(204);
    expect((await report({ query: '  generador   de musica ', results: 2 })).status).toBe(204);
    expect((await report({ query: 'GENERADOR DE MÚSICA', results: 1 })).status).toBe(204);
    expect((await report({ query: 'clonar voz', results: 0 })).status).toBe(204);
    const day = await today();
    expect(await rows()).toEqual([
      { day, query: 'clonar voz', searches: 1, results: 0 },
      { day, query: 'generador de musica', searches: 3, results: 1 },
    ]);
  });

  it('loses no count when the same search arrives many times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => report({ query: 'avatares 3d', results: 0 }, { ip: `198.51.100.${n + 1}` })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(204));
    expect((await rows())[0]).toMatchObject({ query: 'avatares 3d', searches: 20 });
  });

  it('refuses searches that found enough, empty or overlong texts, control characters and anything more', async () => {
    const refused = [
      { query: 'chatgpt', results: 3 },
      { query: 'chatgpt', results: -1 },
      { query: 'chatgpt', results: 1.5 },
      { query: '   ', results: 0 },
      { query: 'a'.repeat(101), results: 0 },
      { query: 'línea\nnueva', results: 0 },
      { query: 'escape\u001b[31m', results: 0 },
      { query: 'chatgpt', results: 0, userId: 'alguien' },
      { query: 'chatgpt' },
    ];
    for (const body of refused) {
      const answer = await report(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(((await answer.json()) as { code: string }).code).toBe('invalid_input');
    }
    const nul = await report({ query: 'nulo\u0000', results: 0 });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ code: 'invalid_text', error: ERROR_TABLE.invalid_text.message });
    expect((await report('x'.repeat(600))).status).toBe(413);
    expect(await rows()).toEqual([]);
  });

  it('takes reports from our own pages only', async () => {
    const answer = await report({ query: 'chatgpt', results: 0 }, { headers: { origin: 'https://otro-sitio.example' } });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'cross_site' });
    expect(await rows()).toEqual([]);
  });

  it('limits how many one address may send a minute', async () => {
    for (let n = 0; n < SEARCH_MISS_RATE_LIMIT.max; n++) expect((await report({ query: `busqueda ${n}`, results: 0 })).status).toBe(204);
    const limited = await report({ query: 'una más', results: 0 });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
    // Another address is not held back.
    expect((await report({ query: 'una más', results: 0 }, { ip: '198.51.100.200' })).status).toBe(204);
  });
});

describe('the admin list of searches without results', () => {
  async function insert(daysAgo: number, query: string, searches: number, results = 0): Promise<void> {
    await pool.query(`INSERT INTO search_misses (day, query, searches, results) VALUES ((now() AT TIME ZONE 'UTC')::date - $1::int, $2, $3, $4)`, [
      daysAgo,
      query,
      searches,
      results,
    ]);
  }

  it('adds up the last 30 days, most frequent first, with the latest result count and day', async () => {
    await insert(0, 'editor de partituras', 2, 1);
    await insert(3, 'editor de partituras', 4, 0);
    await insert(1, 'avatares 3d', 5);
    await insert(SEARCH_DEMAND_DAYS - 1, 'limite', 1);
    // Older than the window: not counted.
    await insert(SEARCH_DEMAND_DAYS, 'editor de partituras', 50);
    await insert(SEARCH_DEMAND_DAYS + 5, 'antigua', 9);
    const { rows: days } = await pool.query<{ d0: string; d1: string; d29: string }>(
      `SELECT ((now() AT TIME ZONE 'UTC')::date)::text AS d0, ((now() AT TIME ZONE 'UTC')::date - 1)::text AS d1,
              ((now() AT TIME ZONE 'UTC')::date - 29)::text AS d29`,
    );
    const { d0, d1, d29 } = days[0]!;
    expect(await listSearchDemand(admin)).toEqual([
      { query: 'editor de partituras', searches: 6, results: 1, lastDay: d0 },
      { query: 'avatares 3d', searches: 5, results: 0, lastDay: d1 },
      { query: 'limite', searches: 1, results: 0, lastDay: d29 },
    ]);
  });

  it('is for admins only: a guest is not signed in (401), a user is not allowed (403)', async () => {
    await insert(0, 'secreto', 1);
    const refusal = async (actor: { role: 'user' } | null) => {
      try {
        await listSearchDemand(actor);
      } catch (error) {
        return error instanceof AppError ? error.status : error;
      }
      return 'allowed';
    };
    expect(await refusal(null)).toBe(401);
    expect(await refusal({ role: 'user' })).toBe(403);
  });
});

describe('the header suggestions’ tools', () => {
  it('lists published tools by editorial rank, then popularity, each with its main active category', async () => {
    await pool.query(`TRUNCATE posts, categories CASCADE`);
    const { rows: categories } = await pool.query<{ id: string; slug: string }>(
      `INSERT INTO categories (name, slug, is_active) VALUES ('Imagen', 'imagen', true), ('Vídeo', 'video', true), ('Oculta', 'oculta', false)
       RETURNING id, slug`,
    );
    const category = (slug: string) => categories.find((row) => row.slug === slug)!.id;
    const { rows: tools } = await pool.query<{ id: string; slug: string }>(
      `INSERT INTO posts (title, slug, description, status, editorial_rank, popularity_score, category_id) VALUES
         ('Segunda', 'segunda', 'd', 'published', 2, 0, $1),
         ('Primera', 'primera', 'd', 'published', 1, 0, $2),
         ('Popular', 'popular', 'd', 'published', NULL, 9, NULL),
         ('Sin rango', 'sin-rango', 'd', 'published', NULL, 1, NULL),
         ('Pendiente', 'pendiente', 'd', 'pending', 0, 0, NULL)
       RETURNING id, slug`,
      [category('oculta'), category('video')],
    );
    const tool = (slug: string) => tools.find((row) => row.slug === slug)!.id;
    await pool.query(`INSERT INTO post_categories (post_id, category_id, position) VALUES ($1, $2, 0), ($1, $3, 1), ($4, $5, 0), ($6, $5, 0), ($6, $2, 1)`, [
      tool('segunda'),
      category('oculta'),
      category('imagen'),
      tool('primera'),
      category('video'),
      tool('popular'),
    ]);
    expect(await listSuggestionTools()).toEqual([
      { name: 'Primera', slug: 'primera', categorySlug: 'video' },
      // Its primary category is inactive: the next one stands in.
      { name: 'Segunda', slug: 'segunda', categorySlug: 'imagen' },
      { name: 'Popular', slug: 'popular', categorySlug: 'video' },
      { name: 'Sin rango', slug: 'sin-rango', categorySlug: null },
    ]);
  });
});
