/**
 * A tool's verified maker and its reviews (issue 20) on a real PostgreSQL: the maker cannot rate their own tool
 * (refused in the statement that writes the review, a Spanish 403), and a review written before the claim is
 * hidden when the claim is verified.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { requestEmailClaim, verifyClaimToken } from '../../src/features/claims/claims.server.ts';
import { createReviewEndpoint, listReviewsEndpoint, updateReviewEndpoint } from '../../src/features/reviews/reviews.server.ts';
import type { ReviewsPage } from '../../src/features/reviews/reviews.ts';
import { ERROR_TABLE } from '../../src/lib/error-table.ts';
import { closeDb } from '../../src/server/db/client.ts';
import type { MailMessage } from '../../src/server/email/mailer.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute } from './helpers/endpoint.ts';

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => closeDb());

await pool.query(
  `INSERT INTO profiles (id, name, email, email_verified)
   SELECT id, initcap(id), id || '@ejemplo.es', true FROM unnest($1::text[]) AS id`,
  [['marta', 'rita', 'lector', 'otro']],
);
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
    expect((await createReview(user('rita'), { postId: toolId('propia'), rating: 3 })).status).toBe(200);
    expect(await ratingOf('propia')).toMatchObject({ rating_count: 1, rating_sum: 3 });
  });
});
