/** The queue's two decisions: POST /api/posts/{id}/approve and POST /api/posts/{id}/reject {reason} (admins only). */
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { z } from '../../lib/zod.ts';
import { rejectInput } from '../publish/post-form.ts';
import { publishedContentChanged } from '../publish/site-updates.server.ts';
import { approveSubmission, notifyAuthor, rejectSubmission } from './queue.server.ts';

export const MODERATION_RATE_LIMITS = { name: 'moderation', user: { window: 600, max: 600 } };

const params = z.object({ id: z.string() });

function postId(raw: string): string {
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
    const decision = await approveSubmission(postId(id), user);
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
    const decision = await rejectSubmission(postId(id), body.reason, user);
    await notifyAuthor({ ...decision, outcome: 'rejected', reason: body.reason });
    return { id: decision.id, slug: decision.slug, status: 'rejected' };
  },
});
