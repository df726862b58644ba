/** Every SQL statement of «Redactar con IA»: the tool a draft is for, the drafts themselves and their queue. */
import { getPool } from '../../server/db/client.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import type { ToolFacts, ToolFactsInput } from '../../lib/tool-facts.ts';

/** What a draft is written from and compared with. */
export interface DraftSubjectRow {
  id: string;
  title: string;
  slug: string;
  status: 'pending' | 'published' | 'rejected' | 'withdrawn';
  url: string | null;
  description: string;
  content: string;
  category: string | null;
  facts: ToolFacts;
}

const SUBJECT_SQL = `
  SELECT p.id, p.title, p.slug, p.status, p.url, p.description, p.content, c.name AS category,
         json_build_object(
           'spanishInterface', p.spanish_interface, 'spanishOutput', p.spanish_output, 'spanishVoice', p.spanish_voice,
           'freePlan', p.free_plan,
           'priceFrom', CASE WHEN p.price_from_amount IS NULL THEN NULL ELSE json_build_object(
             'amount', p.price_from_amount, 'currency', p.price_from_currency, 'period', p.price_from_period) END,
           'platforms', p.platforms, 'openSource', p.open_source, 'license', p.license, 'company', p.company,
           'country', p.company_country, 'launchYear', p.launch_year, 'signupRequired', p.signup_required,
           'checkedAt', p.facts_checked_at, 'checkedBy', p.facts_checked_by) AS facts
  FROM posts p LEFT JOIN categories c ON c.id = p.category_id
  WHERE p.id = $1`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tool, locked when `forUpdate` (an acceptance writes to it); null for an unknown id. */
export async function loadDraftSubject(toolId: string, db: Queryable = getPool(), forUpdate = false): Promise<DraftSubjectRow | null> {
  if (!UUID.test(toolId)) return null;
  const { rows } = await db.query<DraftSubjectRow>(`${SUBJECT_SQL}${forUpdate ? ' FOR UPDATE OF p' : ''}`, [toolId]);
  return rows[0] ?? null;
}

export interface DraftRow {
  id: string;
  toolId: string;
  status: 'queued' | 'running' | 'pending' | 'accepted' | 'discarded' | 'failed';
  articleHtml: string | null;
  facts: ToolFactsInput | null;
  sourceUrl: string;
  model: string | null;
  error: string | null;
  createdBy: string | null;
  createdAt: Date;
}

const DRAFT_COLUMNS = `id, post_id AS "toolId", status, article_html AS "articleHtml", facts, source_url AS "sourceUrl", model, error,
  created_by AS "createdBy", created_at AS "createdAt"`;

export async function loadDraft(id: string, db: Queryable = getPool(), forUpdate = false): Promise<DraftRow | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<DraftRow>(`SELECT ${DRAFT_COLUMNS} FROM article_drafts WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

/** The tool's draft still open (queued, running, waiting for review), or else its last failed one. */
export async function latestOpenDraft(toolId: string, db: Queryable = getPool()): Promise<DraftRow | null> {
  const { rows } = await db.query<DraftRow>(
    `SELECT ${DRAFT_COLUMNS} FROM article_drafts WHERE post_id = $1 AND status IN ('queued', 'running', 'pending', 'failed')
     ORDER BY (status <> 'failed') DESC, created_at DESC LIMIT 1`,
    [toolId],
  );
  return rows[0] ?? null;
}

export interface NewDraft {
  toolId: string;
  articleHtml: string;
  facts: ToolFactsInput;
  sourceUrl: string;
  model: string;
  createdBy: string;
}

/** A draft waiting for review; the tool's older waiting draft, if any, is set aside (discarded) first. */
export async function insertPendingDraft(draft: NewDraft, db: Queryable): Promise<DraftRow> {
  await db.query(
    `UPDATE article_drafts SET status = 'discarded', reviewed_by = $2, reviewed_at = now() WHERE post_id = $1 AND status IN ('pending', 'failed')`,
    [draft.toolId, draft.createdBy],
  );
  const { rows } = await db.query<DraftRow>(
    `INSERT INTO article_drafts (post_id, status, article_html, facts, source_url, model, created_by)
     VALUES ($1, 'pending', $2, $3, $4, $5, $6) RETURNING ${DRAFT_COLUMNS}`,
    [draft.toolId, draft.articleHtml, JSON.stringify(draft.facts), draft.sourceUrl, draft.model, draft.createdBy],
  );
  return rows[0]!;
}

/** Whether the tool has a draft queued or being written (a new one would race it). */
export async function hasQueuedDraft(toolId: string, db: Queryable = getPool()): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM article_drafts WHERE post_id = $1 AND status IN ('queued', 'running')`, [toolId]);
  return (rowCount ?? 0) > 0;
}

