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

export interface AdminCategory {
  id: string;
  name: string;
  slug: string;
  description: string;
  icon: string;
  color: string;
  position: number;
  isActive: boolean;
  /** Live published tools, as the category page counts them. */
  publishedTools: number;
  /** Every tool linked to it, whatever its state: what a merge moves. */
  linkedTools: number;
  updatedAt: Date;
}

const CATEGORY_COLUMNS = `c.id, c.name, c.slug, c.description, c.icon, c.color, c.position, c.is_active AS "isActive", c.updated_at AS "updatedAt",
  (SELECT count(*)::int FROM post_categories pc JOIN posts p ON p.id = pc.post_id
   WHERE pc.category_id = c.id AND p.status = 'published' AND p.discontinued_at IS NULL) AS "publishedTools",
  (SELECT count(*)::int FROM post_categories pc WHERE pc.category_id = c.id) AS "linkedTools"`;

/** Every category, active or not, in the order the site lists them. */
export async function listAdminCategories(actor: Pick<SessionUser, 'role'> | null): Promise<AdminCategory[]> {
  assertAllowed(actor, 'manage:category:any');
  const { rows } = await getPool().query<AdminCategory>(`SELECT ${CATEGORY_COLUMNS} FROM categories c ORDER BY c.position, c.name, c.slug`);
  return rows;
}

export async function getAdminCategory(actor: Pick<SessionUser, 'role'> | null, id: string): Promise<AdminCategory> {
  assertAllowed(actor, 'manage:category:any');
  if (!z.uuid().safeParse(id).success) throw new AppError('category_not_found');
  const { rows } = await getPool().query<AdminCategory>(`SELECT ${CATEGORY_COLUMNS} FROM categories c WHERE c.id = $1`, [id]);
  if (!rows[0]) throw new AppError('category_not_found');
  return rows[0];
}

type StoredCategory = Omit<AdminCategory, 'publishedTools' | 'linkedTools' | 'updatedAt'>;

const STORED_COLUMNS = 'id, name, slug, description, icon, color, position, is_active AS "isActive"';

/** The unique slug, checked before writing so the answer names the field (the index stays the last word). */
async function assertSlugFree(db: Queryable, slug: string, ignoreId: string | null): Promise<void> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM categories WHERE slug = $1 AND id IS DISTINCT FROM $2', [slug, ignoreId]);
  if (rows[0]) throw slugTaken(`«${rows[0].name}» ya usa la dirección /categoria/${slug}: elige otra.`);
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
      const { rows } = await db.query<StoredCategory>(
        `INSERT INTO categories (name, slug, description, icon, color, position, is_active) VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING ${STORED_COLUMNS}`,
        [input.name, input.slug, input.description, input.icon, input.color, input.position, input.isActive],
      );
      const category = rows[0]!;
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
      const current = await db.query<StoredCategory>(`SELECT ${STORED_COLUMNS} FROM categories WHERE id = $1 FOR UPDATE`, [id]);
      const before = current.rows[0];
      if (!before) throw new AppError('category_not_found');
      await assertSlugFree(db, input.slug, id);
      const { rows } = await db.query<StoredCategory>(
        `UPDATE categories SET name = $2, slug = $3, description = $4, icon = $5, color = $6, position = $7, is_active = $8, updated_at = now()
         WHERE id = $1 RETURNING ${STORED_COLUMNS}`,
        [id, input.name, input.slug, input.description, input.icon, input.color, input.position, input.isActive],
      );
      const after = rows[0]!;
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
    const { rows: pair } = await db.query<StoredCategory>(`SELECT ${STORED_COLUMNS} FROM categories WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [
      [input.from, input.into],
    ]);
    const from = pair.find((category) => category.id === input.from);
    const into = pair.find((category) => category.id === input.into);
    if (!from) throw new AppError('category_not_found');
    if (!into) {
      const message = 'La categoría de destino ya no existe. Recarga la página y elige otra.';
      throw new AppError('category_not_found', { message, fields: { into: message } });
    }
    const counts = await db.query<{ moved: number; alreadyThere: number }>(
      `SELECT count(*)::int AS moved,
              (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM post_categories b WHERE b.post_id = a.post_id AND b.category_id = $2)))::int AS "alreadyThere"
       FROM post_categories a WHERE a.category_id = $1`,
      [from.id, into.id],
    );
    await db.query(
      `INSERT INTO post_categories (post_id, category_id, position)
       SELECT post_id, $2, position FROM post_categories WHERE category_id = $1
       ON CONFLICT (post_id, category_id) DO UPDATE SET position = least(post_categories.position, excluded.position)`,
      [from.id, into.id],
    );
    await db.query('UPDATE posts SET category_id = $2 WHERE category_id = $1', [from.id, into.id]);
    await db.query('DELETE FROM categories WHERE id = $1', [from.id]);
    // The merged address and everything that led to it (an earlier rename, a page of it) now lead to the target.
    const fromPath = `/categoria/${from.slug}`;
    const intoPath = `/categoria/${into.slug}`;
    await db.query(`UPDATE redirects SET to_path = $2, updated_at = now() WHERE to_path = $1 OR to_path LIKE $1 || '/pagina/%'`, [fromPath, intoPath]);
    await db.query(
      `INSERT INTO redirects (from_path, to_path, status_code) VALUES ($1, $2, 301)
       ON CONFLICT (from_path) DO UPDATE SET to_path = excluded.to_path, status_code = 301, updated_at = now()`,
      [fromPath, intoPath],
    );
    const { moved, alreadyThere } = counts.rows[0]!;
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
