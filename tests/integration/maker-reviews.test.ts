/**
 * A tool's verified maker and its reviews on a real PostgreSQL: the maker cannot rate their own tool
 * (refused in the statement that writes the review, a Spanish 403), a review written before the claim is hidden
 * when the claim is verified, and the maker replies once to each review (the attack pass included).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { deleteReplyAsAdminEndpoint, listAdminReviews, setReviewStatus } from '../../src/features/reviews/reviews-admin.server.ts';
import { deleteAccountRows } from '../../src/server/auth/account-deletion.ts';
import { exportUserData } from '../../src/features/dashboard/export.server.ts';
import { requestEmailClaim, verifyClaimToken } from '../../src/features/claims/claims.server.ts';
import { createReviewEndpoint, listReviewsEndpoint, updateReviewEndpoint } from '../../src/features/reviews/reviews.server.ts';
import { createReplyEndpoint, deleteReplyEndpoint, updateReplyEndpoint } from '../../src/features/reviews/replies.server.ts';
import type { ReviewsPage } from '../../src/features/reviews/reviews.ts';
import { ERROR_TABLE } from '../../src/lib/error-table.ts';
import { closeDb } from '../../src/server/db/client.ts';
import type { MailMessage } from '../../src/server/email/mailer.ts';
import type { StorageDriver } from '../../src/server/storage/driver.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute } from './helpers/endpoint.ts';

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => closeDb());

const USERS = ['marta', 'rita', 'lector', 'otro', 'eva'] as const;

/**
 * Each test's own people (Eva the admin) and tools: Propia, which Marta makes, and Ajena. Ids, slugs and the tools'
 * domains carry a suffix of the test's own; names stay as readers see them.
 */
async function world() {
  const suffix = randomUUID().slice(0, 8);
  const id = Object.fromEntries(USERS.map((name) => [name, `${name}-${suffix}`])) as Record<(typeof USERS)[number], string>;
  await pool.query(
    `INSERT INTO profiles (id, name, email, email_verified)
     SELECT id, initcap(split_part(id, '-', 1)), id || '@ejemplo.es', true FROM unnest($1::text[]) AS id`,
    [Object.values(id)],
  );
  await pool.query(`UPDATE profiles SET role = 'admin' WHERE id = $1`, [id.eva]);
  const slug = { propia: `propia-${suffix}`, ajena: `ajena-${suffix}` };
  const { rows: tools } = await pool.query<{ id: string; slug: string }>(
    `INSERT INTO posts (title, slug, description, url, domain, status) VALUES
       ('Propia', $1, 'La herramienta de Marta.', 'https://' || $1 || '.es/', $1 || '.es', 'published'),
       ('Ajena', $2, 'Una herramienta de otros.', 'https://' || $2 || '.es/', $2 || '.es', 'published')
     RETURNING id, slug`,
    [slug.propia, slug.ajena],
  );
  const toolIdOf = (name: keyof typeof slug) => tools.find((tool) => tool.slug === slug[name])!.id;
  return { id, slug, toolIdOf, admin: { id: id.eva, name: 'Eva', role: 'admin' as const } };
}
type World = Awaited<ReturnType<typeof world>>;

type Who = { id: string; name: string; role: 'user' | 'admin' } | null;
const user = (id: string) => ({ id, name: id, role: 'user' as const });

const createReview = (who: Who, body: unknown) => callRoute(createReviewEndpoint, { method: 'POST', path: '/api/reviews', body, user: who });
const updateReview = (who: Who, id: string, body: unknown) =>
  callRoute(updateReviewEndpoint, { method: 'PUT', path: `/api/reviews/${id}`, body, user: who, params: { id } });

async function list(toolId: string, who: Who = null): Promise<ReviewsPage> {
  const response = await callRoute(listReviewsEndpoint, { path: `/api/reviews?toolId=${toolId}`, user: who });
  expect(response.status).toBe(200);
  return (await response.json()) as ReviewsPage;
}

async function expectError(response: Response, status: number, code: keyof typeof ERROR_TABLE, message?: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: string; code: string };
  expect(body.code).toBe(code);
  expect(body.error).toBe(message ?? ERROR_TABLE[code].message);
}

