import type { Queryable } from '../db/queryable.ts';

/** Serializes every writer of the table inside its transaction, so two admins cannot build a chain between them. */
export async function lockRedirects(db: Queryable): Promise<void> {
  await db.query('LOCK TABLE redirects IN SHARE ROW EXCLUSIVE MODE');
}
