/**
 * /admin/publicados: the catalogue as an admin runs it. Server-side search (the site's accent-insensitive
 * Spanish search), filters, sort and paging; single and bulk actions: feature, popular, verified, unpublish
 * (withdrawn with a reason its author receives by e-mail) and delete (its saves, views and clicks go with it; its address answers 410 or redirects
 * where the admin chose). Every change is audited in the same transaction.
 */
import type pg from 'pg';
import { pricingModels } from '../../lib/pricing.ts';
import { z } from '../../lib/zod.ts';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import { publishedContentChanged } from '../../server/site-updates.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { getPool } from '../../server/db/client.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { deleteUnreferencedFiles } from '../../server/storage/file-owners.ts';
import { getStorage } from '../../server/storage/storage.ts';
import { assertAllowed, paged, type AdminActor, type Paged } from '../../server/admin/admin-queries.ts';
import { goneInput } from './redirect-rules.ts';
import { withdrawalReason } from '../../lib/tool-form.ts';
import { notifyAuthor } from '../../server/email/author-notices.ts';
import { lockRedirects } from '../../server/admin/redirect-lock.ts';
import { assertDeletionTargetFits } from './redirects.server.ts';
import { retireAddress } from './redirects-queries.server.ts';
import {
  categoryOptions,
  deleteToolRows,
  lockToolRows,
  readAdminToolsPage,
  setToolFlagColumn,
  withdrawToolRows,
  type AdminToolRow,
  type ToolSnapshot,
  type WithdrawnTool,
} from './tools-queries.server.ts';

export const TOOL_SORTS = {
  recientes: 'Más recientes',
  antiguas: 'Más antiguas',
  titulo: 'Título (A-Z)',
  visitas: 'Más visitadas',
  guardadas: 'Más guardadas',
  clics: 'Más usadas (clics)',
  populares: 'Populares (30 días)',
  editadas: 'Editadas hace poco',
} as const;
export type ToolSort = keyof typeof TOOL_SORTS;

export const TOOL_STATUSES = { published: 'Publicadas', pending: 'Pendientes', rejected: 'Rechazadas', withdrawn: 'Retiradas', all: 'Todas' } as const;
export type ToolStatusFilter = keyof typeof TOOL_STATUSES;

const flag = z.enum(['si', 'no']).optional().catch(undefined);

/** The list's query string (?q=&categoria=&precio=&destacada=si&…&orden=&pagina=); nonsense is ignored, not an error. */
export const toolFilters = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  categoria: z.string().trim().max(120).optional().catch(undefined),
  precio: z.enum(pricingModels).optional().catch(undefined),
  destacada: flag,
  popular: flag,
  verificada: flag,
  estado: z
    .enum(Object.keys(TOOL_STATUSES) as [ToolStatusFilter, ...ToolStatusFilter[]])
    .default('published')
    .catch('published'),
  orden: z
    .enum(Object.keys(TOOL_SORTS) as [ToolSort, ...ToolSort[]])
    .default('recientes')
    .catch('recientes'),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});
export type ToolFilters = z.output<typeof toolFilters>;

export async function listAdminTools(actor: Pick<SessionUser, 'role'> | null, filters: ToolFilters): Promise<Paged<AdminToolRow>> {
  assertAllowed(actor, 'read:post:any');
  const { rows, total } = await readAdminToolsPage(filters, getPool());
  return paged(rows, total, filters.pagina);
}

/** The categories for the filter, with how many tools each has in any status. */
export async function listCategoryOptions(actor: Pick<SessionUser, 'role'> | null): Promise<{ slug: string; name: string }[]> {
  assertAllowed(actor, 'read:post:any');
  return categoryOptions(getPool());
}

export const TOOL_ACTIONS = {
  feature: { label: 'Destacar', column: 'is_featured', value: true, summary: 'Marcó como destacada' },
  unfeature: { label: 'Quitar destacado', column: 'is_featured', value: false, summary: 'Quitó el destacado de' },
  popular: { label: 'Marcar popular', column: 'is_popular', value: true, summary: 'Marcó como popular' },
  unpopular: { label: 'Quitar popular', column: 'is_popular', value: false, summary: 'Quitó la marca de popular de' },
  verify: { label: 'Verificar', column: 'is_verified', value: true, summary: 'Verificó' },
  unverify: { label: 'Quitar verificación', column: 'is_verified', value: false, summary: 'Quitó la verificación de' },
} as const;
export type ToolFlagAction = keyof typeof TOOL_ACTIONS;

const ids = z
  .union([z.uuid(), z.array(z.uuid())], { error: 'Selecciona al menos una herramienta.' })
  .transform((value) => [...new Set(Array.isArray(value) ? value : [value])])
  .pipe(z.array(z.string()).min(1, { error: 'Selecciona al menos una herramienta.' }).max(200, { error: 'Como mucho 200 herramientas a la vez.' }));

export const toolActionInput = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.enum(Object.keys(TOOL_ACTIONS) as [ToolFlagAction, ...ToolFlagAction[]]), ids }),
    z.object({ action: z.literal('unpublish'), ids, reason: withdrawalReason }),
    z.object({ action: z.literal('delete'), ids, gone: goneInput.shape.gone, to: goneInput.shape.to }),
  ],
  { error: 'Elige una acción.' },
);
export type ToolActionInput = z.output<typeof toolActionInput>;

async function lockTools(db: pg.PoolClient, toolIds: string[]): Promise<ToolSnapshot[]> {
  const rows = await lockToolRows(toolIds, db);
  if (rows.length === 0) throw new AppError('not_found', { message: 'No se encontró ninguna de las herramientas elegidas.' });
  return rows;
}

