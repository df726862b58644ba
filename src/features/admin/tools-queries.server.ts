/** The statements behind /admin/publicados (tools.server.ts holds the filters, the permission checks, the audit and the endpoint). */
import type { PricingModel } from '../../lib/pricing.ts';
import { ADMIN_PAGE_SIZE, likePattern } from '../../server/admin/admin-queries.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import type { ToolFilters, ToolSort } from './tools.server.ts';

const ORDER_BY: Record<ToolSort, string> = {
  recientes: 'coalesce(p.published_date, p.created_at) DESC, p.id',
  antiguas: 'coalesce(p.published_date, p.created_at) ASC, p.id',
  titulo: 'lower(p.title) ASC, p.id',
  visitas: 'p.views DESC, p.id',
  guardadas: 'p.saved_count DESC, p.id',
  clics: 'p.clicks DESC, p.id',
  populares: 'p.popularity_score DESC, p.id',
  editadas: 'p.updated_at DESC, p.id',
};

export interface AdminToolRow {
  id: string;
  title: string;
  slug: string;
  status: 'pending' | 'published' | 'rejected' | 'withdrawn';
  pricing: PricingModel;
  isFeatured: boolean;
  isPopular: boolean;
  isVerified: boolean;
  views: number;
  savedCount: number;
  clicks: number;
  categories: string[];
  authorName: string | null;
  linkStatus: 'unknown' | 'ok' | 'failing' | 'moved';
  discontinued: boolean;
  publishedAt: Date;
  updatedAt: Date;
  /** When an admin or the editorial team last checked its facts; null while nobody has. */
  factsCheckedAt: Date | null;
}

/** One page of the catalogue as the admin filtered and sorted it, with how many tools match in all. */
export async function readAdminToolsPage(filters: ToolFilters, db: Queryable): Promise<{ rows: AdminToolRow[]; total: number }> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (filters.estado !== 'all') conditions.push(`p.status = ${add(filters.estado)}`);
  if (filters.q) {
    // The site's search: Spanish stems without accents over title, description, keywords and categories, plus a
    // plain accent-insensitive substring of the title for partial words ("chatg").
    const query = add(filters.q);
    const pattern = add(likePattern(filters.q));
    conditions.push(
      `(p.search_vector @@ websearch_to_tsquery('public.es_unaccent', ${query})
        OR extensions.unaccent(lower(p.title)) LIKE extensions.unaccent(lower(${pattern})) OR p.slug LIKE lower(${pattern}))`,
    );
  }
  if (filters.categoria) {
    conditions.push(
      `EXISTS (SELECT 1 FROM post_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = p.id AND c.slug = ${add(filters.categoria)})`,
    );
  }
  if (filters.precio) conditions.push(`p.pricing = ${add(filters.precio)}`);
  if (filters.destacada) conditions.push(`p.is_featured = ${add(filters.destacada === 'si')}`);
  if (filters.popular) conditions.push(`p.is_popular = ${add(filters.popular === 'si')}`);
  if (filters.verificada) conditions.push(`p.is_verified = ${add(filters.verificada === 'si')}`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const offset = (filters.pagina - 1) * ADMIN_PAGE_SIZE;
  const [{ rows }, count] = await Promise.all([
    db.query<AdminToolRow>(
      `SELECT p.id, p.title, p.slug, p.status, p.pricing, p.is_featured AS "isFeatured", p.is_popular AS "isPopular",
              p.is_verified AS "isVerified", p.views::int, p.saved_count AS "savedCount", p.clicks::int,
              coalesce((SELECT array_agg(c.name ORDER BY pc.position, c.name) FROM post_categories pc JOIN categories c ON c.id = pc.category_id
                        WHERE pc.post_id = p.id), '{}') AS categories,
              pr.name AS "authorName", p.link_status AS "linkStatus", p.discontinued_at IS NOT NULL AS discontinued,
              coalesce(p.published_date, p.created_at) AS "publishedAt", p.updated_at AS "updatedAt",
              p.facts_checked_at AS "factsCheckedAt"
       FROM posts p LEFT JOIN profiles pr ON pr.id = p.user_id
       ${where} ORDER BY ${ORDER_BY[filters.orden]} LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
      values,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM posts p ${where}`, values),
  ]);
  return { rows, total: count.rows[0]!.total };
}

/** Every category, for the filter. */
export async function categoryOptions(db: Queryable): Promise<{ slug: string; name: string }[]> {
  return (await db.query<{ slug: string; name: string }>('SELECT slug, name FROM categories ORDER BY name')).rows;
}

export interface ToolSnapshot {
  id: string;
  title: string;
  slug: string;
  status: 'pending' | 'published' | 'rejected' | 'withdrawn';
  is_featured: boolean;
  is_popular: boolean;
  is_verified: boolean;
  image_url: string | null;
  logo_url: string | null;
}

/** Locks the tools in id order (bulk actions from two admins queue instead of deadlocking). */
export async function lockToolRows(toolIds: string[], db: Queryable): Promise<ToolSnapshot[]> {
  const { rows } = await db.query<ToolSnapshot>(
    'SELECT id, title, slug, status, is_featured, is_popular, is_verified, image_url, logo_url FROM posts WHERE id = ANY($1) ORDER BY id FOR UPDATE',
    [toolIds],
  );
  return rows;
}

export async function setToolFlagColumn(toolIds: string[], column: 'is_featured' | 'is_popular' | 'is_verified', value: boolean, db: Queryable): Promise<void> {
  await db.query(`UPDATE posts SET ${column} = $2, updated_at = now() WHERE id = ANY($1)`, [toolIds, value]);
}

export interface WithdrawnTool {
  id: string;
  slug: string;
  title: string;
  authorId: string | null;
}

/** Off the site, its reason kept as the review note its author reads. */
export async function withdrawToolRows(toolIds: string[], reviewerId: string, reason: string, db: Queryable): Promise<WithdrawnTool[]> {
  const { rows } = await db.query<WithdrawnTool>(
    `UPDATE posts SET status = 'withdrawn', review_note = $3, reviewed_at = now(), reviewed_by = $2, updated_at = now()
      WHERE id = ANY($1) RETURNING id, slug, title, user_id AS "authorId"`,
    [toolIds, reviewerId, reason],
  );
  return rows;
}

/** Deletes the tools; their saves, views, clicks, link checks and categories go with them (the foreign keys cascade). */
export async function deleteToolRows(toolIds: string[], db: Queryable): Promise<void> {
  await db.query('DELETE FROM posts WHERE id = ANY($1)', [toolIds]);
}
