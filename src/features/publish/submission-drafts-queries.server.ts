/**
 * The SQL of publish-form drafts. Every statement filters by the owner: someone else's draft id reads
 * as missing, never as "not yours", so ids cannot be probed.
 */
import { getPool } from '../../server/db/client.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import { CARD_IMAGE_WIDTH, LOGO_WIDTH, publicImageUrl } from '../../server/storage/references.ts';
import type { SubmissionDraft, SubmissionDraftSummary, SubmissionDraftValues } from './submission-draft.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` could name a draft at all (anything else is simply not found). */
export const isDraftId = (id: string) => UUID.test(id);

/** How many drafts one account keeps at most: enough for anyone writing, not a free storage bucket. */
export const MAX_DRAFTS_PER_USER = 50;

/** Inserts a draft unless the owner already has MAX_DRAFTS_PER_USER; null when full. */
export async function insertDraft(userId: string, values: SubmissionDraftValues, db: Queryable = getPool()) {
  const { rows } = await db.query<{ id: string; updated_at: Date }>(
    `INSERT INTO submission_drafts (user_id, values)
     SELECT $1, $2 WHERE (SELECT count(*) FROM submission_drafts WHERE user_id = $1) < $3
     RETURNING id, updated_at`,
    [userId, JSON.stringify(values), MAX_DRAFTS_PER_USER],
  );
  return rows[0] ? { id: rows[0].id, updatedAt: rows[0].updated_at.toISOString() } : null;
}

/** Replaces the owner's draft values; null when there is no such draft of theirs. */
export async function updateDraft(userId: string, id: string, values: SubmissionDraftValues, db: Queryable = getPool()) {
  if (!isDraftId(id)) return null;
  const { rows } = await db.query<{ id: string; updated_at: Date }>(
    'UPDATE submission_drafts SET values = $3, updated_at = now() WHERE id = $2 AND user_id = $1 RETURNING id, updated_at',
    [userId, id, JSON.stringify(values)],
  );
  return rows[0] ? { id: rows[0].id, updatedAt: rows[0].updated_at.toISOString() } : null;
}

/** Deletes the owner's draft; false when there was none of theirs. */
export async function deleteDraft(userId: string, id: string, db: Queryable = getPool()): Promise<boolean> {
  if (!isDraftId(id)) return false;
  const { rowCount } = await db.query('DELETE FROM submission_drafts WHERE id = $2 AND user_id = $1', [userId, id]);
  return (rowCount ?? 0) > 0;
}

/** The owner's draft as the form resumes it, with the browser's addresses of its stored images. */
export async function loadDraft(userId: string, id: string, db: Queryable = getPool()): Promise<SubmissionDraft | null> {
  if (!isDraftId(id)) return null;
  const { rows } = await db.query<{ id: string; values: SubmissionDraftValues; updated_at: Date }>(
    'SELECT id, values, updated_at FROM submission_drafts WHERE id = $2 AND user_id = $1',
    [userId, id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    values: row.values,
    imagePreview: publicImageUrl(row.values.imageUrl || null, CARD_IMAGE_WIDTH),
    logoPreview: publicImageUrl(row.values.logoUrl || null, LOGO_WIDTH),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The owner's drafts, the most recently touched first, for the dashboard. */
export async function listDrafts(userId: string, db: Queryable = getPool()): Promise<SubmissionDraftSummary[]> {
  const { rows } = await db.query<{ id: string; title: string; updated_at: Date }>(
    `SELECT id, coalesce(values->>'title', '') AS title, updated_at FROM submission_drafts WHERE user_id = $1 ORDER BY updated_at DESC, id`,
    [userId],
  );
  return rows.map((row) => ({ id: row.id, title: row.title, updatedAt: row.updated_at.toISOString() }));
}
