/** Reads the admin layout needs. Like every admin query, it checks the actor's role itself, not only the page. */
import { can } from '../../lib/permissions.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { getPool } from '../../server/db/client.ts';
import { AppError } from '../../server/http/errors.ts';

export interface AdminNavCounts {
  pending: number;
  published: number;
  users: number;
}

/** Throws the table's 'forbidden' unless the actor is an admin; every admin query starts with it. */
export function assertAdmin(actor: Pick<SessionUser, 'role'> | null): void {
  if (!actor || !can(actor.role, 'read:post:any')) throw new AppError('forbidden');
}

export async function adminNavCounts(actor: Pick<SessionUser, 'role'> | null): Promise<AdminNavCounts> {
  assertAdmin(actor);
  const { rows } = await getPool().query<AdminNavCounts>(`
    SELECT (SELECT count(*)::int FROM posts WHERE status = 'pending') AS pending,
           (SELECT count(*)::int FROM posts WHERE status = 'published') AS published,
           (SELECT count(*)::int FROM profiles) AS users`);
  return rows[0]!;
}
