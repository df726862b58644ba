/**
 * "Eliminar mi cuenta": everything private goes, in one transaction, and then the stored files nothing else
 * references (file-owners.ts: a file another post or gallery still shows stays, a curated logo always stays). Published tools
 * stay on the site, credited to the site's editorial name (user_id and author set to null); pending and rejected
 * submissions are private drafts and go with the account. Rows that only counted the user (views, clicks, AI
 * usage) keep their numbers and lose the user id (their foreign keys say ON DELETE SET NULL).
 */
import type pg from 'pg';
import { inTransaction } from '../db/transaction.ts';
import { deleteUnreferencedFiles } from '../storage/file-owners.ts';
import type { StorageDriver } from '../storage/driver.ts';

/** The stored references of the account's rows that are gone, whose files may go once nothing else needs them. */
export type AccountFiles = Array<string | null>;

/**
 * Deletes the user's rows, the profile last (its cascade takes sessions, accounts, saves, images, descriptions,
 * stories, reviews, makers' replies, «útil» votes and reports; the reviews triggers take their stars and votes off the counts). Returns the references its deleted rows held. Nothing is deleted when any statement fails.
 */
export async function deleteAccountRows(pool: pg.Pool, userId: string): Promise<AccountFiles> {
  return inTransaction(async (client) => {
    const images = await client.query<{ ref: string }>('SELECT image_url AS ref FROM image_generation_history WHERE user_id = $1', [userId]);
    const profile = await client.query<{ ref: string | null }>('SELECT avatar_url AS ref FROM profiles WHERE id = $1 FOR UPDATE', [userId]);
    const drafts = await client.query<{ image_url: string | null; logo_url: string | null }>(
      `DELETE FROM posts WHERE user_id = $1 AND status <> 'published' RETURNING image_url, logo_url`,
      [userId],
    );
    // The editorial name signs what stays published; this moves the content version, so the pages are rebuilt.
    await client.query('UPDATE posts SET user_id = NULL, author = NULL WHERE user_id = $1', [userId]);
    // Saves leave their tools' counters as if they had been removed one by one.
    await client.query(
      `UPDATE posts SET saved_count = GREATEST(saved_count - 1, 0)
        WHERE id IN (SELECT post_id FROM saved_posts WHERE user_id = $1)`,
      [userId],
    );
    // Their problem reports go (the claims and proposals go with the profile, by cascade).
    await client.query('DELETE FROM tool_reports WHERE user_id = $1', [userId]);
    // Password-reset and account-deletion tokens carry the user id as their value.
    await client.query('DELETE FROM verifications WHERE value = $1', [userId]);
    // Rate-limit counters are keyed '<name>:user:<id>' (and 'inflight:user:<id>').
    await client.query(`DELETE FROM rate_limit_buckets WHERE right(key, length($1) + 6) = ':user:' || $1`, [userId]);
    await client.query('DELETE FROM profiles WHERE id = $1', [userId]);
    return [...images.rows.map((row) => row.ref), profile.rows[0]?.ref ?? null, ...drafts.rows.flatMap((row) => [row.image_url, row.logo_url])];
  }, pool);
}

/** Removes the account's files that nothing references any more, once its rows are gone. */
export async function deleteAccountFiles(pool: pg.Pool, storage: StorageDriver, userId: string, references: AccountFiles): Promise<void> {
  await deleteUnreferencedFiles(references, { storage, db: pool, what: 'cuenta eliminada', actorId: userId });
}
