/**
 * What every admin query and mutation starts with: the actor's permission, checked by the function itself and
 * not only by the page or the endpoint (a new caller cannot forget it). Plus the layout's counts.
 */
import { can, type Permission } from '../../lib/permissions.ts';
import type { SessionUser } from '../auth/auth.ts';
import { getPool } from '../db/client.ts';
import { AppError } from '../http/errors.ts';

/** Who acts: the session's user (the audit log records their id and name). */
export type AdminActor = Pick<SessionUser, 'id' | 'name' | 'role'>;

export interface AdminNavCounts {
  pending: number;
  published: number;
  users: number;
  /** Open problem reports («Informar de un problema»). */
  reports: number;
}

/** Throws the table's 'forbidden' unless the actor may do this; 'not_signed_in' without an actor. */
export function assertAllowed(actor: Pick<SessionUser, 'role'> | null | undefined, permission: Permission): asserts actor is AdminActor {
  if (!actor) throw new AppError('not_signed_in');
  if (!can(actor.role, permission)) throw new AppError('forbidden');
}

/** Throws the table's 'forbidden' unless the actor is an admin; every admin read starts with it. */
export function assertAdmin(actor: Pick<SessionUser, 'role'> | null): void {
  if (!actor || !can(actor.role, 'read:post:any')) throw new AppError('forbidden');
}

export async function adminNavCounts(actor: Pick<SessionUser, 'role'> | null): Promise<AdminNavCounts> {
  assertAdmin(actor);
  const { rows } = await getPool().query<AdminNavCounts>(`
    SELECT (SELECT count(*)::int FROM posts WHERE status = 'pending') AS pending,
           (SELECT count(*)::int FROM posts WHERE status = 'published') AS published,
           (SELECT count(*)::int FROM profiles) AS users,
           (SELECT count(*)::int FROM tool_reports WHERE status = 'open') AS reports`);
  return rows[0]!;
}

/** Page sizes of the panel's lists. */
export const ADMIN_PAGE_SIZE = 25;

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
}

export function paged<T>(items: T[], total: number, page: number): Paged<T> {
  return { items, total, page, pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)) };
}

/** LIKE pattern for a visitor's text, with %, _ and \ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
