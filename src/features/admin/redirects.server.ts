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
import { ADMIN_PAGE_SIZE, assertAllowed, paged, type AdminActor, type Paged } from '../../server/admin/admin-queries.ts';
import {
  activeCategoryNameAt,
  allRedirects,
  deleteRedirectRow,
  insertRedirect,
  publishedToolTitleAt,
  readRedirectsPage,
  redirectTarget,
  updateRedirectRow,
  type RedirectRow,
  type RedirectView,
} from './redirects-queries.server.ts';
import { localPathOf, normalizePath, redirectInput, type RedirectInput } from './redirect-rules.ts';

export const redirectFilters = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});

export async function listRedirects(actor: Pick<SessionUser, 'role'> | null, filters: z.output<typeof redirectFilters>): Promise<Paged<RedirectView>> {
  assertAllowed(actor, 'manage:redirect:any');
  const { rows, total } = await readRedirectsPage(filters.q, (filters.pagina - 1) * ADMIN_PAGE_SIZE, getPool());
  return paged(rows, total, filters.pagina);
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
  const others = (await allRedirects(db)).filter((row) => row.id !== ignoreId);
  const from = normalizePath(redirect.fromPath);
  if (others.some((row) => normalizePath(row.from_path) === from))
    throw conflict('fromPath', `Ya hay una redirección desde ${from}: edítala en lugar de crear otra.`);
  if (redirect.toPath !== null) assertTargetFits(others, redirect.toPath, origins, from);
  const leading = others.filter((row) => row.to_path !== null && localPathOf(row.to_path, origins) === from);
  if (leading.length > 0) {
    const list = leading.map((row) => row.from_path).join(', ');
    throw conflict('fromPath', `Otras redirecciones llevan a ${from} (${list}): se formaría una cadena. Haz que apunten al destino final.`);
  }
  const tool = await publishedToolTitleAt(from, db);
  if (tool !== undefined) {
    throw conflict('fromPath', `${from} es la dirección de «${tool}», publicada. Despublícala o elimínala (con redirección) desde Publicados.`);
  }
  const category = await activeCategoryNameAt(from, db);
  if (category !== undefined) {
    throw conflict('fromPath', `${from} es la dirección de la categoría «${category}». Cámbiala o fusiónala desde Categorías.`);
  }
}

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
  assertTargetFits(
    (await allRedirects(db)).filter((row) => !deletedPaths.has(normalizePath(row.from_path))),
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
    const created = await insertRedirect(input, db);
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
    const before = await redirectTarget(id, db);
    if (!before) throw new AppError('redirect_not_found');
    await assertRedirectFits(db, input, id);
    const updated = await updateRedirectRow(id, input, db);
    await recordAdminAction(
      actor,
      {
        action: 'redirect.update',
        targetType: 'redirect',
        targetId: id,
        summary: `Cambió la redirección a ${describe(input)}`,
        before,
        after: input,
      },
      db,
    );
    return updated;
  }, pool);
}

export async function deleteRedirect(actor: AdminActor | null, id: string, pool?: pg.Pool): Promise<void> {
  assertAllowed(actor, 'manage:redirect:any');
  await inTransaction(async (db) => {
    await lockRedirects(db);
    const removed = await deleteRedirectRow(id, db);
    if (!removed) throw new AppError('redirect_not_found');
    await recordAdminAction(
      actor,
      { action: 'redirect.delete', targetType: 'redirect', targetId: id, summary: `Borró la redirección ${describe(removed)}`, before: removed },
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
