/**
 * /admin/categorias: list, create, edit and merge categories. Every function checks the actor's
 * permission itself, writes its audit entry in the same transaction as the change, and tells the site a published
 * change happened. The database keeps the addresses sound: a slug change leaves a 301 from the old address and
 * moves the redirects that led there (categories_follow_slug), and the server's redirect table answers 410 for an
 * inactive category and carries /pagina/{n} along with a category's redirect (src/server/http/redirects.ts).
 */
import type pg from 'pg';
import { z } from '../../lib/zod.ts';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { getPool } from '../../server/db/client.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { assertAllowed, type AdminActor } from '../../server/admin/admin-queries.ts';
import { lockRedirects } from '../../server/admin/redirect-lock.ts';
import { publishedContentChanged } from '../../server/site-updates.ts';
import { categoryInput, categoryMergeInput, type CategoryInput, type CategoryMergeInput } from './category-admin.ts';
import {
  categoryNameWithSlug,
  insertCategory,
  lockCategories,
  lockCategory,
  moveCategoryInto,
  readAdminCategories,
  readAdminCategory,
  updateCategoryRow,
  type AdminCategory,
  type StoredCategory,
} from './categories-admin-queries.server.ts';

/** Every category, active or not, in the order the site lists them. */
export async function listAdminCategories(actor: Pick<SessionUser, 'role'> | null): Promise<AdminCategory[]> {
  assertAllowed(actor, 'manage:category:any');
  return readAdminCategories(getPool());
}

export async function getAdminCategory(actor: Pick<SessionUser, 'role'> | null, id: string): Promise<AdminCategory> {
  assertAllowed(actor, 'manage:category:any');
  if (!z.uuid().safeParse(id).success) throw new AppError('category_not_found');
  const category = await readAdminCategory(id, getPool());
  if (!category) throw new AppError('category_not_found');
  return category;
}

/** The unique slug, checked before writing so the answer names the field (the index stays the last word). */
async function assertSlugFree(db: Queryable, slug: string, ignoreId: string | null): Promise<void> {
  const holder = await categoryNameWithSlug(slug, ignoreId, db);
  if (holder !== undefined) throw slugTaken(`«${holder}» ya usa la dirección /categoria/${slug}: elige otra.`);
}

function slugTaken(message: string): AppError {
  return new AppError('category_slug_taken', { message, fields: { slug: message } });
}

/** Two admins taking the same slug at once: the loser gets the same answer as a checked one. */
async function writeCategory<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw slugTaken('Ya hay otra categoría con esa dirección: elige otra.');
    throw error;
  }
}

export async function createCategory(actor: AdminActor | null, input: CategoryInput, pool?: pg.Pool): Promise<StoredCategory> {
  assertAllowed(actor, 'manage:category:any');
  const created = await writeCategory(() =>
    inTransaction(async (db) => {
      await lockRedirects(db);
      await assertSlugFree(db, input.slug, null);
      const category = await insertCategory(input, db);
      await recordAdminAction(
        actor,
        { action: 'category.create', targetType: 'category', targetId: category.id, summary: `Creó la categoría «${category.name}»`, after: input },
        db,
      );
      return category;
    }, pool),
  );
  if (created.isActive) await publishedContentChanged(`categoría nueva «${created.name}»`);
  return created;
}

/** What changed, in words for the audit summary: «Renombró …», «Desactivó …», or «Editó …». */
function updateSummary(before: StoredCategory, after: CategoryInput): string {
  const changes: string[] = [];
  if (before.slug !== after.slug) changes.push(`cambió su dirección de /categoria/${before.slug} a /categoria/${after.slug} (301 desde la antigua)`);
  if (before.name !== after.name) changes.push(`la renombró a «${after.name}»`);
  if (before.isActive !== after.isActive) changes.push(after.isActive ? 'la activó' : 'la desactivó');
  const rest = (['description', 'icon', 'color', 'position'] as const).some((field) => before[field] !== after[field]);
  if (rest) changes.push('cambió su descripción, icono, color u orden');
  return changes.length > 0 ? `Categoría «${before.name}»: ${changes.join(', ')}` : `Guardó la categoría «${before.name}» sin cambios`;
}

