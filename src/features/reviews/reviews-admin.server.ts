/**
 * /admin/valoraciones: reviews are published at once (docs/decisions/011-valoraciones.md), so the
 * admin's part is the reported ones, most reported first, with hide, show again and delete. Every action is
 * audited in the same transaction as the change; the reviews trigger recounts the tool's stars.
 */
import { z } from '../../lib/zod.ts';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { getPool } from '../../server/db/client.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { deleteReplyById } from './reply-queries.server.ts';
import { deleteReviewById, readAdminReviewsPage, updateReviewStatus } from './admin-queries.server.ts';
import { assertAllowed, paged, type AdminActor, type Paged } from '../../server/admin/admin-queries.ts';

export const REVIEW_FILTERS = { denunciadas: 'Denunciadas', ocultas: 'Ocultas', todas: 'Todas' } as const;
export type ReviewFilter = keyof typeof REVIEW_FILTERS;

export const adminReviewFilters = z.object({
  filtro: z
    .enum(Object.keys(REVIEW_FILTERS) as [ReviewFilter, ...ReviewFilter[]])
    .default('denunciadas')
    .catch('denunciadas'),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});

export interface AdminReviewRow {
  id: string;
  rating: number;
  title: string;
  body: string;
  pros: string;
  cons: string;
  status: 'published' | 'hidden';
  reports: number;
  helpfulCount: number;
  author: { name: string; email: string };
  tool: { title: string; slug: string };
  createdAt: Date;
  /** The maker's reply, if any. */
  reply: { id: string; body: string } | null;
}

export async function listAdminReviews(actor: Pick<SessionUser, 'role'> | null, filter: ReviewFilter, page: number): Promise<Paged<AdminReviewRow>> {
  assertAllowed(actor, 'moderate:review:any');
  const { rows, total } = await readAdminReviewsPage(filter, page, getPool());
  const items = rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    pros: row.pros,
    cons: row.cons,
    status: row.status,
    reports: row.reports,
    helpfulCount: row.helpful_count,
    author: { name: row.author_name, email: row.author_email },
    tool: { title: row.tool_title, slug: row.tool_slug },
    createdAt: row.created_at,
    reply: row.reply_id ? { id: row.reply_id, body: row.reply_body! } : null,
  }));
  return paged(items, total, page);
}

/** Hides a review (its stars stop counting) or shows it again. */
export async function setReviewStatus(actor: AdminActor | null, id: string, status: 'published' | 'hidden'): Promise<void> {
  assertAllowed(actor, 'moderate:review:any');
  await inTransaction(async (db) => {
    const changed = await updateReviewStatus(id, status, db);
    if (!changed) throw new AppError('review_not_found');
    await recordAdminAction(
      actor,
      {
        action: status === 'hidden' ? 'review.hide' : 'review.show',
        targetType: 'review',
        targetId: id,
        summary: `${status === 'hidden' ? 'Ocultó' : 'Volvió a publicar'} una valoración de «${changed.tool}»`,
        before: { status: changed.before },
        after: { status },
      },
      db,
    );
  });
}

export async function deleteReviewAsAdmin(actor: AdminActor | null, id: string): Promise<void> {
  assertAllowed(actor, 'moderate:review:any');
  await inTransaction(async (db) => {
    const removed = await deleteReviewById(id, db);
    if (!removed) throw new AppError('review_not_found');
    const { rating, title, body, userId, tool } = removed;
    await recordAdminAction(
      actor,
      { action: 'review.delete', targetType: 'review', targetId: id, summary: `Borró una valoración de «${tool}»`, before: { rating, title, body, userId } },
      db,
    );
  });
}

/** Removes a maker's reply (the review stays). */
export async function deleteReplyAsAdmin(actor: AdminActor | null, id: string): Promise<void> {
  assertAllowed(actor, 'moderate:review:any');
  await inTransaction(async (db) => {
    const removed = await deleteReplyById(id, db);
    if (!removed) throw new AppError('reply_not_found');
    await recordAdminAction(
      actor,
      {
        action: 'reply.remove',
        targetType: 'review',
        targetId: removed.reviewId,
        summary: `Borró la respuesta del creador a una valoración de «${removed.tool}»`,
        before: { body: removed.body, userId: removed.userId },
      },
      db,
    );
  });
}

const reviewId = z.object({ id: z.uuid({ error: 'La valoración no existe o ya no está publicada.' }) });
const ADMIN_REVIEW_LIMITS = { name: 'admin-reviews', user: { window: 60, max: 120 } };

/** PATCH /api/admin/reviews/{id} { status } */
export const setReviewStatusEndpoint = endpoint({
  access: 'moderate:review:any',
  params: reviewId,
  body: { json: z.object({ status: z.enum(['published', 'hidden'], { error: 'Elige publicada u oculta.' }) }) },
  limits: ADMIN_REVIEW_LIMITS,
  handle: async ({ user, params, body }) => setReviewStatus(user, params.id, body.status),
});

/** DELETE /api/admin/reviews/{id} */
export const deleteReviewAsAdminEndpoint = endpoint({
  access: 'moderate:review:any',
  params: reviewId,
  limits: ADMIN_REVIEW_LIMITS,
  handle: async ({ user, params }) => deleteReviewAsAdmin(user, params.id),
});

/** DELETE /api/admin/review-replies/{id} */
export const deleteReplyAsAdminEndpoint = endpoint({
  access: 'moderate:review:any',
  params: z.object({ id: z.uuid({ error: 'La respuesta no existe o ya se borró.' }) }),
  limits: ADMIN_REVIEW_LIMITS,
  handle: async ({ user, params }) => deleteReplyAsAdmin(user, params.id),
});
