/**
 * A tool's verified maker and its reviews on a real PostgreSQL: the maker cannot rate their own tool
 * (refused in the statement that writes the review, a Spanish 403), a review written before the claim is hidden
 * when the claim is verified, and the maker replies once to each review (the attack pass included).
 */
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

await pool.query(
  `INSERT INTO profiles (id, name, email, email_verified)
   SELECT id, initcap(id), id || '@ejemplo.es', true FROM unnest($1::text[]) AS id`,
  [['marta', 'rita', 'lector', 'otro', 'eva']],
);
await pool.query(`UPDATE profiles SET role = 'admin' WHERE id = 'eva'`);
const { rows: tools } = await pool.query<{ id: string; slug: string }>(
  `INSERT INTO posts (title, slug, description, url, domain, status) VALUES
     ('Propia', 'propia', 'La herramienta de Marta.', 'https://propia.es/', 'propia.es', 'published'),
     ('Ajena', 'ajena', 'Una herramienta de otros.', 'https://ajena.es/', 'ajena.es', 'published')
   RETURNING id, slug`,
);
const toolId = (slug: string) => tools.find((tool) => tool.slug === slug)!.id;

type Who = { id: string; name: string; role: 'user' | 'admin' } | null;
const user = (id: string) => ({ id, name: id, role: 'user' as const });

const createReview = (who: Who, body: unknown) => callRoute(createReviewEndpoint, { method: 'POST', path: '/api/reviews', body, user: who });
const updateReview = (who: Who, id: string, body: unknown) =>
  callRoute(updateReviewEndpoint, { method: 'PUT', path: `/api/reviews/${id}`, body, user: who, params: { id } });

async function list(postId: string, who: Who = null): Promise<ReviewsPage> {
  const response = await callRoute(listReviewsEndpoint, { path: `/api/reviews?postId=${postId}`, user: who });
  expect(response.status).toBe(200);
  return (await response.json()) as ReviewsPage;
}

async function expectError(response: Response, status: number, code: keyof typeof ERROR_TABLE, message?: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: string; code: string };
  expect(body.code).toBe(code);
  expect(body.error).toBe(message ?? ERROR_TABLE[code].message);
}

