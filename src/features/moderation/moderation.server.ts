/**
 * The queue's decisions: POST /api/posts/{id}/approve, POST /api/posts/{id}/reject {reason} and, for several at
 * once, POST /api/posts/moderate {action, ids, reason?} (admins only).
 */
import type { SessionUser } from '../../server/auth/auth.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { toAppError } from '../../server/http/errors.ts';
import { z } from '../../lib/zod.ts';
import { rejectInput } from '../../lib/tool-form.ts';
import { publishedContentChanged } from '../../server/site-updates.ts';
import { bulkModerationInput, type BulkFailure, type BulkModerationInput, type BulkModerationResult } from './bulk-schema.ts';
import { notifyAuthor, type Decision } from '../../server/email/author-notices.ts';
import { approveSubmission, assertModerator, rejectSubmission, titlesOf } from './queue.server.ts';

export const MODERATION_RATE_LIMITS = { name: 'moderation', user: { window: 600, max: 600 } };

const params = z.object({ id: z.string() });

function toolId(raw: string): string {
  const id = z.uuid().safeParse(raw);
  if (!id.success) throw new AppError('post_not_found');
  return id.data;
}

/** Answers { id, slug, status, path }: the page is visible to every visitor at once (rendered on demand until the rebuild). */
export const approveEndpoint = endpoint({
  access: 'moderate:post:any',
  params,
  limits: MODERATION_RATE_LIMITS,
  handle: async ({ params: { id }, user }) => {
    const decision = await approveSubmission(toolId(id), user);
    await publishedContentChanged(`aprobación de «${decision.title}»`);
    await notifyAuthor({ ...decision, outcome: 'approved' });
    return { id: decision.id, slug: decision.slug, status: 'published', path: `/${decision.slug}` };
  },
});

export const rejectEndpoint = endpoint({
  access: 'moderate:post:any',
  params,
  body: { json: rejectInput },
  limits: MODERATION_RATE_LIMITS,
  handle: async ({ params: { id }, body, user }) => {
    const decision = await rejectSubmission(toolId(id), body.reason, user);
    await notifyAuthor({ ...decision, outcome: 'rejected', reason: body.reason });
    return { id: decision.id, slug: decision.slug, status: 'rejected' };
  },
});

/**
 * Approves or rejects each tool exactly as the single decisions do (its own transaction and audit entry, then its
 * author's e-mail), so one that fails (already reviewed, missing) leaves the others decided and is listed with its
 * reason. Visitors' pages are asked to rebuild once for the whole batch.
 */
export async function moderateInBulk(actor: SessionUser, input: BulkModerationInput): Promise<BulkModerationResult> {
  assertModerator(actor);
  const decided: Decision[] = [];
  const failures: { id: string; error: AppError }[] = [];
  for (const raw of input.ids) {
    try {
      const id = toolId(raw);
      const decision = input.action === 'approve' ? await approveSubmission(id, actor) : await rejectSubmission(id, input.reason, actor);
      decided.push(decision);
    } catch (error) {
      failures.push({ id: raw, error: toAppError(error, 'moderación en bloque') });
    }
  }
  // With nothing decided because the database is down, the answer is the outage itself (503), not a list of it.
  if (decided.length === 0 && failures.length > 0 && failures.every((failure) => failure.error.kind === 'unavailable')) throw failures[0]!.error;
  if (input.action === 'approve' && decided.length > 0) await publishedContentChanged(`aprobación en bloque de ${decided.length} herramienta(s)`);
  for (const decision of decided) {
    await notifyAuthor(input.action === 'approve' ? { ...decision, outcome: 'approved' } : { ...decision, outcome: 'rejected', reason: input.reason });
  }
  const titles = await titlesOf(failures.map((failure) => failure.id).filter((id) => z.uuid().safeParse(id).success));
  return {
    action: input.action,
    done: decided.map((decision) => ({ id: decision.id, title: decision.title, path: `/${decision.slug}` })),
    failed: failures.map(({ id, error }): BulkFailure => ({ id, title: titles.get(id) ?? null, code: error.kind, error: error.message })),
  };
}

export const bulkModerationEndpoint = endpoint({
  access: 'moderate:post:any',
  // 100 ids of 36 characters and a reason of 1000 fit with room to spare.
  body: { json: bulkModerationInput, maxBytes: 16 * 1024 },
  limits: { name: 'moderation-bulk', user: { window: 600, max: 60 } },
  handle: async ({ body, user }) => moderateInBulk(user, body),
});
