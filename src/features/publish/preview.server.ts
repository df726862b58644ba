/**
 * «Vista previa»: the author's draft as its tool page will look. The draft is written with the real
 * submission insert (sanitizing, slug, SEO fields, facts, categories) and read back with the tool page's own
 * query inside a transaction that is always rolled back, so the preview cannot drift from what publishing stores
 * and nothing is saved, listed or rebuilt.
 */
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { SessionUser } from '../../server/auth/auth.ts';
import { listFeaturedTools, toolPageColumns, toToolDetail, type ToolDetail } from '../../server/db/queries/public/tools.ts';
import { posts, profiles } from '../../server/db/schema.ts';
import { inRolledBackTransaction } from '../../server/db/transaction.ts';
import { siteConfig } from '../../server/site.ts';
import { FEATURED_SIDEBAR_SIZE } from '../../lib/tool-page.ts';
import type { ToolCardData } from '../../lib/tool-card.ts';
import { fieldErrors, publishInput } from '../../lib/tool-form.ts';
import { insertSubmission } from '../../server/db/queries/tool-writes.ts';
import { loadDraft } from './submission-drafts-queries.server.ts';

export type DraftPreview =
  | { kind: 'page'; tool: ToolDetail; featured: ToolCardData[]; draftId: string }
  /** What the draft still lacks for a page (the submit's own messages: title, description, category…). */
  | { kind: 'incomplete'; problems: string[]; draftId: string }
  | { kind: 'missing' };

export async function draftPreview(user: Pick<SessionUser, 'id' | 'role'>, draftId: string): Promise<DraftPreview> {
  const draft = await loadDraft(user.id, draftId);
  if (!draft) return { kind: 'missing' };
  // What the draft never had counts as empty, so the author reads the submit's own messages, in order (title,
  // description, category).
  const parsed = publishInput.safeParse({ title: '', description: '', categoryIds: [], ...draft.values });
  if (!parsed.success) return { kind: 'incomplete', problems: [...new Set(Object.values(fieldErrors(parsed.error)))], draftId: draft.id };
  const tool = await inRolledBackTransaction(async (client) => {
    const saved = await insertSubmission(parsed.data, user, siteConfig(), client);
    const [row] = await drizzle(client)
      .select(toolPageColumns)
      .from(posts)
      .leftJoin(profiles, eq(profiles.id, posts.userId))
      .where(eq(posts.id, saved.id))
      .limit(1);
    return toToolDetail(row!);
  });
  return { kind: 'page', tool, featured: await listFeaturedTools(FEATURED_SIDEBAR_SIZE + 1), draftId: draft.id };
}
