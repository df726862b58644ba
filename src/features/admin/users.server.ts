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
import {
  deleteUserSessions,
  lockActiveAdmins,
  lockUser,
  readUsersPage,
  updateUserActive,
  updateUserRole,
  type AdminUserRow,
  type TargetUser,
} from './users-queries.server.ts';
import { assertAllowed, paged, type AdminActor, type Paged } from '../../server/admin/admin-queries.ts';

export const userFilters = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  rol: z.enum(['user', 'admin']).optional().catch(undefined),
  estado: z.enum(['activas', 'desactivadas']).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});
export type UserFilters = z.output<typeof userFilters>;

export async function listUsers(actor: Pick<SessionUser, 'role'> | null, filters: UserFilters): Promise<Paged<AdminUserRow>> {
  assertAllowed(actor, 'manage:user:any');
  const { rows, total } = await readUsersPage(filters, getPool());
  return paged(rows, total, filters.pagina);
}

/**
 * Locks every active admin, then the target, in one order: two admins demoting each other at the same moment
 * queue here, and the second sees that only one admin is left.
 */
async function lockForChange(db: pg.PoolClient, actor: AdminActor, userId: string): Promise<{ user: TargetUser; activeAdmins: number }> {
  if (userId === actor.id) throw new AppError('own_account');
  const activeAdmins = await lockActiveAdmins(db);
  const user = await lockUser(userId, db);
  if (!user) throw new AppError('user_not_found');
  return { user, activeAdmins };
}

const isLastActiveAdmin = (user: TargetUser, activeAdmins: number) => user.role === 'admin' && user.is_active && activeAdmins <= 1;

export async function setUserRole(actor: AdminActor | null, userId: string, role: 'user' | 'admin', pool?: pg.Pool): Promise<AdminUserRow['role']> {
  assertAllowed(actor, 'manage:user:any');
  return inTransaction(async (db) => {
    const { user, activeAdmins } = await lockForChange(db, actor, userId);
    if (user.role === role) return role;
    if (role === 'user' && isLastActiveAdmin(user, activeAdmins)) throw new AppError('last_admin');
    await updateUserRole(userId, role, db);
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
    await updateUserActive(userId, active, db);
    const ended = active ? 0 : await deleteUserSessions(userId, db);
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