/** Claims `slug` for `who` by the e-mail link, the way the site does it. */
async function makeMaker(who: string, slug: string): Promise<void> {
  const sent: MailMessage[] = [];
  const actor = { id: who, name: who, role: 'user' as const };
  await requestEmailClaim(actor, toolId(slug), `${who}@${slug}.es`, { pool, send: async (message) => void sent.push(message) });
  const token = new URL(sent[0]!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
  await verifyClaimToken(actor, token, pool);
}

const ratingOf = async (slug: string) =>
  (await pool.query<{ rating_count: number; rating_sum: number }>('SELECT rating_count, rating_sum FROM posts WHERE slug = $1', [slug])).rows[0]!;

let martasEarlyReview = '';
let ritasReview = '';

describe('the verified maker and their own tool’s reviews', () => {
  it('hides the review a maker wrote before the claim was verified, audited with the claim', async () => {
    const created = await createReview(user('marta'), { postId: toolId('propia'), rating: 5, body: 'La mejor, la hice yo.' });
    expect(created.status).toBe(200);
    martasEarlyReview = ((await created.json()) as { id: string }).id;
    expect(await ratingOf('propia')).toMatchObject({ rating_count: 1, rating_sum: 5 });

    await makeMaker('marta', 'propia');
    expect(await ratingOf('propia')).toMatchObject({ rating_count: 0, rating_sum: 0 });
    expect((await list(toolId('propia'))).reviews).toEqual([]);
    const { rows } = await pool.query(`SELECT after FROM audit_log WHERE action = 'claim.verify'`);
    expect(rows[0].after).toMatchObject({ hiddenReviewId: martasEarlyReview });
  });

  it('refuses the maker’s rating of their own tool with a Spanish 403, changing nothing, and tells the form', async () => {
    const before = await pool.query('SELECT id, rating, body, status FROM reviews ORDER BY id');
    await pool.query(`DELETE FROM reviews WHERE id = $1`, [martasEarlyReview]);
    await expectError(await createReview(user('marta'), { postId: toolId('propia'), rating: 5 }), 403, 'review_own_tool');
    await pool.query(`INSERT INTO reviews (id, post_id, user_id, rating, body, status) VALUES ($1, $2, 'marta', 5, 'La mejor, la hice yo.', 'hidden')`, [
      martasEarlyReview,
      toolId('propia'),
    ]);
    await expectError(await updateReview(user('marta'), martasEarlyReview, { rating: 5, body: 'Editada' }), 403, 'review_own_tool');
    expect((await pool.query('SELECT id, rating, body, status FROM reviews ORDER BY id')).rows).toEqual(before.rows);
    expect(await ratingOf('propia')).toMatchObject({ rating_count: 0, rating_sum: 0 });

    expect(await list(toolId('propia'), user('marta'))).toMatchObject({ isMaker: true, signedIn: true });
    expect(await list(toolId('propia'), user('rita'))).toMatchObject({ isMaker: false });
    expect(await list(toolId('propia'))).toMatchObject({ isMaker: false, signedIn: false });
  });

  it('still lets the maker rate other tools, and anyone else rate theirs', async () => {
    expect((await createReview(user('marta'), { postId: toolId('ajena'), rating: 4 })).status).toBe(200);
    const created = await createReview(user('rita'), { postId: toolId('propia'), rating: 3, body: 'Le falta exportar a PDF.' });
    expect(created.status).toBe(200);
    ritasReview = ((await created.json()) as { id: string }).id;
    expect(await ratingOf('propia')).toMatchObject({ rating_count: 1, rating_sum: 3 });
  });
});

const reply = (who: Who, reviewId: string, body: unknown, headers?: Record<string, string>) =>
  callRoute(createReplyEndpoint, { method: 'POST', path: `/api/reviews/${reviewId}/respuesta`, body, user: who, params: { id: reviewId }, headers });
const editReply = (who: Who, id: string, body: unknown) =>
  callRoute(updateReplyEndpoint, { method: 'PUT', path: `/api/review-replies/${id}`, body, user: who, params: { id } });
const deleteReply = (who: Who, id: string) =>
  callRoute(deleteReplyEndpoint, { method: 'DELETE', path: `/api/review-replies/${id}`, user: who, params: { id } });
const replyRows = async () => (await pool.query('SELECT id, review_id, user_id, body FROM review_replies ORDER BY id')).rows;
const admin = { id: 'eva', name: 'Eva', role: 'admin' as const };
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
let martasReply = '';

describe('«Respuesta del fabricante»', () => {
  it('refuses guests (401), users who are not the tool’s maker (403) and unknown reviews (404), in Spanish, changing nothing', async () => {
    await makeMaker('otro', 'ajena');
    await expectError(await reply(null, ritasReview, { body: 'Hola' }), 401, 'not_signed_in', 'Inicia sesión para responder a las valoraciones.');
    await expectError(await reply(user('rita'), ritasReview, { body: 'Me respondo' }), 403, 'reply_not_maker');
    await expectError(await reply(user('lector'), ritasReview, { body: 'Hola' }), 403, 'reply_not_maker');
    // The maker of another tool is not this tool's maker.
    await expectError(await reply(user('otro'), ritasReview, { body: 'Prueba la nuestra' }), 403, 'reply_not_maker');
    await expectError(await reply(user('marta'), MISSING_ID, { body: 'Hola' }), 404, 'review_not_found');
    expect(await replyRows()).toEqual([]);
  });

  it('refuse 20 MB bodies, NUL bytes, empty and over-long replies and other sites, changing nothing', async () => {
    const huge = JSON.stringify({ body: 'x'.repeat(20 * 1024 * 1024) });
    await expectError(
      await reply(user('marta'), ritasReview, huge, { 'content-type': 'application/json' }),
      413,
      'too_large',
      'La respuesta es demasiado larga.',
    );
    await expectError(await reply(user('marta'), ritasReview, { body: 'Hola\u0000' }), 400, 'invalid_text');
    await expectError(await reply(user('marta'), ritasReview, { body: 'a\0b' }), 400, 'invalid_text');
    expect((await (await reply(user('marta'), ritasReview, { body: '   ' })).json()).fields).toEqual({ body: 'Escribe tu respuesta.' });
    const long = await reply(user('marta'), ritasReview, { body: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect((await long.json()).fields).toEqual({ body: 'La respuesta no puede superar 1000 caracteres.' });
    await expectError(await reply(user('marta'), ritasReview, { body: 'Hola' }, { origin: 'https://otro-sitio.example' }), 403, 'cross_site');
    expect(await replyRows()).toEqual([]);
  });

  it('publish the maker’s one reply as plain text under the review; a second one is a Spanish 409', async () => {
    const attack = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const created = await reply(user('marta'), ritasReview, { body: `Gracias. ${attack}` });
    expect(created.status).toBe(200);
    martasReply = ((await created.json()) as { id: string }).id;
    await expectError(await reply(user('marta'), ritasReview, { body: 'Otra vez' }), 409, 'reply_exists');
    expect(await replyRows()).toEqual([{ id: martasReply, review_id: ritasReview, user_id: 'marta', body: `Gracias. ${attack}` }]);

    const guestView = (await list(toolId('propia'))).reviews.find((review) => review.id === ritasReview)!;
    expect(guestView.reply).toMatchObject({ id: martasReply, body: `Gracias. ${attack}`, makerName: 'Marta', mine: false });
    expect((await list(toolId('propia'), user('marta'))).reviews[0]!.reply).toMatchObject({ mine: true });
  });

  it('let only the reply’s maker edit or delete it: another user’s reply id is a 403, a missing one a 404', async () => {
    await expectError(await editReply(user('otro'), martasReply, { body: 'Secuestrada' }), 403, 'reply_not_yours');
    await expectError(await deleteReply(user('rita'), martasReply), 403, 'reply_not_yours');
    await expectError(await editReply(null, martasReply, { body: 'x' }), 401, 'not_signed_in', 'Inicia sesión para responder a las valoraciones.');
    await expectError(await editReply(user('marta'), MISSING_ID, { body: 'x' }), 404, 'reply_not_found');
    await expectError(await editReply(user('marta'), martasReply, { body: 'a\0' }), 400, 'invalid_text');
    expect((await editReply(user('marta'), martasReply, { body: 'Ya exporta a PDF desde la versión 2.' })).status).toBe(200);
    expect((await replyRows())[0]).toMatchObject({ body: 'Ya exporta a PDF desde la versión 2.' });
  });

  it('hide the reply with its review and show it again with it', async () => {
    await setReviewStatus(admin, ritasReview, 'hidden');
    expect((await list(toolId('propia'))).reviews).toEqual([]);
    await expectError(await reply(user('marta'), ritasReview, { body: 'x' }), 404, 'review_not_found');
    await setReviewStatus(admin, ritasReview, 'published');
    expect((await list(toolId('propia'))).reviews[0]!.reply).toMatchObject({ id: martasReply });
  });

  it('let an admin remove a reply (a plain user cannot), then the maker may reply again and delete it; every step audited', async () => {
    const removeAsAdmin = (who: Who) =>
      callRoute(deleteReplyAsAdminEndpoint, { method: 'DELETE', path: `/api/admin/review-replies/${martasReply}`, user: who, params: { id: martasReply } });
    expect((await listAdminReviews(admin, 'todas', 1)).items.find((item) => item.id === ritasReview)!.reply).toMatchObject({ id: martasReply });
    await expectError(await removeAsAdmin(user('marta')), 403, 'forbidden');
    expect((await removeAsAdmin(admin)).status).toBe(204);
    await expectError(await removeAsAdmin(admin), 404, 'reply_not_found');
    expect((await list(toolId('propia'))).reviews[0]!.reply).toBeNull();

    const again = await reply(user('marta'), ritasReview, { body: 'Respuesta nueva.' });
    const againId = ((await again.json()) as { id: string }).id;
    expect((await deleteReply(user('marta'), againId)).status).toBe(204);
    await expectError(await deleteReply(user('marta'), againId), 404, 'reply_not_found');
    const { rows } = await pool.query(`SELECT action, actor_id FROM audit_log WHERE action LIKE 'reply.%' ORDER BY id`);
    expect(rows).toEqual([
      { action: 'reply.create', actor_id: 'marta' },
      { action: 'reply.update', actor_id: 'marta' },
      { action: 'reply.remove', actor_id: 'eva' },
      { action: 'reply.create', actor_id: 'marta' },
      { action: 'reply.delete', actor_id: 'marta' },
    ]);
  });

  it('export the maker’s replies and delete them with the account', async () => {
    const created = await reply(user('marta'), ritasReview, { body: 'Gracias por probarla.' });
    const id = ((await created.json()) as { id: string }).id;
    const storage = { publicUrl: (key: string) => `/media/${key}` } as unknown as StorageDriver;
    const data = (await exportUserData('marta', 'Brújula IA', pool, storage))!;
    expect(data.reviewReplies).toMatchObject([{ id, reviewId: ritasReview, toolSlug: 'propia', body: 'Gracias por probarla.' }]);
    await deleteAccountRows(pool, 'marta');
    expect(await replyRows()).toEqual([]);
    expect((await list(toolId('propia'))).reviews[0]).toMatchObject({ id: ritasReview, reply: null });
  });
});
