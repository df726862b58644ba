/** Ratings and reviews through their endpoints on a real PostgreSQL: the attack pass included. */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { deleteReviewAsAdminEndpoint, listAdminReviews, setReviewStatusEndpoint } from '../../src/features/reviews/reviews-admin.server.ts';
import { deleteAccountRows } from '../../src/server/auth/account-deletion.ts';
import { exportUserData } from '../../src/features/dashboard/export.server.ts';
import {
  createReviewEndpoint,
  deleteReviewEndpoint,
  helpfulEndpoint,
  listReviewsEndpoint,
  reportEndpoint,
  updateReviewEndpoint,
} from '../../src/features/reviews/reviews.server.ts';
import type { ReviewsPage } from '../../src/features/reviews/reviews.ts';
import { ERROR_TABLE } from '../../src/lib/error-table.ts';
import { bayesianRating } from '../../src/lib/rating.ts';
import { closeDb } from '../../src/server/db/client.ts';
import type { StorageDriver } from '../../src/server/storage/driver.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute } from './helpers/endpoint.ts';

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => closeDb());

const USERS = ['ana', 'bruno', 'carla', 'dani', 'eva', 'sinverificar'] as const;
const TOOLS = ['publicada', 'otra', 'pendiente'] as const;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Each test's own people and tools: Ana, Bruno, Carla and Dani (verified), Eva (an admin) and an unverified account;
 * two published tools and a pending one. Ids and slugs carry a suffix of the test's own, names stay as readers see them.
 */
async function world() {
  const suffix = randomUUID().slice(0, 8);
  const id = Object.fromEntries(USERS.map((name) => [name, `${name}-${suffix}`])) as Record<(typeof USERS)[number], string>;
  await pool.query(
    `INSERT INTO profiles (id, name, email, email_verified)
     SELECT id, initcap(split_part(id, '-', 1)), id || '@ejemplo.es', id <> $2 FROM unnest($1::text[]) AS id`,
    [Object.values(id), id.sinverificar],
  );
  await pool.query(`UPDATE profiles SET role = 'admin' WHERE id = $1`, [id.eva]);
  const slug = Object.fromEntries(TOOLS.map((name) => [name, `${name}-${suffix}`])) as Record<(typeof TOOLS)[number], string>;
  const { rows: tools } = await pool.query<{ id: string; slug: string }>(
    `INSERT INTO posts (title, slug, description, status, created_at) VALUES
       ('Publicada', $1, 'Una herramienta publicada.', 'published', now() - interval '1 day'),
       ('Otra', $2, 'Otra herramienta publicada.', 'published', now() - interval '1 day'),
       ('Pendiente', $3, 'Aún sin revisar.', 'pending', now() - interval '1 day')
     RETURNING id, slug`,
    [slug.publicada, slug.otra, slug.pendiente],
  );
  const toolIdOf = (name: (typeof TOOLS)[number]) => tools.find((tool) => tool.slug === slug[name])!.id;
  return { id, slug, toolIdOf, admin: { id: id.eva, name: 'Eva', role: 'admin' as const } };
}
type World = Awaited<ReturnType<typeof world>>;

type Who = { id: string; name: string; role: 'user' | 'admin' } | null;
const user = (id: string) => ({ id, name: id, role: 'user' as const });

const create = (who: Who, body: unknown, extra: { headers?: Record<string, string> } = {}) =>
  callRoute(createReviewEndpoint, { method: 'POST', path: '/api/reviews', body, user: who, ...extra });
const update = (who: Who, id: string, body: unknown) =>
  callRoute(updateReviewEndpoint, { method: 'PUT', path: `/api/reviews/${id}`, body, user: who, params: { id } });
const remove = (who: Who, id: string) => callRoute(deleteReviewEndpoint, { method: 'DELETE', path: `/api/reviews/${id}`, user: who, params: { id } });
const helpful = (who: Who, id: string) => callRoute(helpfulEndpoint, { method: 'POST', path: `/api/reviews/${id}/util`, body: {}, user: who, params: { id } });
const report = (who: Who, id: string) =>
  callRoute(reportEndpoint, { method: 'POST', path: `/api/reviews/${id}/denuncia`, body: {}, user: who, params: { id } });

