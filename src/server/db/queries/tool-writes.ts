/**
 * Reads and writes of the publication form: the picker's categories, the duplicate check, a new submission and
 * an edit, each write in one transaction with its categories, its slug made
 * unique, its HTML sanitized and, for an admin, its audit entry and the redirect of a renamed page.
 */
import { deriveUseCases } from '../../../lib/tasks/tagging.ts';
import type { DuplicateCheck } from '../../../lib/tool-form.ts';
import type pg from 'pg';
import { can } from '../../../lib/permissions.ts';
import { publishSlug } from '../../../lib/slug.ts';
import type { SessionUser } from '../../auth/auth.ts';
import { recordAdminAction } from '../../audit/audit-log.ts';
import { getPool } from '../client.ts';
import type { Queryable } from '../queryable.ts';
import { inTransaction } from '../transaction.ts';
import { sanitizeRichText } from '../../html/sanitize.ts';
import { AppError } from '../../http/errors.ts';
import { CARD_IMAGE_WIDTH, LOGO_WIDTH, publicImageUrl } from '../../storage/references.ts';
import { toolFactsColumns, toolFactsJson } from './tool-facts.ts';
import { hasKnownFacts, type ToolFacts, type ToolFactsInput } from '../../../lib/tool-facts.ts';
import type { EditableTool, EditInput, PickerCategory, ToolStatus, PublishInput } from '../../../lib/tool-form.ts';
import { seoColumns, type Site } from '../../../lib/tool-seo.ts';
import { RESERVED_SLUGS } from '../../../lib/reserved-slugs.ts';

/** The category picker reads id, name, slug and colour of the active categories, by name. */
export async function listPickerCategories(db: Queryable = getPool()): Promise<PickerCategory[]> {
  const { rows } = await db.query<PickerCategory>('SELECT id, name, slug, color FROM categories WHERE is_active ORDER BY name');
  return rows;
}

export const PENDING_ELSEWHERE = 'Ya hay una propuesta pendiente de revisión para este dominio.';

/**
 * Published or pending tools on the same registrable domain as `url` (the domain column's own rule). Another
 * user's pending submission is private until it is approved: its id, title and page are not shown, only that
 * it exists, so that the author does not send the same tool twice.
 */
export async function findDuplicateTools(
  url: string,
  viewer: Pick<SessionUser, 'id' | 'role'> | null,
  excludeId: string | null = null,
  db: Queryable = getPool(),
): Promise<DuplicateCheck> {
  // An admin reads every submission (the moderation queue lists them), so nothing is hidden from one.
  const admin = can(viewer?.role, 'read:post:any');
  const sameSite = `domain = registrable_domain($1) AND status IN ('published', 'pending') AND ($2::uuid IS NULL OR id <> $2::uuid)`;
  const visible = `(status = 'published' OR $3 OR user_id = $4::text)`;
  const values = [url, excludeId, admin, viewer?.id ?? null];
  const { rows } = await db.query<{ id: string; title: string; slug: string; status: 'published' | 'pending' }>(
    `SELECT id, title, slug, status FROM posts WHERE ${sameSite} AND ${visible} ORDER BY status = 'published' DESC, created_at LIMIT 5`,
    values,
  );
  const { rows: hidden } = await db.query(`SELECT 1 FROM posts WHERE ${sameSite} AND NOT ${visible} LIMIT 1`, values);
  return {
    duplicates: rows.map((row) => ({ id: row.id, title: row.title, status: row.status, path: `/${row.slug}` })),
    pendingNotice: hidden.length > 0 ? PENDING_ELSEWHERE : null,
  };
}

interface CategoryRow {
  id: string;
  name: string;
  slug: string;
}