/** Feature, popular or verified on or off, for one or many tools. A published one is rebuilt with its badge. */
export async function setToolFlag(actor: AdminActor | null, toolIds: string[], action: ToolFlagAction, pool?: pg.Pool): Promise<number> {
  assertAllowed(actor, 'update:post:any');
  const { column, value, summary } = TOOL_ACTIONS[action];
  return inTransaction(async (db) => {
    const tools = await lockTools(db, toolIds);
    const changing = tools.filter((tool) => tool[column] !== value);
    if (changing.length === 0) return 0;
    await setToolFlagColumn(
      changing.map((tool) => tool.id),
      column,
      value,
      db,
    );
    for (const tool of changing) {
      await recordAdminAction(
        actor,
        {
          action: `post.${action}`,
          targetType: 'post',
          targetId: tool.id,
          summary: `${summary} «${tool.title}»`,
          before: { [column]: tool[column] },
          after: { [column]: value },
        },
        db,
      );
    }
    return changing.length;
  }, pool);
}

/**
 * Off the site with a reason: withdrawn, its reason kept as the review note its author reads on the
 * dashboard; answers the tools it withdrew so their authors can be told by e-mail after the commit.
 */
export async function unpublishTools(actor: AdminActor | null, toolIds: string[], reason: string, pool?: pg.Pool): Promise<WithdrawnTool[]> {
  assertAllowed(actor, 'moderate:post:any');
  return inTransaction(async (db) => {
    const published = (await lockTools(db, toolIds)).filter((tool) => tool.status === 'published');
    if (published.length === 0) return [];
    const withdrawn = await withdrawToolRows(
      published.map((tool) => tool.id),
      actor.id,
      reason,
      db,
    );
    for (const tool of published) {
      await recordAdminAction(
        actor,
        {
          action: 'post.unpublish',
          targetType: 'post',
          targetId: tool.id,
          summary: `Retiró «${tool.title}» del sitio`,
          before: { status: 'published' },
          after: { status: 'withdrawn', reviewNote: reason },
        },
        db,
      );
    }
    return withdrawn;
  }, pool);
}

export interface ToolDeletion {
  gone: '410' | 'redirect';
  /** Where the address redirects when gone is 'redirect': a path on the site or a URL. */
  to: string;
}

/**
 * Deletes tools with everything hanging from them (saves, views, clicks, link checks, categories: the foreign
 * keys cascade). A published tool's address answers 410 or 301 to the admin's target from now on, and
 * redirects that led to it follow (no chains). Uploaded images are removed from storage after the commit.
 */
export async function deleteTools(actor: AdminActor | null, toolIds: string[], deletion: ToolDeletion, pool?: pg.Pool): Promise<number> {
  assertAllowed(actor, 'delete:post:any');
  const checked = goneInput.safeParse(deletion);
  if (!checked.success) {
    const message = checked.error.issues[0]!.message;
    throw new AppError('invalid_input', { message, fields: { to: message } });
  }
  const target = deletion.gone === 'redirect' ? deletion.to : null;
  const deleted = await inTransaction(async (db) => {
    await lockRedirects(db);
    const tools = await lockTools(db, toolIds);
    const paths = new Set(tools.filter((tool) => tool.status === 'published').map((tool) => `/${tool.slug}`));
    if (target !== null) await assertDeletionTargetFits(db, target, paths);
    await deleteToolRows(
      tools.map((tool) => tool.id),
      db,
    );
    for (const path of paths) await retireAddress(path, target, db);
    for (const tool of tools) {
      const published = tool.status === 'published';
      await recordAdminAction(
        actor,
        {
          action: 'post.delete',
          targetType: 'post',
          targetId: tool.id,
          summary: `Eliminó «${tool.title}»${published ? (target === null ? ` (/${tool.slug} responde 410)` : ` (/${tool.slug} redirige a ${target})`) : ''}`,
          before: { title: tool.title, slug: tool.slug, status: tool.status },
          after: published ? { address: `/${tool.slug}`, answer: target === null ? 410 : { redirect: target } } : null,
        },
        db,
      );
    }
    return tools;
  }, pool);
  // Files another row still shows stay, and so do the curated catalogue logos (file-owners.ts).
  await deleteUnreferencedFiles(
    deleted.flatMap((tool) => [tool.image_url, tool.logo_url]),
    { storage: getStorage(), db: pool, what: 'herramienta eliminada' },
  );
  return deleted.length;
}

/** POST /api/admin/tools: one action on one or many tools ({ action, ids, gone?, to? }). */
export const toolActionEndpoint = endpoint({
  access: 'update:post:any',
  body: { json: toolActionInput },
  limits: { name: 'admin-tools', user: { window: 60, max: 60 } },
  handle: async ({ user, body }) => {
    if (body.action === 'unpublish') {
      const withdrawn = await unpublishTools(user, body.ids, body.reason);
      if (withdrawn.length > 0) await publishedContentChanged(`panel: retiradas ${withdrawn.length} herramienta(s)`);
      for (const tool of withdrawn) await notifyAuthor({ ...tool, outcome: 'withdrawn', reason: body.reason });
      return { changed: withdrawn.length };
    }
    const changed =
      body.action === 'delete' ? await deleteTools(user, body.ids, { gone: body.gone, to: body.to }) : await setToolFlag(user, body.ids, body.action);
    if (changed > 0) await publishedContentChanged(`panel: ${body.action} en ${changed} herramienta(s)`);
    return { changed };
  },
});
