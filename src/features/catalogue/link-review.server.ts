/** The endpoint of the admin's review of tools with failing links; the reads and actions are src/server/catalogue/link-review.ts. */
import { LINK_REVIEW_ACTIONS } from '../../lib/link-review.ts';
import { z } from '../../lib/zod.ts';
import { recheckTool, reviewTool } from '../../server/catalogue/link-review.ts';
import { endpoint } from '../../server/http/endpoint.ts';

const reviewInput = z.object({ action: z.enum(LINK_REVIEW_ACTIONS, { error: 'Acción no válida.' }) });
const reviewParams = z.object({ id: z.uuid({ error: 'Identificador de herramienta no válido.' }) });

/** POST /api/admin/tools/{id}/link-review {action}: retire, restore, accept_url, dismiss or recheck. */
export const linkReviewEndpoint = endpoint({
  access: 'moderate:post:any',
  params: reviewParams,
  body: { json: reviewInput, maxBytes: 256 },
  limits: { name: 'link-review', user: { window: 600, max: 120 } },
  handle: async ({ user, params, body }) => {
    if (body.action === 'recheck') await recheckTool(user, params.id);
    else await reviewTool(user, params.id, body.action);
    return undefined;
  },
});