/** The chosen categories in the author's order; refuses ids that are missing or inactive. */
async function chosenCategories(ids: string[], db: Queryable): Promise<CategoryRow[]> {
  const { rows } = await db.query<CategoryRow>('SELECT id, name, slug FROM categories WHERE id = ANY($1::uuid[]) AND is_active', [ids]);
  if (rows.length !== ids.length) throw new AppError('category_missing', { fields: { categoryIds: 'Alguna de las categorías elegidas ya no existe.' } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

/** Whether a slug is free: not a route of the site, no other post's, not the source of a redirect. */
async function slugTaken(slug: string, excludeId: string | null, db: Queryable): Promise<boolean> {
  if (RESERVED_SLUGS.has(slug)) return true;
  const { rows } = await db.query(
    `SELECT 1 FROM posts WHERE slug = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)
     UNION ALL SELECT 1 FROM redirects WHERE from_path = '/' || $1
     LIMIT 1`,
    [slug, excludeId],
  );
  return rows.length > 0;
}

/** The publish slug from the title (publishSlug), made unique with -2, -3...; 'herramienta' when the title yields nothing. */
export async function uniqueSlug(title: string, excludeId: string | null, db: Queryable): Promise<string> {
  const base = (publishSlug(title) || 'herramienta').slice(0, 90).replace(/-$/, '');
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(candidate, excludeId, db))) return candidate;
  }
  throw new AppError('conflict');
}

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string }).code === '23505' && (error as { constraint?: string }).constraint === constraint;

/**
 * Who vouches for a tool's facts, and when. An author's facts are claims: they are saved unchecked (no date, no
 * checker), and the submission goes to review anyway. An admin's save checks them, since the editor puts every fact
 * in front of them: checked now, by that admin. Approving a submission from the queue checks them too
 * (moderation/queue.server.ts): it publishes them under the site's name. With nothing known there is nothing to
 * vouch for, so the facts stay unchecked. A request can never name the date or the checker (tool-form.ts).
 */
function factsCheck(facts: ToolFactsInput, actor: Pick<SessionUser, 'id' | 'role'>): { facts_checked_at: Date | null; facts_checked_by: string | null } {
  const vouched = can(actor.role, 'check:facts:any') && hasKnownFacts({ ...facts, checkedAt: null, checkedBy: null });
  return vouched ? { facts_checked_at: new Date(), facts_checked_by: actor.id } : { facts_checked_at: null, facts_checked_by: null };
}

/** Columns of posts written from the form and its generated metadata, in one place for insert and update. */
function toolColumns(values: {
  input: Omit<PublishInput, 'facts'> & { facts?: ToolFactsInput | undefined };
  slug: string;
  content: string;
  categories: CategoryRow[];
  site: Site;
  mode: 'publish' | 'edit';
  actor: Pick<SessionUser, 'id' | 'role'>;
}): Record<string, unknown> {
  const { input, slug, categories, site, mode, actor } = values;
  const seo = seoColumns(
    { ...input, slug, categories: categories.map(({ name, slug: categorySlug }) => ({ name, slug: categorySlug })) },
    site,
    mode,
    (reference) => publicImageUrl(reference, 1200),
  );
  return {
    title: input.title,
    slug,
    description: input.description,
    content: values.content,
    url: input.url || null,
    image_url: input.imageUrl || null,
    logo_url: input.logoUrl || null,
    category_id: categories[0]!.id,
    pricing: input.pricing,
    meta_title: seo.metaTitle,
    meta_description: seo.metaDescription,
    canonical_url: seo.canonicalUrl,
    og_title: seo.ogTitle,
    og_description: seo.ogDescription,
    og_image: seo.ogImage,
    og_type: seo.ogType,
    twitter_title: seo.twitterTitle,
    twitter_description: seo.twitterDescription,
    twitter_image: seo.twitterImage,
    twitter_card: seo.twitterCard,
    whatsapp_title: seo.whatsappTitle,
    whatsapp_description: seo.whatsappDescription,
    whatsapp_image: seo.whatsappImage,
    structured_data: JSON.stringify(seo.structuredData),
    keywords: seo.keywords,
    author: seo.author,
    // What the author or admin chose; with nothing chosen, the seed's rule decides from the submission itself.
    use_cases:
      input.useCases.length > 0
        ? input.useCases
        : deriveUseCases({
            categories: categories.map((category) => category.slug),
            keywords: seo.keywords,
            title: input.title,
            description: input.description,
            content: values.content,
          }),
    ...(input.facts ? { ...toolFactsColumns(input.facts), ...factsCheck(input.facts, actor) } : {}),
  };
}

async function replaceCategories(toolId: string, categories: CategoryRow[], db: Queryable): Promise<void> {
  await db.query('DELETE FROM post_categories WHERE post_id = $1', [toolId]);
  await db.query(
    `INSERT INTO post_categories (post_id, category_id, position)
     SELECT $1, category_id, (position - 1)::smallint FROM unnest($2::uuid[]) WITH ORDINALITY AS chosen(category_id, position)`,
    [toolId, categories.map((category) => category.id)],
  );
}

