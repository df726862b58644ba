import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { closeDb, createPool } from '../../src/server/db/client.ts';
import { countView, readViewStats } from '../../src/features/views/queries.server.ts';
import { ViewBatcher } from '../../src/features/views/view-batches.server.ts';
import { finishPendingWork } from '../../src/server/shutdown.ts';
import { listTools } from '../../src/server/db/queries/public/tools.ts';
import { refreshPopularityScores } from '../../src/server/catalogue/jobs.ts';
import { countViewEndpoint, liveViewsEndpoint, viewStatsEndpoint } from '../../src/features/views/views.server.ts';
import { ERROR_TABLE } from '../../src/lib/error-table.ts';
import { callRoute } from './helpers/endpoint.ts';
import type { SessionUser } from '../../src/server/auth/auth.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
// The query modules reach the database through DATABASE_URL, as the site does.
process.env.DATABASE_URL = inject('databaseUrl');
// Fifty clients at once, as fifty app connections would be.
const wide = createPool(inject('databaseUrl'), 50);
afterAll(async () => {
  await wide.end();
  await closeDb();
});

const { rows: tools } = await pool.query<{ id: string; slug: string }>(
  `INSERT INTO posts (title, slug, description, status, created_at) VALUES
     ('Antigua', 'antigua', 'La más antigua.', 'published', now() - interval '3 days'),
     ('Reciente', 'reciente', 'La más nueva.', 'published', now()),
     ('Pendiente', 'pendiente', 'Aún sin revisar.', 'pending', now())
   RETURNING id, slug`,
);
const toolIdOf = (slug: string) => tools.find((tool) => tool.slug === slug)!.id;
await pool.query(`INSERT INTO profiles (id, name, email) VALUES ('usuaria-1', 'Usuaria', 'usuaria@brujula.test')`);
const user: SessionUser = { id: 'usuaria-1', name: 'Usuaria', email: 'usuaria@brujula.test', role: 'user', avatarUrl: null };

const session = (n: number) => `session_1795300000000_${n.toString(36).padStart(9, 'a')}`;
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

const countViews = countViewEndpoint();
const viewStats = viewStatsEndpoint();

function post(body: unknown, options: { ip?: string; user?: SessionUser | null; headers?: Record<string, string> } = {}): Promise<Response> {
  return callRoute(countViews, {
    path: '/api/views',
    body,
    headers: { 'user-agent': chrome, ...options.headers },
    user: options.user ?? null,
    clientAddress: options.ip ?? '203.0.113.1',
  });
}

const stats = (toolId: string) => callRoute(viewStats, { path: `/api/views/${toolId}/stats`, params: { toolId } });

async function viewsOf(slug: string): Promise<{ views: number; rows: number }> {
  const { rows } = await pool.query<{ views: string; rows: number }>(
    'SELECT p.views, (SELECT count(*)::int FROM post_views v WHERE v.post_id = p.id) AS rows FROM posts p WHERE p.id = $1',
    [toolIdOf(slug)],
  );
  return { views: Number(rows[0]!.views), rows: rows[0]!.rows };
}

beforeEach(async () => {
  await pool.query('TRUNCATE post_views, rate_limit_buckets');
  await pool.query('UPDATE posts SET views = 0');
});

