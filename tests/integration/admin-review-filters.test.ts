/**
 * /admin/valoraciones with each filter: the listing joins reviews with posts, which both have a status, so every
 * filter must name its table (the SQL check of npm run check found «ocultas» failing as ambiguous).
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { listAdminReviews } from '../../src/features/reviews/reviews-admin.server.ts';
import { closeDb } from '../../src/server/db/client.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { createAccount, createTool } from './helpers/fixtures.ts';

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => closeDb());

describe('listAdminReviews filters', () => {
  it('lists hidden reviews under «ocultas» and reported ones under «denunciadas»', async () => {
    const [author, reporter] = [await createAccount(pool), await createAccount(pool)];
    const tool = await createTool(pool);
    const { rows } = await pool.query<{ id: string; status: string }>(
      `INSERT INTO reviews (post_id, user_id, rating, body, status) VALUES ($1, $2, 2, 'Oculta por el equipo.', 'hidden'), ($1, $3, 5, 'Visible.', 'published')
       RETURNING id, status`,
      [tool.id, author.id, reporter.id],
    );
    const hidden = rows.find((row) => row.status === 'hidden')!.id;
    const visible = rows.find((row) => row.status === 'published')!.id;
    await pool.query('INSERT INTO review_reports (review_id, user_id) VALUES ($1, $2)', [visible, author.id]);
    const admin = { role: 'admin' as const };

    const ocultas = await listAdminReviews(admin, 'ocultas', 1);
    expect(ocultas.items.map((review) => review.id)).toEqual([hidden]);
    const denunciadas = await listAdminReviews(admin, 'denunciadas', 1);
    expect(denunciadas.items.map((review) => [review.id, review.reports])).toEqual([[visible, 1]]);
    expect((await listAdminReviews(admin, 'todas', 1)).total).toBe(2);
  });
});
