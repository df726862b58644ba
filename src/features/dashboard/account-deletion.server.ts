/**
 * "Eliminar mi cuenta": everything private goes, in one transaction, and then the stored files. Published tools
 * stay on the site, credited to the site's editorial name (user_id and author set to null); pending and rejected
 * submissions are private drafts and go with the account. Rows that only counted the user (views, clicks, AI
 * usage) keep their numbers and lose the user id (their foreign keys say ON DELETE SET NULL).
 */
import type pg from 'pg';
import { inTransaction } from '../../server/db/transaction.ts';
import { keyOf, type StorageDriver } from '../../server/storage/driver.ts';

/** The stored files (keys) that belonged to the account, to delete once the rows are gone. */
export type AccountFiles = string[];

function keysOf(references: Array<string | null | undefined>): string[] {
  return references.flatMap((reference) => {
    const key = reference ? keyOf(reference) : null;
    return key ? [key] : [];
  });
}

/**
 * Deletes the user's rows, the profile last (its cascade takes sessions, accounts, saves, images, descriptions and
 * stories). Returns the keys of the files that were theirs. Nothing is deleted when any statement fails.
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
    // Password-reset and account-deletion tokens carry the user id as their value.
    await client.query('DELETE FROM verifications WHERE value = $1', [userId]);
    // Rate-limit counters are keyed '<name>:user:<id>' (and 'inflight:user:<id>').
    await client.query(`DELETE FROM rate_limit_buckets WHERE right(key, length($1) + 6) = ':user:' || $1`, [userId]);
    await client.query('DELETE FROM profiles WHERE id = $1', [userId]);
    return keysOf([...images.rows.map((row) => row.ref), profile.rows[0]?.ref, ...drafts.rows.flatMap((row) => [row.image_url, row.logo_url])]);
  }, pool);
}

/** Removes the account's files; one that fails is logged and the rest still go (the rows are already gone). */
export async function deleteAccountFiles(storage: StorageDriver, keys: AccountFiles): Promise<void> {
  for (const key of new Set(keys)) {
    await storage.delete(key).catch((error: unknown) => console.error(`No se pudo borrar el archivo ${key} de una cuenta eliminada`, error));
  }
}