describe('counting views', () => {
  it('loses no count under 50 concurrent requests from 50 sessions', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, n) => post({ toolId: toolIdOf('antigua'), sessionId: session(n) }, { ip: `198.51.100.${n + 1}` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as { counted: boolean; views: number }[];
    expect(bodies.every((body) => body.counted)).toBe(true);
    // Each request saw its own increment: the counts returned are exactly 1..50.
    expect(bodies.map((body) => body.views).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, n) => n + 1));
    expect(await viewsOf('antigua')).toEqual({ views: 50, rows: 50 });
  });

  it('counts one session once, even when its requests race', async () => {
    const view = { toolId: toolIdOf('antigua'), sessionId: session(1), userId: null, visitorType: 'unregistered' as const, userAgent: chrome };
    const results = await Promise.all(Array.from({ length: 20 }, () => countView(view, wide)));
    expect(results.filter((result) => result?.counted)).toHaveLength(1);
    expect(results.every((result) => result?.views === 1)).toBe(true);

    const again = await post({ toolId: toolIdOf('antigua'), sessionId: session(1) });
    expect(await again.json()).toEqual({ counted: false, views: 1 });
    expect(await viewsOf('antigua')).toEqual({ views: 1, rows: 1 });
  });

  it('batches the views of several processes without deadlock, double count or loss', async () => {
    // Two pools stand for two server processes, each batching its own views; they cross on both tools.
    const other = createPool(inject('databaseUrl'), 10);
    try {
      const queries = { wide: 0, other: 0 };
      // Counts the calls each process makes; the batcher only ever calls query(text, values).
      const counting = (name: keyof typeof queries, target: typeof wide) =>
        ({
          query: (text: string, values: unknown[]) => {
            queries[name]++;
            return target.query(text, values);
          },
        }) as unknown as typeof wide;
      const views = Array.from({ length: 400 }, (_, n) => ({
        toolId: toolIdOf(n % 2 === 0 ? 'antigua' : 'reciente'),
        // Each (tool, session) pair comes once through each process: only one of the two counts.
        sessionId: session(n % 200),
        userId: null,
        visitorType: 'unregistered' as const,
        userAgent: chrome,
      }));
      const wideBatches = counting('wide', wide);
      const otherBatches = counting('other', other);
      const results = await Promise.all(views.map((view, n) => countView(view, n < 200 ? wideBatches : otherBatches)));
      expect(results.filter((result) => result?.counted)).toHaveLength(200);
      expect(await viewsOf('antigua')).toEqual({ views: 100, rows: 100 });
      expect(await viewsOf('reciente')).toEqual({ views: 100, rows: 100 });
      // Each tool's counted views got the numbers 1..100, once each.
      for (const slug of ['antigua', 'reciente']) {
        const numbers = results.filter((result, n) => result?.counted && views[n]!.toolId === toolIdOf(slug)).map((result) => result!.views);
        expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, n) => n + 1));
      }
      // Batched: far fewer database calls than views.
      expect(queries.wide + queries.other).toBeLessThan(20);
    } finally {
      await other.end();
    }
  });

  const anonymous = (n: number, slug = 'antigua') => ({
    toolId: toolIdOf(slug),
    sessionId: session(n),
    userId: null as string | null,
    visitorType: 'unregistered' as const,
    userAgent: chrome,
  });
  /** The pool as the batcher sees it, with `fail(call)` deciding how each numbered call goes wrong (or not). */
  const flaky = (fail: (call: number) => 'before' | 'after' | null) => {
    let calls = 0;
    return {
      get calls() {
        return calls;
      },
      query: async (text: string, values: unknown[]) => {
        const how = fail(++calls);
        // A connection lost before the call reached the database, or after it committed but before the answer came back.
        const lost = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
        if (how === 'before') throw lost;
        const result = await wide.query(text, values);
        if (how === 'after') throw lost;
        return result;
      },
    };
  };

  it('counts the rest of a batch when one of its views fails: the failed call is split, not given up', async () => {
    const views = Array.from({ length: 30 }, (_, n) => anonymous(300 + n));
    // An account deleted between reading the session and counting: its row breaks the foreign key.
    views[17] = { ...views[17]!, userId: 'cuenta-borrada' };
    const results = await Promise.allSettled(views.map((view) => countView(view, wide)));
    expect(results.map((result) => result.status)).toEqual(views.map((_, n) => (n === 17 ? 'rejected' : 'fulfilled')));
    const numbers = results.flatMap((result) => (result.status === 'fulfilled' && result.value?.counted ? [result.value.views] : []));
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 29 }, (_, n) => n + 1));
    expect(await viewsOf('antigua')).toEqual({ views: 29, rows: 29 });
  });

  it('tries a batch again while the database is unreachable, and counts each view once', async () => {
    const db = flaky((call) => (call <= 2 ? 'before' : null));
    const batcher = new ViewBatcher(db as unknown as typeof wide, 30, [0, 0, 0]);
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => batcher.count(anonymous(400 + n))));
    expect(db.calls).toBe(3);
    expect(results.map((result) => result!.views).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
    expect(await viewsOf('antigua')).toEqual({ views: 20, rows: 20 });
  });

  it('never counts twice a batch that committed but whose answer was lost', async () => {
    const db = flaky((call) => (call === 1 ? 'after' : null));
    const batcher = new ViewBatcher(db as unknown as typeof wide, 30, [0]);
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => batcher.count(anonymous(500 + n))));
    expect(db.calls).toBe(2);
    // The retry finds each view's own row: the count stays exact and every caller gets the tool's number.
    expect(results.every((result) => result?.views === 20)).toBe(true);
    expect(await viewsOf('antigua')).toEqual({ views: 20, rows: 20 });
  });

  it('answers with the error once the database stays unreachable past the retries', async () => {
    const db = flaky(() => 'before');
    const batcher = new ViewBatcher(db as unknown as typeof wide, 30, [0, 0]);
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, n) => batcher.count(anonymous(600 + n))));
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    // One call and two retries for the whole batch: an unreachable database is not asked once per view.
    expect(db.calls).toBe(3);
    expect(await viewsOf('antigua')).toEqual({ views: 0, rows: 0 });
  });

  it('a clean shutdown waits for the views still queued or in flight', async () => {
    const pending = Array.from({ length: 100 }, (_, n) => countView(anonymous(700 + n, n % 2 === 0 ? 'antigua' : 'reciente'), wide));
    await finishPendingWork();
    // Read before any caller's answer is awaited: the counts are already in the database.
    expect(await viewsOf('antigua')).toEqual({ views: 50, rows: 50 });
    expect(await viewsOf('reciente')).toEqual({ views: 50, rows: 50 });
    expect((await Promise.all(pending)).every((result) => result?.counted)).toBe(true);
  });

  it('looks a view up by its tool and session, also after the table grew from empty', async () => {
    // PL/pgSQL caches a statement's plan: one made while post_views was empty (a new site) and kept as the table grew
    // read every view of the tool in the last 30 minutes for each new one (442 views/s on one hot tool).
    const plans: string[] = [];
    const client = await pool.connect();
    const keep = (notice: { message?: string }) => plans.push(notice.message ?? '');
    const count = (n: number) =>
      client.query("SELECT * FROM count_post_views($1::jsonb, interval '30 minutes')", [
        JSON.stringify([{ postId: toolIdOf('antigua'), sessionId: session(n), userId: null, visitorType: 'unregistered', userAgent: null }]),
      ]);
    try {
      await client.query('BEGIN');
      await client.query('DELETE FROM post_views');
      await client.query('ANALYZE post_views');
      await client.query("LOAD 'auto_explain'");
      for (const setting of ['auto_explain.log_min_duration = 0', 'auto_explain.log_nested_statements = on', 'client_min_messages = log']) {
        await client.query(`SET LOCAL ${setting}`);
      }
      // Past the five custom plans the cache makes before it settles on a generic one.
      for (let n = 900; n < 910; n++) await count(n);
      await client.query(
        `INSERT INTO post_views (post_id, session_id, visitor_type) SELECT $1, 'antes_' || n, 'unregistered' FROM generate_series(1, 5000) n`,
        [toolIdOf('antigua')],
      );
      client.on('notice', keep);
      await count(910);
    } finally {
      client.off('notice', keep);
      await client.query('ROLLBACK');
      client.release();
    }
    const lookup = plans.find((plan) => plan.includes('FROM post_views v'));
    expect(lookup).toMatch(/Index Cond: .*session_id/);
  });

  it('counts the same session again once the 30-minute window has passed', async () => {
    await post({ toolId: toolIdOf('antigua'), sessionId: session(2) });
    await pool.query("UPDATE post_views SET created_at = now() - interval '31 minutes'");
    const later = await post({ toolId: toolIdOf('antigua'), sessionId: session(2) });
    expect(await later.json()).toEqual({ counted: true, views: 2 });
  });

  it('never marks the static site stale', async () => {
    const version = async () => (await pool.query<{ last_value: string; is_called: boolean }>('SELECT last_value, is_called FROM content_version_seq')).rows[0];
    const before = await version();
    await post({ toolId: toolIdOf('antigua'), sessionId: session(3) });
    expect(await version()).toEqual(before);
  });

  it('refuses tools that are not published or do not exist, in Spanish', async () => {
    for (const toolId of [toolIdOf('pendiente'), '00000000-0000-4000-8000-000000000000']) {
      const response = await post({ toolId, sessionId: session(4) });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: ERROR_TABLE.tool_not_found.message, code: 'tool_not_found' });
    }
    expect(await viewsOf('pendiente')).toEqual({ views: 0, rows: 0 });
  });

  it('takes the visitor from the session and the browser, never from the body', async () => {
    await post({ toolId: toolIdOf('antigua'), sessionId: session(5), userId: 'alguien', visitorType: 'registered' });
    await post({ toolId: toolIdOf('antigua'), sessionId: session(6) }, { user });
    await post({ toolId: toolIdOf('antigua'), sessionId: session(7) }, { headers: { 'user-agent': `${chrome} Incognito` } });
    const { rows } = await pool.query('SELECT session_id, user_id, visitor_type FROM post_views ORDER BY session_id');
    expect(rows).toEqual([
      { session_id: session(5), user_id: null, visitor_type: 'unregistered' },
      { session_id: session(6), user_id: 'usuaria-1', visitor_type: 'registered' },
      { session_id: session(7), user_id: null, visitor_type: 'incognito' },
    ]);
  });

  it('refuses other sites, bad input and a script flooding one tool from one address', async () => {
    const crossSite = await post({ toolId: toolIdOf('antigua'), sessionId: session(8) }, { headers: { origin: 'https://otro.example' } });
    expect(crossSite.status).toBe(403);
    expect((await post({ toolId: 'x', sessionId: session(8) })).status).toBe(400);
    expect((await post({ toolId: toolIdOf('antigua'), sessionId: 'inventada' })).status).toBe(400);

    const statuses = [];
    for (let n = 0; n < 21; n++) statuses.push((await post({ toolId: toolIdOf('antigua'), sessionId: session(100 + n) }, { ip: '192.0.2.9' })).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
    // Another address is not affected.
    expect((await post({ toolId: toolIdOf('antigua'), sessionId: session(200) }, { ip: '192.0.2.10' })).status).toBe(200);
  });
});

