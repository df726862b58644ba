/**
 * /admin/usuarios: find accounts, change their role, deactivate and reactivate them. A deactivated account's
 * sessions are deleted in the same transaction (its next request is a guest's) and better-auth refuses it a new
 * one with ERROR_TABLE.account_disabled (src/server/auth/auth.ts). The last active admin can neither be demoted
 * nor deactivated, whoever asks and however many ask at once.
 */
import type pg from 'pg';
import { z } from '../../lib/zod.ts';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { getPool } from '../../server/db/client.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { ADMIN_PAGE_SIZE, assertAllowed, likePattern, paged, type AdminActor, type Paged } from '../../server/admin/admin-queries.ts';

export const userFilters = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  rol: z.enum(['user', 'admin']).optional().catch(undefined),
  estado: z.enum(['activas', 'desactivadas']).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});
export type UserFilters = z.output<typeof userFilters>;

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

export async function listUsers(actor: Pick<SessionUser, 'role'> | null, filters: UserFilters): Promise<Paged<AdminUserRow>> {
  assertAllowed(actor, 'manage:user:any');
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
  const pool = getPool();
  const [{ rows }, count] = await Promise.all([
    pool.query<AdminUserRow>(
      `SELECT u.id, u.name, u.email, u.role, u.is_active AS "isActive", u.email_verified AS "emailVerified", u.created_at AS "createdAt",
              (SELECT count(*)::int FROM posts p WHERE p.user_id = u.id) AS posts,
              (SELECT count(*)::int FROM saved_posts s WHERE s.user_id = u.id) AS saves,
              (SELECT count(*)::int FROM image_generation_history i WHERE i.user_id = u.id) AS images,
              (SELECT count(*)::int FROM sessions s WHERE s.user_id = u.id AND s.expires_at > now()) AS sessions
       FROM profiles u ${where} ORDER BY u.created_at DESC, u.id LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
      values,
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM profiles u ${where}`, values),
  ]);
  return paged(rows, count.rows[0]!.total, filters.pagina);
}

interface TargetUser {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  is_active: boolean;
}

/**
 * Locks every active admin, then the target, in one order: two admins demoting each other at the same moment
 * queue here, and the second sees that only one admin is left.
 */
async function lockForChange(db: pg.PoolClient, actor: AdminActor, userId: string): Promise<{ user: TargetUser; activeAdmins: number }> {
  if (userId === actor.id) throw new AppError('own_account');
  const admins = await db.query<{ id: string }>("SELECT id FROM profiles WHERE role = 'admin' AND is_active ORDER BY id FOR UPDATE");
  const { rows } = await db.query<TargetUser>('SELECT id, name, email, role, is_active FROM profiles WHERE id = $1 FOR UPDATE', [userId]);
  if (!rows[0]) throw new AppError('user_not_found');
  return { user: rows[0], activeAdmins: admins.rows.length };
}

const isLastActiveAdmin = (user: TargetUser, activeAdmins: number) => user.role === 'admin' && user.is_active && activeAdmins <= 1;

export async function setUserRole(actor: AdminActor | null, userId: string, role: 'user' | 'admin', pool?: pg.Pool): Promise<AdminUserRow['role']> {
  assertAllowed(actor, 'manage:user:any');
  return inTransaction(async (db) => {
    const { user, activeAdmins } = await lockForChange(db, actor, userId);
    if (user.role === role) return role;
    if (role === 'user' && isLastActiveAdmin(user, activeAdmins)) throw new AppError('last_admin');
    await db.query('UPDATE profiles SET role = $2, updated_at = now() WHERE id = $1', [userId, role]);
    await recordAdminAction(
      actor,
      {
        action: 'user.role',
        targetType: 'user',
        targetId: userId,
        summary: role === 'admin' ? `Hizo administrador a ${user.name} (${user.email})` : `Quitó el rol de administrador a ${user.name} (${user.email})`,
        before: { role: user.role },
        after: { role },
      },
      db,
    );
    return role;
  }, pool);
}

/** Deactivating ends every session of the account at once; reactivating lets it sign in again. */
export async function setUserActive(actor: AdminActor | null, userId: string, active: boolean, pool?: pg.Pool): Promise<{ endedSessions: number }> {
  assertAllowed(actor, 'manage:user:any');
  return inTransaction(async (db) => {
    const { user, activeAdmins } = await lockForChange(db, actor, userId);
    if (user.is_active === active) return { endedSessions: 0 };
    if (!active && isLastActiveAdmin(user, activeAdmins)) throw new AppError('last_admin');
    await db.query('UPDATE profiles SET is_active = $2, updated_at = now() WHERE id = $1', [userId, active]);
    const ended = active ? 0 : ((await db.query('DELETE FROM sessions WHERE user_id = $1', [userId])).rowCount ?? 0);
    await recordAdminAction(
      actor,
      {
        action: active ? 'user.reactivate' : 'user.deactivate',
        targetType: 'user',
        targetId: userId,
        summary: active
          ? `Reactivó la cuenta de ${user.name} (${user.email})`
          : `Desactivó la cuenta de ${user.name} (${user.email}) y cerró ${ended} sesiones`,
        before: { isActive: user.is_active },
        after: { isActive: active },
      },
      db,
    );
    return { endedSessions: ended };
  }, pool);
}

const userParams = z.object({ id: z.string().min(1).max(100) });
const ADMIN_LIMITS = { name: 'admin-users', user: { window: 60, max: 60 } };

/** POST /api/admin/users/{id}/role { role } */
export const userRoleEndpoint = endpoint({
  access: 'manage:user:any',
  params: userParams,
  body: { json: z.object({ role: z.enum(['user', 'admin'], { error: 'Elige un rol: usuario o administrador.' }) }) },
  limits: ADMIN_LIMITS,
  handle: async ({ user, params, body }) => ({ role: await setUserRole(user, params.id, body.role) }),
});

/** POST /api/admin/users/{id}/active { active } */
export const userActiveEndpoint = endpoint({
  access: 'manage:user:any',
  params: userParams,
  body: { json: z.object({ active: z.boolean({ error: 'Indica si la cuenta queda activa.' }) }) },
  limits: ADMIN_LIMITS,
  handle: async ({ user, params, body }) => setUserActive(user, params.id, body.active),
});