/** Claims the tool for `who` by the e-mail link, the way the site does it. */
async function makeMaker(who: string, toolId: string, slug: string): Promise<void> {
  const sent: MailMessage[] = [];
  const actor = { id: who, name: who, role: 'user' as const };
  await requestEmailClaim(actor, toolId, `${who}@${slug}.es`, { pool, send: async (message) => void sent.push(message) });
  const token = new URL(sent[0]!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
  await verifyClaimToken(actor, token, pool);
}

const ratingOf = async (slug: string) =>
  (await pool.query<{ rating_count: number; rating_sum: number }>('SELECT rating_count, rating_sum FROM posts WHERE slug = $1', [slug])).rows[0]!;

/** Marta writes a review of Propia and then claims it: the review is hidden. Its id. */
async function martasEarlyReview(w: World): Promise<string> {
  const created = await createReview(user(w.id.marta), { toolId: w.toolIdOf('propia'), rating: 5, body: 'La mejor, la hice yo.' });
  expect(created.status).toBe(200);
  const id = ((await created.json()) as { id: string }).id;
  await makeMaker(w.id.marta, w.toolIdOf('propia'), w.slug.propia);
  return id;
}

/** Marta is Propia's maker and Rita has rated it: Rita's review id. */
async function ritasReview(w: World): Promise<string> {
  await makeMaker(w.id.marta, w.toolIdOf('propia'), w.slug.propia);
  const created = await createReview(user(w.id.rita), { toolId: w.toolIdOf('propia'), rating: 3, body: 'Le falta exportar a PDF.' });
  expect(created.status).toBe(200);
  return ((await created.json()) as { id: string }).id;
}

describe('the verified maker and their own tool’s reviews', () => {
  it('hides the review a maker wrote before the claim was verified, audited with the claim', async () => {
    const w = await world();
    const created = await createReview(user(w.id.marta), { toolId: w.toolIdOf('propia'), rating: 5, body: 'La mejor, la hice yo.' });
    expect(created.status).toBe(200);
    const earlyReview = ((await created.json()) as { id: string }).id;
    expect(await ratingOf(w.slug.propia)).toMatchObject({ rating_count: 1, rating_sum: 5 });

    await makeMaker(w.id.marta, w.toolIdOf('propia'), w.slug.propia);
    expect(await ratingOf(w.slug.propia)).toMatchObject({ rating_count: 0, rating_sum: 0 });
    expect((await list(w.toolIdOf('propia'))).reviews).toEqual([]);
    const { rows } = await pool.query(`SELECT after FROM audit_log WHERE action = 'claim.verify' AND target_id = $1`, [w.toolIdOf('propia')]);
    expect(rows[0].after).toMatchObject({ hiddenReviewId: earlyReview });
  });

  it('refuses the maker’s rating of their own tool with a Spanish 403, changing nothing, and tells the form', async () => {
    const w = await world();
    const earlyReview = await martasEarlyReview(w);
    const before = await pool.query('SELECT id, rating, body, status FROM reviews ORDER BY id');
    await pool.query(`DELETE FROM reviews WHERE id = $1`, [earlyReview]);
    await expectError(await createReview(user(w.id.marta), { toolId: w.toolIdOf('propia'), rating: 5 }), 403, 'review_own_tool');
    await pool.query(`INSERT INTO reviews (id, post_id, user_id, rating, body, status) VALUES ($1, $2, $3, 5, 'La mejor, la hice yo.', 'hidden')`, [
      earlyReview,
      w.toolIdOf('propia'),
      w.id.marta,
    ]);
    await expectError(await updateReview(user(w.id.marta), earlyReview, { rating: 5, body: 'Editada' }), 403, 'review_own_tool');
    expect((await pool.query('SELECT id, rating, body, status FROM reviews ORDER BY id')).rows).toEqual(before.rows);
    expect(await ratingOf(w.slug.propia)).toMatchObject({ rating_count: 0, rating_sum: 0 });

    expect(await list(w.toolIdOf('propia'), user(w.id.marta))).toMatchObject({ isMaker: true, signedIn: true });
    expect(await list(w.toolIdOf('propia'), user(w.id.rita))).toMatchObject({ isMaker: false });
    expect(await list(w.toolIdOf('propia'))).toMatchObject({ isMaker: false, signedIn: false });
  });

  it('still lets the maker rate other tools, and anyone else rate theirs', async () => {
    const w = await world();
    await martasEarlyReview(w);
    expect((await createReview(user(w.id.marta), { toolId: w.toolIdOf('ajena'), rating: 4 })).status).toBe(200);
    const created = await createReview(user(w.id.rita), { toolId: w.toolIdOf('propia'), rating: 3, body: 'Le falta exportar a PDF.' });
    expect(created.status).toBe(200);
    expect(await ratingOf(w.slug.propia)).toMatchObject({ rating_count: 1, rating_sum: 3 });
  });
});

const reply = (who: Who, reviewId: string, body: unknown, headers?: Record<string, string>) =>
  callRoute(createReplyEndpoint, { method: 'POST', path: `/api/reviews/${reviewId}/respuesta`, body, user: who, params: { id: reviewId }, headers });
const editReply = (who: Who, id: string, body: unknown) =>
  callRoute(updateReplyEndpoint, { method: 'PUT', path: `/api/review-replies/${id}`, body, user: who, params: { id } });
const deleteReply = (who: Who, id: string) =>
  callRoute(deleteReplyEndpoint, { method: 'DELETE', path: `/api/review-replies/${id}`, user: who, params: { id } });
/** The replies to one review: each test's reviews are its own. */
const replyRows = async (reviewId: string) =>
  (await pool.query('SELECT id, review_id, user_id, body FROM review_replies WHERE review_id = $1 ORDER BY id', [reviewId])).rows;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Marta's reply to Rita's review, edited once: its id. */
async function martasReply(w: World, reviewId: string): Promise<string> {
  const created = await reply(user(w.id.marta), reviewId, { body: 'Gracias.' });
  expect(created.status).toBe(200);
  const id = ((await created.json()) as { id: string }).id;
  expect((await editReply(user(w.id.marta), id, { body: 'Ya exporta a PDF desde la versión 2.' })).status).toBe(200);
  return id;
}

describe('«Respuesta del fabricante»', () => {
  it('refuses guests (401), users who are not the tool’s maker (403) and unknown reviews (404), in Spanish, changing nothing', async () => {
    const w = await world();
    const ritas = await ritasReview(w);
    await makeMaker(w.id.otro, w.toolIdOf('ajena'), w.slug.ajena);
    await expectError(await reply(null, ritas, { body: 'Hola' }), 401, 'not_signed_in', 'Inicia sesión para responder a las valoraciones.');
    await expectError(await reply(user(w.id.rita), ritas, { body: 'Me respondo' }), 403, 'reply_not_maker');
    await expectError(await reply(user(w.id.lector), ritas, { body: 'Hola' }), 403, 'reply_not_maker');
    // The maker of another tool is not this tool's maker.
    await expectError(await reply(user(w.id.otro), ritas, { body: 'Prueba la nuestra' }), 403, 'reply_not_maker');
    await expectError(await reply(user(w.id.marta), MISSING_ID, { body: 'Hola' }), 404, 'review_not_found');
    expect(await replyRows(ritas)).toEqual([]);
  });

  it('refuse 20 MB bodies, NUL bytes, empty and over-long replies and other sites, changing nothing', async () => {
    const w = await world();
    const ritas = await ritasReview(w);
    const huge = JSON.stringify({ body: 'x'.repeat(20 * 1024 * 1024) });
    await expectError(await reply(user(w.id.marta), ritas, huge, { 'content-type': 'application/json' }), 413, 'too_large', 'La respuesta es demasiado larga.');
    await expectError(await reply(user(w.id.marta), ritas, { body: 'Hola\u0000' }), 400, 'invalid_text');
    await expectError(await reply(user(w.id.marta), ritas, { body: 'a\0b' }), 400, 'invalid_text');
    expect((await (await reply(user(w.id.marta), ritas, { body: '   ' })).json()).fields).toEqual({ body: 'Escribe tu respuesta.' });
    const long = await reply(user(w.id.marta), ritas, { body: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect((await long.json()).fields).toEqual({ body: 'La respuesta no puede superar 1000 caracteres.' });
    await expectError(await reply(user(w.id.marta), ritas, { body: 'Hola' }, { origin: 'https://otro-sitio.example' }), 403, 'cross_site');
    expect(await replyRows(ritas)).toEqual([]);
  });

  it('publish the maker’s one reply as plain text under the review; a second one is a Spanish 409', async () => {
    const w = await world();
    const ritas = await ritasReview(w);
    const attack = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const created = await reply(user(w.id.marta), ritas, { body: `Gracias. ${attack}` });
    expect(created.status).toBe(200);
    const reply1 = ((await created.json()) as { id: string }).id;
    await expectError(await reply(user(w.id.marta), ritas, { body: 'Otra vez' }), 409, 'reply_exists');
    expect(await replyRows(ritas)).toEqual([{ id: reply1, review_id: ritas, user_id: w.id.marta, body: `Gracias. ${attack}` }]);

    const guestView = (await list(w.toolIdOf('propia'))).reviews.find((review) => review.id === ritas)!;
    expect(guestView.reply).toMatchObject({ id: reply1, body: `Gracias. ${attack}`, makerName: 'Marta', mine: false });
    expect((await list(w.toolIdOf('propia'), user(w.id.marta))).reviews[0]!.reply).toMatchObject({ mine: true });
  });

  it('let only the reply’s maker edit or delete it: another user’s reply id is a 403, a missing one a 404', async () => {
    const w = await world();
    const ritas = await ritasReview(w);
    const created = await reply(user(w.id.marta), ritas, { body: 'Gracias.' });
    const reply1 = ((await created.json()) as { id: string }).id;
    await expectError(await editReply(user(w.id.otro), reply1, { body: 'Secuestrada' }), 403, 'reply_not_yours');
    await expectError(await deleteReply(user(w.id.rita), reply1), 403, 'reply_not_yours');
    await expectError(await editReply(null, reply1, { body: 'x' }), 401, 'not_signed_in', 'Inicia sesión para responder a las valoraciones.');
    await expectError(await editReply(user(w.id.marta), MISSING_ID, { body: 'x' }), 404, 'reply_not_found');
    await expectError(await editReply(user(w.id.marta), reply1, { body: 'a\0' }), 400, 'invalid_text');
    expect((await editReply(user(w.id.marta), reply1, { body: 'Ya exporta a PDF desde la versión 2.' })).status).toBe(200);
    expect((await replyRows(ritas))[0]).toMatchObject({ body: 'Ya exporta a PDF desde la versión 2.' });
  });

  it('hide the reply with its review and show it again with it', async () => {
    const w = await world();
    const ritas = await ritasReview(w);
    const reply1 = await martasReply(w, ritas);
    const { admin } = w;
    await setReviewStatus(admin, ritas, 'hidden');
    expect((await list(w.toolIdOf('propia'))).reviews).toEqual([]);
    await expectError(await reply(user(w.id.marta), ritas, { body: 'x' }), 404, 'review_not_found');
    await setReviewStatus(admin, ritas, 'published');
    expect((await list(w.toolIdOf('propia'))).reviews[0]!.reply).toMatchObject({ id: reply1 });
  });

  it('let an admin remove a reply (a plain user cannot), then the maker may reply again and delete it; every step audited', async () => {
    const w = await world();
    const ritas = await ritasReview(w);
    const reply1 = await martasReply(w, ritas);
    const { admin } = w;
    const removeAsAdmin = (who: Who) =>
      callRoute(deleteReplyAsAdminEndpoint, { method: 'DELETE', path: `/api/admin/review-replies/${reply1}`, user: who, params: { id: reply1 } });
    expect((await listAdminReviews(admin, 'todas', 1)).items.find((item) => item.id === ritas)!.reply).toMatchObject({ id: reply1 });
    await expectError(await removeAsAdmin(user(w.id.marta)), 403, 'forbidden');
    expect((await removeAsAdmin(admin)).status).toBe(204);
    await expectError(await removeAsAdmin(admin), 404, 'reply_not_found');
    expect((await list(w.toolIdOf('propia'))).reviews[0]!.reply).toBeNull();

    const again = await reply(user(w.id.marta), ritas, { body: 'Respuesta nueva.' });
    const againId = ((await again.json()) as { id: string }).id;
    expect((await deleteReply(user(w.id.marta), againId)).status).toBe(204);
    await expectError(await deleteReply(user(w.id.marta), againId), 404, 'reply_not_found');
    const { rows } = await pool.query(`SELECT action, actor_id FROM audit_log WHERE action LIKE 'reply.%' AND actor_id = ANY($1) ORDER BY id`, [
      [w.id.marta, w.id.eva],
    ]);
    expect(rows).toEqual([
      { action: 'reply.create', actor_id: w.id.marta },
      { action: 'reply.update', actor_id: w.id.marta },
      { action: 'reply.remove', actor_id: w.id.eva },
      { action: 'reply.create', actor_id: w.id.marta },
      { action: 'reply.delete', actor_id: w.id.marta },
    ]);
  });

  it('export the maker’s replies and delete them with the account', async () => {
    const w = await world();
    const ritas = await ritasReview(w);
    const created = await reply(user(w.id.marta), ritas, { body: 'Gracias por probarla.' });
    const id = ((await created.json()) as { id: string }).id;
    const storage = { publicUrl: (key: string) => `/media/${key}` } as unknown as StorageDriver;
    const data = (await exportUserData(w.id.marta, 'Brújula IA', pool, storage))!;
    expect(data.reviewReplies).toMatchObject([{ id, reviewId: ritas, toolSlug: w.slug.propia, body: 'Gracias por probarla.' }]);
    await deleteAccountRows(pool, w.id.marta);
    expect(await replyRows(ritas)).toEqual([]);
    expect((await list(w.toolIdOf('propia'))).reviews[0]).toMatchObject({ id: ritas, reply: null });
  });
});