export async function updateCategory(actor: AdminActor | null, id: string, input: CategoryInput, pool?: pg.Pool): Promise<StoredCategory> {
  assertAllowed(actor, 'manage:category:any');
  const { before, after } = await writeCategory(() =>
    inTransaction(async (db) => {
      // The slug trigger writes redirects: the same lock as every other writer of that table.
      await lockRedirects(db);
      const before = await lockCategory(id, db);
      if (!before) throw new AppError('category_not_found');
      await assertSlugFree(db, input.slug, id);
      const after = await updateCategoryRow(id, input, db);
      await recordAdminAction(
        actor,
        {
          action: before.slug === after.slug ? 'category.update' : 'category.rename',
          targetType: 'category',
          targetId: id,
          summary: updateSummary(before, input),
          before,
          after: input,
        },
        db,
      );
      return { before, after };
    }, pool),
  );
  if (before.isActive || after.isActive) await publishedContentChanged(`categoría «${after.name}»`);
  return after;
}

export interface MergeOutcome {
  /** Tools that were in the merged category. */
  moved: number;
  /** Of those, the ones already in the target (linked once, not twice). */
  alreadyThere: number;
  into: { id: string; slug: string; name: string };
}

/**
 * Moves every tool of `from` into `into` (a tool in both keeps one link, at its better position; a tool whose
 * main category was `from` gets `into`), deletes `from`, and makes /categoria/{from} (and the redirects that led
 * there) answer 301 to /categoria/{into}, all in one transaction.
 */
export async function mergeCategories(actor: AdminActor | null, input: CategoryMergeInput, pool?: pg.Pool): Promise<MergeOutcome> {
  assertAllowed(actor, 'manage:category:any');
  const outcome = await inTransaction(async (db) => {
    await lockRedirects(db);
    const pair = await lockCategories([input.from, input.into], db);
    const from = pair.find((category) => category.id === input.from);
    const into = pair.find((category) => category.id === input.into);
    if (!from) throw new AppError('category_not_found');
    if (!into) {
      const message = 'La categoría de destino ya no existe. Recarga la página y elige otra.';
      throw new AppError('category_not_found', { message, fields: { into: message } });
    }
    const { moved, alreadyThere } = await moveCategoryInto(from, into, db);
    await recordAdminAction(
      actor,
      {
        action: 'category.merge',
        targetType: 'category',
        targetId: into.id,
        summary: `Fusionó la categoría «${from.name}» en «${into.name}» (${moved === 1 ? '1 herramienta' : `${moved} herramientas`}; /categoria/${from.slug} redirige a /categoria/${into.slug})`,
        before: { merged: from, into: { id: into.id, slug: into.slug, name: into.name } },
        after: { into: { id: into.id, slug: into.slug, name: into.name }, moved, alreadyThere },
      },
      db,
    );
    return { moved, alreadyThere, into: { id: into.id, slug: into.slug, name: into.name } };
  }, pool);
  await publishedContentChanged(`fusión de categorías en «${outcome.into.name}»`);
  return outcome;
}

const categoryParams = z.object({ id: z.uuid({ error: 'Categoría no encontrada' }) });
const ADMIN_LIMITS = { name: 'admin-categories', user: { window: 60, max: 60 } };

/** POST /api/admin/categories */
export const createCategoryEndpoint = endpoint({
  access: 'manage:category:any',
  body: { json: categoryInput },
  limits: ADMIN_LIMITS,
  handle: async ({ user, body }) => createCategory(user, body),
});

/** PUT /api/admin/categories/{id} */
export const updateCategoryEndpoint = endpoint({
  access: 'manage:category:any',
  body: { json: categoryInput },
  params: categoryParams,
  limits: ADMIN_LIMITS,
  handle: async ({ user, body, params }) => updateCategory(user, params.id, body),
});

/** POST /api/admin/categories/merge */
export const mergeCategoriesEndpoint = endpoint({
  access: 'manage:category:any',
  body: { json: categoryMergeInput },
  limits: ADMIN_LIMITS,
  handle: async ({ user, body }) => mergeCategories(user, body),
});
