/**
 * A user's saved tools. Each change and its `posts.saved_count` move happen in one
 * SQL statement: the unique (user_id, post_id) index decides which of several concurrent saves inserts,
 * and only a row actually inserted or deleted moves the counter. saved_count is not among the columns
 * that bump content_version_seq, so a save never schedules a site rebuild.
 */
import { sql } from 'drizzle-orm';
import { getDb } from '../../server/db/client.ts';

/** 'missing' covers a tool that does not exist and one that is not published. */
export type SaveOutcome = 'saved' | 'already-saved' | 'missing';
export type UnsaveOutcome = 'removed' | 'not-saved' | 'missing';

/** Ids of the tools the user has saved, newest save first. */
export async function listSavedToolIds(userId: string): Promise<string[]> {
  const { rows } = await getDb().execute<{ post_id: string }>(sql`SELECT post_id FROM saved_posts WHERE user_id = ${userId} ORDER BY created_at DESC, post_id`);
  return rows.map((row) => row.post_id);
}

export async function saveTool(userId: string, toolId: string): Promise<SaveOutcome> {
  const { rows } = await getDb().execute<{ found: boolean; inserted: boolean }>(sql`
    WITH tool AS (
      SELECT id FROM posts WHERE id = ${toolId} AND status = 'published'
    ), inserted AS (
      INSERT INTO saved_posts (user_id, post_id)
      SELECT ${userId}, id FROM tool
      ON CONFLICT (user_id, post_id) DO NOTHING
      RETURNING post_id
    ), counted AS (
      UPDATE posts SET saved_count = saved_count + 1
      WHERE id IN (SELECT post_id FROM inserted)
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM tool) AS found, EXISTS (SELECT 1 FROM counted) AS inserted`);
  const row = rows[0]!;
  if (!row.found) return 'missing';
  return row.inserted ? 'saved' : 'already-saved';
}

/**
 * Removes the save. A row that exists is always removed, even once its tool is unpublished, so nobody is
 * left with a save they cannot undo; with no row, a tool that is not published is reported as missing.
 */
export async function unsaveTool(userId: string, toolId: string): Promise<UnsaveOutcome> {
  const { rows } = await getDb().execute<{ found: boolean; removed: boolean }>(sql`
    WITH removed AS (
      DELETE FROM saved_posts WHERE user_id = ${userId} AND post_id = ${toolId}
      RETURNING post_id
    ), counted AS (
      UPDATE posts SET saved_count = GREATEST(saved_count - 1, 0)
      WHERE id IN (SELECT post_id FROM removed)
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM posts WHERE id = ${toolId} AND status = 'published') AS found,
           EXISTS (SELECT 1 FROM counted) AS removed`);
  const row = rows[0]!;
  if (row.removed) return 'removed';
  return row.found ? 'not-saved' : 'missing';
}
