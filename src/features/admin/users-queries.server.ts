/** The statements behind /admin/usuarios (users.server.ts holds the permission checks, the rules and the endpoints). */
import { ADMIN_PAGE_SIZE, likePattern } from '../../server/admin/admin-queries.ts';
import type { Queryable } from '../../server/db/queryable.ts';

/** An account as the admin panel shows it (the users page, the overview's latest sign-ups). */
export interface AdminAccount {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  isActive: boolean;
  emailVerified: boolean;
  createdAt: Date;
}

export interface AdminUserRow extends AdminAccount {
  posts: number;
  saves: number;
  images: number;
  sessions: number;
}

/** One page of accounts, newest first, matching a name or e-mail, a role and a state; with how many match in all. */
export async function readUsersPage(
  filters: { q?: string | undefined; rol?: 'user' | 'admin' | undefined; estado?: 'activas' | 'desactivadas' | undefined; pagina: number },
  db: Queryable,
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  if (filters.q) {
    values.push(likePattern(filters.q));
    // Accent- and case-insensitive, like the site's search: "maria" finds "María".
    conditions.push(`(extensions.unaccent(lower(u.name)) LIKE extensions.unaccent(lower($${values.length})) OR lower(u.email) LIKE lower($${values.length}))`);
  }
  if (filters.rol) {
    values.push(filters.rol);
    conditions.push(`u.role = $${values.length}`);
  }
  if (filters.estado) conditions.push(filters.estado === 'activas' ? 'u.is_active' : 'NOT u.is_active');
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const offset = (filters.pagina - 1) * ADMIN_PAGE_SIZE;
  const [{ rows }, count] = await Promise.all([
    db.query<AdminUserRow>(
      `SELECT u.id, u.name, u.email, u.role, u.is_active AS "isActive", u.email_verified AS "emailVerified", u.created_at AS "createdAt",
              (SELECT count(*)::int FROM posts p WHERE p.user_id = u.id) AS posts,
              (SELECT count(*)::int FROM saved_posts s WHERE s.user_id = u.id) AS saves,
              (SELECT count(*)::int FROM image_generation_history i WHERE i.user_id = u.id) AS images,
              (SELECT count(*)::int FROM sessions s WHERE s.user_id = u.id AND s.expires_at > now()) AS sessions
       FROM profiles u ${where} ORDER BY u.created_at DESC, u.id LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
      values,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM profiles u ${where}`, values),
  ]);
  return { rows, total: count.rows[0]!.total };
}

export interface TargetUser {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  is_active: boolean;
}

/** Locks every active admin in id order; answers how many there are. */
export async function lockActiveAdmins(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: string }>("SELECT id FROM profiles WHERE role = 'admin' AND is_active ORDER BY id FOR UPDATE");
  return rows.length;
}

export async function lockUser(userId: string, db: Queryable): Promise<TargetUser | undefined> {
  const { rows } = await db.query<TargetUser>('SELECT id, name, email, role, is_active FROM profiles WHERE id = $1 FOR UPDATE', [userId]);
  return rows[0];
}

export async function updateUserRole(userId: string, role: 'user' | 'admin', db: Queryable): Promise<void> {
  await db.query('UPDATE profiles SET role = $2, updated_at = now() WHERE id = $1', [userId, role]);
}

export async function updateUserActive(userId: string, active: boolean, db: Queryable): Promise<void> {
  await db.query('UPDATE profiles SET is_active = $2, updated_at = now() WHERE id = $1', [userId, active]);
}

/** Ends every session of the account; answers how many there were. */
export async function deleteUserSessions(userId: string, db: Queryable): Promise<number> {
  return (await db.query('DELETE FROM sessions WHERE user_id = $1', [userId])).rowCount ?? 0;
}