/** Marks a reviewed draft; false when it was no longer waiting for review. */
export async function closeDraft(
  id: string,
  status: 'accepted' | 'discarded',
  reviewerId: string,
  articleHtml: string | null,
  db: Queryable,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE article_drafts SET status = $2, reviewed_by = $3, reviewed_at = now(), article_html = coalesce($4, article_html)
     WHERE id = $1 AND status IN ('pending', 'failed')`,
    [id, status, reviewerId, articleHtml],
  );
  return (rowCount ?? 0) > 0;
}

/** Queues drafts for the tools that have a site and no open draft; answers how many were queued. */
export async function queueDrafts(toolIds: string[], createdBy: string, db: Queryable = getPool()): Promise<{ queued: string[] }> {
  const { rows } = await db.query<{ toolId: string }>(
    `INSERT INTO article_drafts (post_id, status, source_url, created_by)
     SELECT p.id, 'queued', p.url, $2 FROM posts p
     WHERE p.id = ANY($1::uuid[]) AND p.url IS NOT NULL AND p.url <> ''
       AND NOT EXISTS (SELECT 1 FROM article_drafts d WHERE d.post_id = p.id AND d.status IN ('queued', 'running'))
     ON CONFLICT DO NOTHING
     RETURNING post_id AS "toolId"`,
    [toolIds, createdBy],
  );
  return { queued: rows.map((row) => row.toolId) };
}

/** A worker left a row running this long ago: its process died, so another takes it. */
const STALE_CLAIM = '10 minutes';

/**
 * Takes the oldest queued draft for this worker (SKIP LOCKED: several servers share the queue without taking the
 * same row twice). A tool with a draft waiting for review gets its new one only when the old one is set aside.
 */
export async function claimQueuedDraft(db: Queryable = getPool()): Promise<DraftRow | null> {
  const { rows } = await db.query<DraftRow>(
    `UPDATE article_drafts SET status = 'running', claimed_at = now()
     WHERE id = (
       SELECT id FROM article_drafts
       WHERE status = 'queued' OR (status = 'running' AND claimed_at < now() - interval '${STALE_CLAIM}')
       ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING ${DRAFT_COLUMNS}`,
  );
  return rows[0] ?? null;
}

/** A queued draft the model wrote: waiting for review, in place of the tool's older waiting one. */
export async function completeQueuedDraft(
  id: string,
  toolId: string,
  written: { articleHtml: string; facts: ToolFactsInput; model: string },
  db: Queryable,
): Promise<void> {
  await db.query(`UPDATE article_drafts SET status = 'discarded', reviewed_at = now() WHERE post_id = $1 AND status IN ('pending', 'failed')`, [toolId]);
  await db.query(`UPDATE article_drafts SET status = 'pending', article_html = $2, facts = $3, model = $4, error = NULL WHERE id = $1`, [
    id,
    written.articleHtml,
    JSON.stringify(written.facts),
    written.model,
  ]);
}

export async function failQueuedDraft(id: string, message: string, db: Queryable = getPool()): Promise<void> {
  await db.query(`UPDATE article_drafts SET status = 'failed', error = $2 WHERE id = $1`, [id, message]);
}

export interface DraftBadge {
  id: string;
  status: 'queued' | 'running' | 'pending' | 'failed';
  error: string | null;
}

/** Each listed tool's open draft (or last failure), for the Publicados list. */
export async function draftBadges(toolIds: string[], db: Queryable = getPool()): Promise<Map<string, DraftBadge>> {
  if (toolIds.length === 0) return new Map();
  const { rows } = await db.query<DraftBadge & { toolId: string }>(
    `SELECT DISTINCT ON (post_id) post_id AS "toolId", id, status, error FROM article_drafts
     WHERE post_id = ANY($1::uuid[]) AND status IN ('queued', 'running', 'pending', 'failed')
     ORDER BY post_id, (status <> 'failed') DESC, created_at DESC`,
    [toolIds],
  );
  return new Map(rows.map(({ toolId, ...badge }) => [toolId, badge]));
}

/** Writes an accepted draft's article and facts to the tool, stamped as checked by the admin who accepted it. */
export async function writeAcceptedDraft(toolId: string, content: string, facts: ToolFactsInput, checkerId: string, db: Queryable): Promise<void> {
  await db.query(
    `UPDATE posts SET content = $2, article_is_template = false,
       spanish_interface = $3, spanish_output = $4, spanish_voice = $5, free_plan = $6,
       price_from_amount = $7, price_from_currency = $8, price_from_period = $9, platforms = $10, open_source = $11,
       license = $12, company = $13, company_country = $14, launch_year = $15, signup_required = $16,
       facts_checked_at = now(), facts_checked_by = $17, updated_at = now()
     WHERE id = $1`,
    [
      toolId,
      content,
      facts.spanishInterface,
      facts.spanishOutput,
      facts.spanishVoice,
      facts.freePlan,
      facts.priceFrom?.amount ?? null,
      facts.priceFrom?.currency ?? null,
      facts.priceFrom?.period ?? null,
      facts.platforms,
      facts.openSource,
      facts.license,
      facts.company,
      facts.country,
      facts.launchYear,
      facts.signupRequired,
      checkerId,
    ],
  );
}

/** The name of an account, or undefined once it has been deleted. */
export async function profileName(userId: string, db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM profiles WHERE id = $1', [userId]);
  return rows[0]?.name;
}