describe('view statistics', () => {
  it('count views, people per visitor type, sessions and the last 7 days and 24 hours', async () => {
    const id = toolIdOf('antigua');
    await pool.query(
      `INSERT INTO post_views (post_id, user_id, session_id, visitor_type, created_at) VALUES
         ($1, 'usuaria-1', 's-a', 'registered', now()),
         ($1, 'usuaria-1', 's-b', 'registered', now() - interval '2 days'),
         ($1, NULL, 's-c', 'unregistered', now() - interval '1 hour'),
         ($1, NULL, 's-c', 'unregistered', now() - interval '25 hours'),
         ($1, NULL, 's-d', 'unregistered', now() - interval '10 days'),
         ($1, NULL, 's-e', 'incognito', now() - interval '30 days')`,
      [id],
    );
    const response = await stats(id);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/max-age=30/);
    expect(await response.json()).toEqual({
      total_views: 6,
      registered_users: 1,
      unregistered_users: 2,
      incognito_users: 1,
      unique_sessions: 5,
      last_7_days: 4,
      last_24_hours: 2,
    });
  });

  it('are zeros for a published tool nobody has seen, and 404 for others', async () => {
    expect(await readViewStats(toolIdOf('reciente'))).toEqual({
      total_views: 0,
      registered_users: 0,
      unregistered_users: 0,
      incognito_users: 0,
      unique_sessions: 0,
      last_7_days: 0,
      last_24_hours: 0,
    });
    expect((await stats(toolIdOf('pendiente'))).status).toBe(404);
    expect((await stats('no-es-un-id')).status).toBe(400);
  });
});