async function list(toolId: string, who: Who = null, orden = 'recientes'): Promise<ReviewsPage> {
  const response = await callRoute(listReviewsEndpoint, { path: `/api/reviews?toolId=${toolId}&orden=${orden}`, user: who });
  expect(response.status).toBe(200);
  return (await response.json()) as ReviewsPage;
}

async function totals(slug: string) {
  const { rows } = await pool.query<{ rating_count: number; rating_sum: number; page_changed_at: Date | null }>(
    'SELECT rating_count, rating_sum, page_changed_at FROM posts WHERE slug = $1',
    [slug],
  );
  return rows[0]!;
}

const reviewCount = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM reviews')).rows[0]!.n;

async function expectError(response: Response, status: number, code: string, message?: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: string; code: string };
  expect(body.code).toBe(code);
  expect(body.error).toBe(message ?? ERROR_TABLE[code as keyof typeof ERROR_TABLE].message);
}

/** Ana's four stars for Publicada, with a title, a body and what she likes. */
const rateAsAna = (w: World) =>
  create(user(w.id.ana), {
    toolId: w.toolIdOf('publicada'),
    rating: 4,
    title: 'Muy útil',
    body: 'La uso a diario.',
    pros: 'Rápida',
    cons: '',
  });

/** Three ratings of Publicada: Ana's 4 with its texts, Bruno's 2 and Carla's 5; Ana's review id. */
async function threeRatings(w: World): Promise<string> {
  const response = await rateAsAna(w);
  expect(response.status).toBe(200);
  // Stars alone are a rating too.
  expect((await create(user(w.id.bruno), { toolId: w.toolIdOf('publicada'), rating: 2 })).status).toBe(200);
  expect((await create(user(w.id.carla), { toolId: w.toolIdOf('publicada'), rating: 5 })).status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** The three ratings with Ana's edited to five stars, «Mejor aún». */
async function threeRatingsEdited(w: World): Promise<string> {
  const anaReview = await threeRatings(w);
  expect((await update(user(w.id.ana), anaReview, { rating: 5, title: 'Mejor aún', body: 'Editada.' })).status).toBe(200);
  return anaReview;
}

describe('reviews', () => {
  it('publish a verified user’s rating at once, with counts, distribution and a stamped page', async () => {
    const w = await world();
    const before = await totals(w.slug.publicada);
    const response = await rateAsAna(w);
    expect(response.status).toBe(200);
    const after = await totals(w.slug.publicada);
    expect([after.rating_count, after.rating_sum]).toEqual([1, 4]);
    expect(after.page_changed_at!.getTime()).toBeGreaterThan(before.page_changed_at?.getTime() ?? 0);

    // Stars alone are a rating too.
    expect((await create(user(w.id.bruno), { toolId: w.toolIdOf('publicada'), rating: 2 })).status).toBe(200);
    expect((await create(user(w.id.carla), { toolId: w.toolIdOf('publicada'), rating: 5 })).status).toBe(200);
    const page = await list(w.toolIdOf('publicada'));
    expect(page.summary).toEqual({ ratingCount: 3, ratingSum: 11, distribution: [1, 1, 0, 1, 0] });
    expect(page.reviews.map((review) => review.rating)).toEqual([5, 2, 4]);
    expect(page.reviews[2]).toMatchObject({ title: 'Muy útil', body: 'La uso a diario.', pros: 'Rápida', authorName: 'Ana', mine: false });
    expect(page.own).toBeNull();
    expect(bayesianRating({ ratingCount: 3, ratingSum: 11 })).toBeCloseTo((5 * 3.5 + 11) / 8, 10);
  });

  it('keep one review per account and tool, also under concurrent requests, with the Spanish 409', async () => {
    const w = await world();
    await threeRatings(w);
    const second = await create(user(w.id.ana), { toolId: w.toolIdOf('publicada'), rating: 1 });
    await expectError(second, 409, 'review_exists', 'Ya has valorado esta herramienta. Puedes editar tu valoración.');
    const burst = await Promise.all(Array.from({ length: 10 }, () => create(user(w.id.dani), { toolId: w.toolIdOf('otra'), rating: 3 })));
    expect(burst.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await totals(w.slug.otra)).toMatchObject({ rating_count: 1, rating_sum: 3 });
  });

  it('refuse ratings 0, 6 and 3.5, over-long texts and unknown or unpublished tools, changing nothing', async () => {
    const w = await world();
    const eva = user(w.id.eva);
    const otra = w.toolIdOf('otra');
    const before = await reviewCount();
    for (const rating of [0, 6, 3.5, 'cinco', null]) {
      await expectError(await create(eva, { toolId: otra, rating }), 400, 'invalid_input', 'Elige de 1 a 5 estrellas.');
    }
    const long = await create(eva, { toolId: otra, rating: 3, title: 'x'.repeat(121) });
    await expectError(long, 400, 'invalid_input', 'El título no puede superar 120 caracteres.');
    await expectError(
      await create(eva, { toolId: otra, rating: 3, body: 'x'.repeat(4001) }),
      400,
      'invalid_input',
      'La reseña no puede superar 4000 caracteres.',
    );
    await expectError(
      await create(eva, { toolId: otra, rating: 3, pros: 'x'.repeat(1001) }),
      400,
      'invalid_input',
      'Lo mejor no puede superar 1000 caracteres.',
    );
    await expectError(
      await create(eva, { toolId: otra, rating: 3, cons: 'x'.repeat(1001) }),
      400,
      'invalid_input',
      'Lo peor no puede superar 1000 caracteres.',
    );
    await expectError(await create(eva, { toolId: otra, rating: 3, body: 'nulo\u0000' }), 400, 'invalid_text');
    await expectError(await create(eva, { toolId: w.toolIdOf('pendiente'), rating: 3 }), 404, 'tool_not_found');
    await expectError(await create(eva, { toolId: MISSING_ID, rating: 3 }), 404, 'tool_not_found');
    expect(await reviewCount()).toBe(before);
  });

  it('refuse guests (401), unverified accounts (403), other sites and 20 MB bodies (413), changing nothing', async () => {
    const w = await world();
    const anaReview = await threeRatings(w);
    const otra = w.toolIdOf('otra');
    const before = await reviewCount();
    await expectError(await create(null, { toolId: otra, rating: 5 }), 401, 'not_signed_in', 'Inicia sesión para valorar herramientas.');
    await expectError(await create(user(w.id.sinverificar), { toolId: otra, rating: 5 }), 403, 'email_not_verified');
    await expectError(await create(user(w.id.eva), { toolId: otra, rating: 5 }, { headers: { origin: 'https://otro-sitio.example' } }), 403, 'cross_site');
    const huge = JSON.stringify({ toolId: otra, rating: 5, body: 'x'.repeat(20 * 1024 * 1024) });
    const tooLarge = await callRoute(createReviewEndpoint, {
      method: 'POST',
      path: '/api/reviews',
      body: huge,
      user: user(w.id.eva),
      headers: { 'content-type': 'application/json' },
    });
    await expectError(tooLarge, 413, 'too_large', 'La valoración es demasiado larga.');
    for (const call of [helpful(null, anaReview), report(null, anaReview), update(null, anaReview, { rating: 1 }), remove(null, anaReview)]) {
      expect((await call).status).toBe(401);
    }
    expect(await reviewCount()).toBe(before);
  });

  it('store XSS strings as plain text and answer them as JSON strings, never as markup', async () => {
    const w = await world();
    const attack = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const response = await create(user(w.id.eva), {
      toolId: w.toolIdOf('otra'),
      rating: 1,
      title: attack,
      body: `${attack}\n\n\n\nfin`,
      pros: attack,
      cons: attack,
    });
    expect(response.status).toBe(200);
    const { rows } = await pool.query('SELECT title, body, pros, cons FROM reviews WHERE user_id = $1', [w.id.eva]);
    expect(rows[0]).toEqual({ title: attack, body: `${attack}\n\nfin`, pros: attack, cons: attack });
    const listed = await callRoute(listReviewsEndpoint, { path: `/api/reviews?toolId=${w.toolIdOf('otra')}` });
    expect(listed.headers.get('content-type')).toContain('application/json');
    expect((await listed.json()).reviews.find((review: { title: string }) => review.title === attack)).toBeTruthy();
  });

  it('let only the author edit and delete a review: another user’s id is a 403 and a missing one a 404', async () => {
    const w = await world();
    const anaReview = await threeRatings(w);
    const [ana, bruno] = [user(w.id.ana), user(w.id.bruno)];
    await expectError(await update(bruno, anaReview, { rating: 1, title: 'Hackeada' }), 403, 'review_not_yours');
    await expectError(await remove(bruno, anaReview), 403, 'review_not_yours');
    await expectError(await update(ana, MISSING_ID, { rating: 1 }), 404, 'review_not_found');
    await expectError(await update(ana, 'no-es-un-uuid', { rating: 1 }), 400, 'invalid_input', 'El identificador de la valoración no es válido.');
    expect(await totals(w.slug.publicada)).toMatchObject({ rating_count: 3, rating_sum: 11 });

    expect((await update(ana, anaReview, { rating: 5, title: 'Mejor aún', body: 'Editada.' })).status).toBe(200);
    expect(await totals(w.slug.publicada)).toMatchObject({ rating_count: 3, rating_sum: 12 });
    const own = (await list(w.toolIdOf('publicada'), ana)).own!;
    expect(own).toMatchObject({ id: anaReview, rating: 5, title: 'Mejor aún', body: 'Editada.', pros: '', mine: true });
  });

  it('count «¿Te ha sido útil?» once per account, never on one’s own review, and sort by it', async () => {
    const w = await world();
    const anaReview = await threeRatingsEdited(w);
    await expectError(await helpful(user(w.id.ana), anaReview), 403, 'review_own_vote');
    expect(await (await helpful(user(w.id.bruno), anaReview)).json()).toEqual({ helpfulCount: 1 });
    expect(await (await helpful(user(w.id.bruno), anaReview)).json()).toEqual({ helpfulCount: 1 });
    expect(await (await helpful(user(w.id.carla), anaReview)).json()).toEqual({ helpfulCount: 2 });
    await expectError(await helpful(user(w.id.bruno), MISSING_ID), 404, 'review_not_found');
    const useful = await list(w.toolIdOf('publicada'), user(w.id.bruno), 'utiles');
    expect(useful.reviews[0]).toMatchObject({ id: anaReview, helpfulCount: 2, votedHelpful: true });
    // Votes change no page: the content version stays.
    const version = async () => (await pool.query<{ last_value: string }>('SELECT last_value FROM content_version_seq')).rows[0]!.last_value;
    const before = await version();
    await helpful(user(w.id.dani), anaReview);
    expect(await version()).toBe(before);
  });

  it('send reports to the admin queue, where hiding takes the stars off and deleting is audited', async () => {
    const w = await world();
    const anaReview = await threeRatingsEdited(w);
    const { admin } = w;
    await expectError(await report(user(w.id.ana), anaReview), 403, 'review_own_vote');
    expect((await report(user(w.id.bruno), anaReview)).status).toBe(200);
    expect((await report(user(w.id.carla), anaReview)).status).toBe(200);
    // Other tests' reports may wait in the queue too: this review's line is the one checked.
    const queue = await listAdminReviews(admin, 'denunciadas', 1);
    expect(queue.items.filter((item) => item.id === anaReview).map((item) => [item.id, item.reports])).toEqual([[anaReview, 2]]);
    await expect(listAdminReviews(user(w.id.bruno), 'denunciadas', 1)).rejects.toMatchObject({ kind: 'forbidden' });

    const status = (who: Who, value: string) =>
      callRoute(setReviewStatusEndpoint, {
        method: 'PATCH',
        path: `/api/admin/reviews/${anaReview}`,
        body: { status: value },
        user: who,
        params: { id: anaReview },
      });
    await expectError(await status(user(w.id.bruno), 'hidden'), 403, 'forbidden');
    expect((await status(admin, 'hidden')).status).toBe(204);
    expect(await totals(w.slug.publicada)).toMatchObject({ rating_count: 2, rating_sum: 7 });
    expect((await list(w.toolIdOf('publicada'))).reviews.map((review) => review.id)).not.toContain(anaReview);
    // The author still sees (and may edit) a hidden review; others cannot vote on it.
    expect((await list(w.toolIdOf('publicada'), user(w.id.ana))).own?.id).toBe(anaReview);
    await expectError(await helpful(user(w.id.eva), anaReview), 404, 'review_not_found');
    expect((await status(admin, 'published')).status).toBe(204);
    expect(await totals(w.slug.publicada)).toMatchObject({ rating_count: 3, rating_sum: 12 });

    const carlas = (await pool.query<{ id: string }>(`SELECT id FROM reviews WHERE user_id = $1`, [w.id.carla])).rows[0]!.id;
    const removed = await callRoute(deleteReviewAsAdminEndpoint, {
      method: 'DELETE',
      path: `/api/admin/reviews/${carlas}`,
      user: admin,
      params: { id: carlas },
    });
    expect(removed.status).toBe(204);
    expect(await totals(w.slug.publicada)).toMatchObject({ rating_count: 2, rating_sum: 7 });
    const { rows: audit } = await pool.query(`SELECT action FROM audit_log WHERE target_type = 'review' AND target_id = ANY($1) ORDER BY id`, [
      [anaReview, carlas],
    ]);
    expect(audit.map((row) => row.action)).toEqual(['review.hide', 'review.show', 'review.delete']);
  });

  it('let the author delete their review, taking its stars off', async () => {
    const w = await world();
    expect((await create(user(w.id.ana), { toolId: w.toolIdOf('publicada'), rating: 5 })).status).toBe(200);
    expect((await create(user(w.id.bruno), { toolId: w.toolIdOf('publicada'), rating: 2 })).status).toBe(200);
    const bruno = (await pool.query<{ id: string }>(`SELECT id FROM reviews WHERE user_id = $1`, [w.id.bruno])).rows[0]!.id;
    expect((await remove(user(w.id.bruno), bruno)).status).toBe(204);
    await expectError(await remove(user(w.id.bruno), bruno), 404, 'review_not_found');
    expect(await totals(w.slug.publicada)).toMatchObject({ rating_count: 1, rating_sum: 5 });
  });

  it('export the user’s reviews and votes, and delete them with the account, recounting', async () => {
    const w = await world();
    // Ana's edited review alone on Publicada, found useful by three and reported by Bruno; Dani's and Eva's on Otra.
    const created = await create(user(w.id.ana), { toolId: w.toolIdOf('publicada'), rating: 4, title: 'Muy útil' });
    const anaReview = ((await created.json()) as { id: string }).id;
    expect((await update(user(w.id.ana), anaReview, { rating: 5, title: 'Mejor aún', body: 'Editada.' })).status).toBe(200);
    for (const voter of [w.id.bruno, w.id.carla, w.id.dani]) expect((await helpful(user(voter), anaReview)).status).toBe(200);
    expect((await report(user(w.id.bruno), anaReview)).status).toBe(200);
    expect((await create(user(w.id.dani), { toolId: w.toolIdOf('otra'), rating: 3 })).status).toBe(200);
    expect((await create(user(w.id.eva), { toolId: w.toolIdOf('otra'), rating: 1 })).status).toBe(200);

    const storage = { publicUrl: (key: string) => `/media/${key}` } as unknown as StorageDriver;
    const data = (await exportUserData(w.id.ana, 'Brújula IA', pool, storage))!;
    expect(data.reviews).toMatchObject([{ id: anaReview, tool: { slug: w.slug.publicada }, rating: 5, title: 'Mejor aún', helpfulCount: 3 }]);
    expect((await exportUserData(w.id.dani, 'Brújula IA', pool, storage))!.helpfulVotes).toMatchObject([{ reviewId: anaReview, toolSlug: w.slug.publicada }]);
    expect((await exportUserData(w.id.bruno, 'Brújula IA', pool, storage))!.reviewReports).toMatchObject([{ reviewId: anaReview }]);

    await deleteAccountRows(pool, w.id.dani);
    expect(await totals(w.slug.otra)).toMatchObject({ rating_count: 1, rating_sum: 1 });
    expect((await pool.query('SELECT helpful_count FROM reviews WHERE id = $1', [anaReview])).rows[0]).toEqual({ helpful_count: 2 });
    await deleteAccountRows(pool, w.id.ana);
    expect(await totals(w.slug.publicada)).toMatchObject({ rating_count: 0, rating_sum: 0 });
    expect((await pool.query(`SELECT count(*)::int AS n FROM reviews WHERE user_id = ANY($1)`, [[w.id.ana, w.id.dani]])).rows[0]).toEqual({ n: 0 });
  });
});
