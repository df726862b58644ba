/**
 * /admin/redirecciones: list, create, edit and delete redirects. The server applies the table to every path,
 * static or on demand (src/server/http/redirects.ts); here we keep it sound: no loops, no chains longer than
 * one hop, never over a published tool's own address, never over the site's own routes.
 */
import type pg from 'pg';
import { z } from '../../lib/zod.ts';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { getPool } from '../../server/db/client.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { lockRedirects } from '../../server/admin/redirect-lock.ts';
import { serverEnv, trustedOrigins } from '../../server/env.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { ADMIN_PAGE_SIZE, assertAllowed, likePattern, paged, type AdminActor, type Paged } from '../../server/admin/admin-queries.ts';
import { localPathOf, normalizePath, redirectInput, type RedirectInput, type RedirectStatus } from './redirect-rules.ts';

export interface RedirectView {
  id: string;
  fromPath: string;
  toPath: string | null;
  statusCode: RedirectStatus;
  updatedAt: Date;
}

export const redirectFilters = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});

export async function listRedirects(actor: Pick<SessionUser, 'role'> | null, filters: z.output<typeof redirectFilters>): Promise<Paged<RedirectView>> {
  assertAllowed(actor, 'manage:redirect:any');
  const values: unknown[] = [];
  let where = '';
  if (filters.q) {
    values.push(likePattern(filters.q));
    where = 'WHERE from_path ILIKE $1 OR to_path ILIKE $1';
  }
  const offset = (filters.pagina - 1) * ADMIN_PAGE_SIZE;
  const [{ rows }, count] = await Promise.all([
    getPool().query<RedirectView>(
      `SELECT id, from_path AS "fromPath", to_path AS "toPath", status_code AS "statusCode", updated_at AS "updatedAt"
       FROM redirects ${where} ORDER BY updated_at DESC, from_path LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
      values,
    ),
    getPool().query<{ total: number }>(`SELECT count(*)::int AS total FROM redirects ${where}`, values),
  ]);
  return paged(rows, count.rows[0]!.total, filters.pagina);
}

function conflict(field: 'fromPath' | 'toPath', message: string): AppError {
  return new AppError('redirect_conflict', { message, fields: { [field]: message } });
}

/**
 * Refuses what would break the table: a target that redirects again (a chain), a source that other redirects
 * lead to (a chain the other way), a loop, a duplicate source, a published tool's own address.
 * `ignoreId` is the redirect being edited.
 */
export async function assertRedirectFits(db: Queryable, redirect: RedirectInput, ignoreId: string | null = null): Promise<void> {
  const origins = trustedOrigins(serverEnv());
  const { rows } = await db.query<RedirectRow>('SELECT id, from_path, to_path FROM redirects');
  const others = rows.filter((row) => row.id !== ignoreId);
  const from = normalizePath(redirect.fromPath);
  if (others.some((row) => normalizePath(row.from_path) === from))
    throw conflict('fromPath', `Ya hay una redirección desde ${from}: edítala en lugar de crear otra.`);
  if (redirect.toPath !== null) assertTargetFits(others, redirect.toPath, origins, from);
  const leading = others.filter((row) => row.to_path !== null && localPathOf(row.to_path, origins) === from);
  if (leading.length > 0) {
    const list = leading.map((row) => row.from_path).join(', ');
    throw conflict('fromPath', `Otras redirecciones llevan a ${from} (${list}): se formaría una cadena. Haz que apunten al destino final.`);
  }
  const tool = await db.query<{ title: string }>("SELECT title FROM posts WHERE status = 'published' AND '/' || slug = $1", [from]);
  if (tool.rows[0]) {
    throw conflict('fromPath', `${from} es la dirección de «${tool.rows[0].title}», publicada. Despublícala o elimínala (con redirección) desde Publicados.`);
  }
  const category = await db.query<{ name: string }>("SELECT name FROM categories WHERE is_active AND '/categoria/' || slug = $1", [from]);
  if (category.rows[0]) {
    throw conflict('fromPath', `${from} es la dirección de la categoría «${category.rows[0].name}». Cámbiala o fusiónala desde Categorías.`);
  }
}

type RedirectRow = { id: string; from_path: string; to_path: string | null };

/** A target must be a final destination: not itself, not the source of another redirect (no second hop). */
function assertTargetFits(others: RedirectRow[], toPath: string, origins: readonly string[], from: string | null, field: 'toPath' | 'to' = 'toPath'): void {
  const target = localPathOf(toPath, origins);
  if (target === null) return;
  const fail = (message: string) => new AppError('redirect_conflict', { message, fields: { [field]: message } });
  if (target === from) throw fail('La redirección apuntaría a sí misma.');
  const next = others.find((row) => normalizePath(row.from_path) === target);
  if (next) {
    throw fail(
      next.to_path === null
        ? `${target} ya no existe (responde 410): elige otro destino.`
        : `${target} ya redirige a ${next.to_path}: apunta directamente a ${next.to_path} para no encadenar saltos.`,
    );
  }
}

/** For a deleted tool's address: the admin's target must be final, and not one of the addresses being deleted. */
export async function assertDeletionTargetFits(db: Queryable, toPath: string, deletedPaths: ReadonlySet<string>): Promise<void> {
  const origins = trustedOrigins(serverEnv());
  const local = localPathOf(toPath, origins);
  if (local !== null && deletedPaths.has(local)) {
    throw new AppError('redirect_conflict', { message: 'El destino es una de las herramientas que se eliminan.', fields: { to: 'Elige otro destino.' } });
  }
  const { rows } = await db.query<RedirectRow>('SELECT id, from_path, to_path FROM redirects');
  assertTargetFits(
    rows.filter((row) => !deletedPaths.has(normalizePath(row.from_path))),
    toPath,
    origins,
    null,
    'to',
  );
}

const describe = (redirect: { fromPath: string; toPath: string | null; statusCode: number }) =>
  redirect.toPath === null ? `${redirect.fromPath} → 410` : `${redirect.fromPath} → ${redirect.toPath} (${redirect.statusCode})`;

export async function createRedirect(actor: AdminActor | null, input: RedirectInput, pool?: pg.Pool): Promise<RedirectView> {
  assertAllowed(actor, 'manage:redirect:any');
  return inTransaction(async (db) => {
    await lockRedirects(db);
    await assertRedirectFits(db, input);
    const { rows } = await db.query<RedirectView>(
      `INSERT INTO redirects (from_path, to_path, status_code) VALUES ($1, $2, $3)
       RETURNING id, from_path AS "fromPath", to_path AS "toPath", status_code AS "statusCode", updated_at AS "updatedAt"`,
      [input.fromPath, input.toPath, input.statusCode],
    );
    const created = rows[0]!;
    await recordAdminAction(
      actor,
      { action: 'redirect.create', targetType: 'redirect', targetId: created.id, summary: `Creó la redirección ${describe(input)}`, after: input },
      db,
    );
    return created;
  }, pool);
}

export async function updateRedirect(actor: AdminActor | null, id: string, input: RedirectInput, pool?: pg.Pool): Promise<RedirectView> {
  assertAllowed(actor, 'manage:redirect:any');
  return inTransaction(async (db) => {
    await lockRedirects(db);
    const before = await db.query<RedirectView>(
      'SELECT from_path AS "fromPath", to_path AS "toPath", status_code AS "statusCode" FROM redirects WHERE id = $1',
      [id],
    );
    if (!before.rows[0]) throw new AppError('redirect_not_found');
    await assertRedirectFits(db, input, id);
    const { rows } = await db.query<RedirectView>(
      `UPDATE redirects SET from_path = $2, to_path = $3, status_code = $4, updated_at = now() WHERE id = $1
       RETURNING id, from_path AS "fromPath", to_path AS "toPath", status_code AS "statusCode", updated_at AS "updatedAt"`,
      [id, input.fromPath, input.toPath, input.statusCode],
    );
    await recordAdminAction(
      actor,
      {
        action: 'redirect.update',
        targetType: 'redirect',
        targetId: id,
        summary: `Cambió la redirección a ${describe(input)}`,
        before: before.rows[0],
        after: input,
      },
      db,
    );
    return rows[0]!;
  }, pool);
}

export async function deleteRedirect(actor: AdminActor | null, id: string, pool?: pg.Pool): Promise<void> {
  assertAllowed(actor, 'manage:redirect:any');
  await inTransaction(async (db) => {
    await lockRedirects(db);
    const { rows } = await db.query<RedirectView>(
      'DELETE FROM redirects WHERE id = $1 RETURNING from_path AS "fromPath", to_path AS "toPath", status_code AS "statusCode"',
      [id],
    );
    if (!rows[0]) throw new AppError('redirect_not_found');
    await recordAdminAction(
      actor,
      { action: 'redirect.delete', targetType: 'redirect', targetId: id, summary: `Borró la redirección ${describe(rows[0])}`, before: rows[0] },
      db,
    );
  }, pool);
}

const redirectParams = z.object({ id: z.uuid({ error: 'Redirección no encontrada' }) });
const ADMIN_LIMITS = { name: 'admin-redirects', user: { window: 60, max: 60 } };

/** POST /api/admin/redirects */
export const createRedirectEndpoint = endpoint({
  access: 'manage:redirect:any',
  body: { json: redirectInput },
  limits: ADMIN_LIMITS,
  handle: async ({ user, body }) => createRedirect(user, body),
});

/** PUT /api/admin/redirects/{id} */
export const updateRedirectEndpoint = endpoint({
  access: 'manage:redirect:any',
  body: { json: redirectInput },
  params: redirectParams,
  limits: ADMIN_LIMITS,
  handle: async ({ user, body, params }) => updateRedirect(user, params.id, body),
});

/** DELETE /api/admin/redirects/{id} */
export const deleteRedirectEndpoint = endpoint({
  access: 'manage:redirect:any',
  params: redirectParams,
  limits: ADMIN_LIMITS,
  handle: async ({ user, params }) => deleteRedirect(user, params.id),
});
