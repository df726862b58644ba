/** The statements behind /admin/categorias (categories-admin.server.ts holds the permission checks, the audit and the endpoints). */
import type { Queryable } from '../../server/db/queryable.ts';
import type { CategoryInput } from './category-admin.ts';

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

export async function readAdminCategories(db: Queryable): Promise<AdminCategory[]> {
  return (await db.query<AdminCategory>(`SELECT ${CATEGORY_COLUMNS} FROM categories c ORDER BY c.position, c.name, c.slug`)).rows;
}

export async function readAdminCategory(id: string, db: Queryable): Promise<AdminCategory | undefined> {
  return (await db.query<AdminCategory>(`SELECT ${CATEGORY_COLUMNS} FROM categories c WHERE c.id = $1`, [id])).rows[0];
}

export type StoredCategory = Omit<AdminCategory, 'publishedTools' | 'linkedTools' | 'updatedAt'>;

const STORED_COLUMNS = 'id, name, slug, description, icon, color, position, is_active AS "isActive"';

/** The name of the category (other than `ignoreId`) that uses `slug`, if any. */
export async function categoryNameWithSlug(slug: string, ignoreId: string | null, db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM categories WHERE slug = $1 AND id IS DISTINCT FROM $2', [slug, ignoreId]);
  return rows[0]?.name;
}

export async function insertCategory(input: CategoryInput, db: Queryable): Promise<StoredCategory> {
  const { rows } = await db.query<StoredCategory>(
    `INSERT INTO categories (name, slug, description, icon, color, position, is_active) VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING ${STORED_COLUMNS}`,
    [input.name, input.slug, input.description, input.icon, input.color, input.position, input.isActive],
  );
  return rows[0]!;
}

export async function lockCategory(id: string, db: Queryable): Promise<StoredCategory | undefined> {
  return (await db.query<StoredCategory>(`SELECT ${STORED_COLUMNS} FROM categories WHERE id = $1 FOR UPDATE`, [id])).rows[0];
}

/** Locks several categories in id order (two merges at once queue instead of deadlocking). */
export async function lockCategories(ids: string[], db: Queryable): Promise<StoredCategory[]> {
  return (await db.query<StoredCategory>(`SELECT ${STORED_COLUMNS} FROM categories WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [ids])).rows;
}

/** Rewrites a category the caller has locked (its slug trigger writes the 301 from the old address). */
export async function updateCategoryRow(id: string, input: CategoryInput, db: Queryable): Promise<StoredCategory> {
  const { rows } = await db.query<StoredCategory>(
    `UPDATE categories SET name = $2, slug = $3, description = $4, icon = $5, color = $6, position = $7, is_active = $8, updated_at = now()
     WHERE id = $1 RETURNING ${STORED_COLUMNS}`,
    [id, input.name, input.slug, input.description, input.icon, input.color, input.position, input.isActive],
  );
  return rows[0]!;
}

/**
 * Moves every tool of `from` into `into`, deletes `from` and points its address (and what led there) at `into`;
 * answers how many tools it had and how many of those were already in `into`.
 */
export async function moveCategoryInto(
  from: Pick<StoredCategory, 'id' | 'slug'>,
  into: Pick<StoredCategory, 'id' | 'slug'>,
  db: Queryable,
): Promise<{ moved: number; alreadyThere: number }> {
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
  return counts.rows[0]!;
}