export interface SavedTool {
  id: string;
  slug: string;
  status: ToolStatus;
  categoryCount: number;
}

/**
 * A new submission by `author` (never by anyone named in the body), saved as pending with its categories in one
 * transaction; a slug taken meanwhile by a concurrent submission is retried.
 */
export async function createSubmission(
  input: PublishInput,
  author: Pick<SessionUser, 'id' | 'role'>,
  site: Site,
  pool: pg.Pool = getPool(),
): Promise<SavedTool> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await inTransaction((client) => insertSubmission(input, author, site, client), pool);
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error, 'posts_slug_unique')) continue;
      throw error;
    }
  }
}

/** The row and categories of a new submission, written on `client` inside the caller's transaction. */
export async function insertSubmission(input: PublishInput, author: Pick<SessionUser, 'id' | 'role'>, site: Site, client: Queryable): Promise<SavedTool> {
  const content = sanitizeRichText(input.content);
  const categories = await chosenCategories(input.categoryIds, client);
  const slug = await uniqueSlug(input.title, null, client);
  const columns = {
    ...toolColumns({ input, slug, content, categories, site, mode: 'publish', actor: author }),
    user_id: author.id,
    status: 'pending',
    image_source: input.imageUrl ? 'author' : 'none',
    logo_source: input.logoUrl ? 'author' : 'none',
  };
  const names = Object.keys(columns);
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO posts (${names.join(', ')}) VALUES (${names.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
    Object.values(columns),
  );
  const id = rows[0]!.id;
  await replaceCategories(id, categories, client);
  return { id, slug, status: 'pending' as const, categoryCount: categories.length };
}

interface StoredTool {
  id: string;
  user_id: string | null;
  status: ToolStatus;
  slug: string;
  title: string;
  description: string;
  url: string | null;
  pricing: PublishInput['pricing'];
  image_url: string | null;
  logo_url: string | null;
  content: string;
  meta_title: string | null;
  meta_description: string | null;
  keywords: string[] | null;
  author: string | null;
  use_cases: string[] | null;
  is_popular: boolean;
  is_featured: boolean;
  review_note: string | null;
  version: string;
  category_ids: string[];
  facts: ToolFacts;
}

const STORED_TOOL_SQL = `
  SELECT p.id, p.user_id, p.status, p.slug, p.title, p.description, p.url, p.pricing, p.image_url, p.logo_url, p.content,
         p.meta_title, p.meta_description, p.keywords, p.author, p.use_cases, p.is_popular, p.is_featured, p.review_note,
         to_json(p.updated_at) #>> '{}' AS version, ${toolFactsJson('p')} AS facts,
         coalesce((SELECT array_agg(pc.category_id ORDER BY pc.category_id = p.category_id DESC, pc.position)
                   FROM post_categories pc WHERE pc.post_id = p.id), '{}') AS category_ids
  FROM posts p WHERE p.id = $1`;

export type EditAccess = 'admin' | 'author';

/**
 * Who may edit a post: an admin any post ('update:post:any'); its author while it is
 * pending or rejected ('update:post:own', it goes back to review). Another user's post is 'missing' (404, as if
 * it did not exist); the author's own published post is 'forbidden'.
 */
export function editAccess(tool: Pick<StoredTool, 'user_id' | 'status'>, actor: Pick<SessionUser, 'id' | 'role'>): EditAccess | 'missing' | 'forbidden' {
  if (can(actor.role, 'update:post:any')) return 'admin';
  if (tool.user_id !== actor.id || !can(actor.role, 'update:post:own')) return 'missing';
  return tool.status === 'published' ? 'forbidden' : 'author';
}

function uuidOrNull(id: string): string | null {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
}

/** The post as the editor loads it, with its categories, or why the actor may not. */
export async function loadEditableTool(
  id: string,
  actor: Pick<SessionUser, 'id' | 'role'>,
  db: Queryable = getPool(),
): Promise<{ post: EditableTool; access: EditAccess } | 'missing' | 'forbidden'> {
  const toolId = uuidOrNull(id);
  if (!toolId) return 'missing';
  const { rows } = await db.query<StoredTool>(STORED_TOOL_SQL, [toolId]);
  const row = rows[0];
  if (!row) return 'missing';
  const access = editAccess(row, actor);
  if (access === 'missing' || access === 'forbidden') return access;
  return {
    access,
    post: {
      id: row.id,
      slug: row.slug,
      status: row.status,
      title: row.title,
      description: row.description,
      url: row.url ?? '',
      pricing: row.pricing,
      categoryIds: row.category_ids,
      imageUrl: row.image_url ?? '',
      logoUrl: row.logo_url ?? '',
      imagePreview: publicImageUrl(row.image_url, CARD_IMAGE_WIDTH),
      logoPreview: publicImageUrl(row.logo_url, LOGO_WIDTH),
      content: row.content,
      metaTitle: row.meta_title ?? '',
      metaDescription: row.meta_description ?? '',
      keywords: row.keywords ?? [],
      author: row.author ?? '',
      useCases: row.use_cases ?? [],
      facts: editableFacts(row.facts),
      factsCheckedAt: row.facts.checkedAt,
      isPopular: row.is_popular,
      isFeatured: row.is_featured,
      reviewNote: row.review_note ?? '',
      version: row.version,
    },
  };
}

/** The facts a form edits: all but who checked them and when. */
function editableFacts({ checkedAt: _checkedAt, checkedBy: _checkedBy, ...facts }: ToolFacts): ToolFactsInput {
  return facts;
}

export interface EditOutcome extends SavedTool {
  title: string;
  previousStatus: ToolStatus;
  previousSlug: string;
  authorId: string | null;
  reviewNote: string | null;
  /** Whether visitors see a difference (the page was or now is published): the static site must catch up. */
  publicChange: boolean;
}

/** Fields whose change an audit entry records, by their form names. */
const AUDITED: Record<string, keyof StoredTool> = {
  title: 'title',
  slug: 'slug',
  description: 'description',
  url: 'url',
  pricing: 'pricing',
  imageUrl: 'image_url',
  logoUrl: 'logo_url',
  metaTitle: 'meta_title',
  metaDescription: 'meta_description',
  keywords: 'keywords',
  author: 'author',
  useCases: 'use_cases',
  status: 'status',
  isPopular: 'is_popular',
  isFeatured: 'is_featured',
  reviewNote: 'review_note',
  categoryIds: 'category_ids',
  facts: 'facts',
};

/**
 * Saves an edit in one transaction: the row locked, the version the editor loaded checked,
 * categories replaced, the admin's flags and status applied (an author's edit goes back to pending), a renamed
 * published page redirected 301 from its old address (the posts_follow_slug trigger writes that redirect and
 * repoints older ones, so no visitor follows a chain), and the admin's change written to the audit log.
 */
export async function saveEdit(id: string, input: EditInput, actor: SessionUser, site: Site, pool: pg.Pool = getPool()): Promise<EditOutcome> {
  const toolId = uuidOrNull(id);
  if (!toolId) throw new AppError('edit_not_found');
  const content = sanitizeRichText(input.content);
  return inTransaction(async (client) => {
    const { rows } = await client.query<StoredTool>(`${STORED_TOOL_SQL} FOR UPDATE OF p`, [toolId]);
    const before = rows[0];
    if (!before) throw new AppError('edit_not_found');
    const access = editAccess(before, actor);
    if (access === 'missing') throw new AppError('edit_not_found');
    if (access === 'forbidden') throw new AppError('edit_forbidden');
    if (access === 'author' && adminFieldsSent(input)) throw new AppError('edit_forbidden');
    const { rows: current } = await client.query<{ same: boolean }>('SELECT updated_at = $2::timestamptz AS same FROM posts WHERE id = $1', [
      toolId,
      input.version,
    ]);
    if (!current[0]?.same) throw new AppError('edit_conflict');

    const categories = await chosenCategories(input.categoryIds, client);
    let slug = before.slug;
    if (access === 'admin' && input.slug && input.slug !== before.slug) {
      if (await slugTaken(input.slug, toolId, client)) {
        // Renaming a page back to an address it had before: that redirect pointed here and goes away.
        const { rowCount } = await client.query('DELETE FROM redirects WHERE from_path = $1 AND to_path = $2', [`/${input.slug}`, `/${before.slug}`]);
        if (!rowCount || (await slugTaken(input.slug, toolId, client)))
          throw new AppError('slug_taken', { fields: { slug: 'Esa dirección ya la usa otra página.' } });
      }
      slug = input.slug;
    } else if (access === 'author' && input.title !== before.title) {
      // A submission not yet public follows its title; nobody outside has its address.
      slug = await uniqueSlug(input.title, toolId, client);
    }

    const status: ToolStatus = access === 'admin' ? (input.status ?? before.status) : 'pending';
    // The note to the author goes with a rejection or a withdrawal; an author's new version clears it (it answered the note).
    const reviewNote = access === 'admin' ? input.reviewNote || (status === 'rejected' || status === 'withdrawn' ? before.review_note : null) || null : null;
    const columns: Record<string, unknown> = {
      ...toolColumns({ input, slug, content, categories, site, mode: 'edit', actor }),
      status,
      review_note: reviewNote,
    };
    // A changed article is someone's own writing, no longer the seed's template; a page merely re-saved by the
    // editor (its HTML normalised) stays thin anyway while its text is short (src/lib/thin-article.ts).
    if (content !== before.content) columns.article_is_template = false;
    if (access === 'admin') {
      columns.is_popular = input.isPopular ?? before.is_popular;
      columns.is_featured = input.isFeatured ?? before.is_featured;
      if (input.imageUrl !== (before.image_url ?? '')) columns.image_source = input.imageUrl ? 'admin' : 'none';
      if (input.logoUrl !== (before.logo_url ?? '')) columns.logo_source = input.logoUrl ? 'admin' : 'none';
    } else {
      if (input.imageUrl !== (before.image_url ?? '')) columns.image_source = input.imageUrl ? 'author' : 'none';
      if (input.logoUrl !== (before.logo_url ?? '')) columns.logo_source = input.logoUrl ? 'author' : 'none';
    }
    const names = Object.keys(columns);
    const assignments = names.map((name, index) => `${name} = $${index + 2}`);
    const reviewed = status !== before.status && access === 'admin' ? ', reviewed_at = now(), reviewed_by = $' + (names.length + 2) : '';
    const published = status === 'published' ? ', published_date = coalesce(published_date, now())' : '';
    await client.query(
      `UPDATE posts SET ${assignments.join(', ')}, updated_at = now()${reviewed}${published} WHERE id = $1`,
      reviewed ? [toolId, ...Object.values(columns), actor.id] : [toolId, ...Object.values(columns)],
    );
    await replaceCategories(toolId, categories, client);

    if (access === 'admin') {
      const after: StoredTool = {
        ...before,
        ...{ title: input.title, slug, description: input.description, url: input.url || null, pricing: input.pricing },
        image_url: input.imageUrl || null,
        logo_url: input.logoUrl || null,
        meta_title: columns.meta_title as string,
        meta_description: columns.meta_description as string,
        keywords: columns.keywords as string[] | null,
        author: columns.author as string | null,
        use_cases: columns.use_cases as string[],
        status,
        is_popular: columns.is_popular as boolean,
        is_featured: columns.is_featured as boolean,
        review_note: reviewNote,
        category_ids: categories.map((category) => category.id),
        facts: input.facts ? { ...before.facts, ...input.facts } : before.facts,
      };
      // The facts are recorded without the check's stamp: every admin save renews it.
      const audited = (tool: StoredTool, column: keyof StoredTool) => (column === 'facts' ? editableFacts(tool.facts) : tool[column]);
      const changed = Object.entries(AUDITED).filter(([, column]) => JSON.stringify(audited(before, column)) !== JSON.stringify(audited(after, column)));
      await recordAdminAction(
        { id: actor.id, name: actor.name },
        {
          action: 'post.edit',
          targetType: 'post',
          targetId: toolId,
          summary: status !== before.status ? `Editó «${input.title}» (${before.status} → ${status})` : `Editó «${input.title}»`,
          before: Object.fromEntries(changed.map(([field, column]) => [field, audited(before, column)])),
          after: Object.fromEntries(changed.map(([field, column]) => [field, audited(after, column)])),
        },
        client,
      );
    }
    return {
      id: toolId,
      slug,
      status,
      title: input.title,
      categoryCount: categories.length,
      previousStatus: before.status,
      previousSlug: before.slug,
      authorId: before.user_id,
      reviewNote,
      publicChange: before.status === 'published' || status === 'published',
    };
  }, pool);
}

/** Whether an author's request carries any of the admin's fields (flags, status, slug, note). */
function adminFieldsSent(input: EditInput): boolean {
  return (
    input.slug !== undefined || input.status !== undefined || input.isPopular !== undefined || input.isFeatured !== undefined || input.reviewNote !== undefined
  );
}