describe('ordering by views', () => {
  it('moves a tool up the most visited list as soon as a view is counted', async () => {
    const order = async () => (await listTools({ filter: 'most_visited', category: '', page: 1 })).items.map((tool) => tool.slug);
    // With no views, the newest tool leads.
    expect(await order()).toEqual(['reciente', 'antigua']);
    await post({ toolId: toolIdOf('antigua'), sessionId: session(9) });
    expect(await order()).toEqual(['antigua', 'reciente']);
    // 'Populares' follows its 30-day score, which the server's job recomputes every few minutes.
    await refreshPopularityScores(pool);
    expect((await listTools({ filter: 'popular', category: '', page: 1 })).items[0]!.slug).toBe('antigua');
  });
});

describe('live counts', () => {
  async function nextEvent(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<number> {
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      text += decoder.decode(value);
      const match = /data: (\{.*\})\n\n/.exec(text);
      if (match) return (JSON.parse(match[1]!) as { views: number }).views;
    }
  }

  it('send the count on open and again when another process counts a view', async () => {
    const id = toolIdOf('antigua');
    await post({ toolId: id, sessionId: session(10) });
    const abort = new AbortController();
    const response = await callRoute(liveViewsEndpoint, { path: `/api/views/${id}/live`, params: { toolId: id }, signal: abort.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();
    expect(await nextEvent(reader)).toBe(1);
    // Written straight to the database, as a view counted by another worker or machine would be.
    await countView({ toolId: id, sessionId: session(11), userId: null, visitorType: 'unregistered', userAgent: null }, wide);
    expect(await nextEvent(reader)).toBe(2);
    await reader.cancel();
    abort.abort();
  });

  it('refuse tools that are not published', async () => {
    const response = await callRoute(liveViewsEndpoint, { path: '/api/views/x/live', params: { toolId: toolIdOf('pendiente') } });
    expect(response.status).toBe(404);
  });
});
