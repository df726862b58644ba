/** The statements behind /admin/redirecciones (redirects.server.ts holds the rules, the permission checks and the endpoints). */
import { ADMIN_PAGE_SIZE, likePattern } from '../../server/admin/admin-queries.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import type { RedirectInput, RedirectStatus } from './redirect-rules.ts';

export interface RedirectView {
  id: string;
  fromPath: string;
  toPath: string | null;
  statusCode: RedirectStatus;
  updatedAt: Date;
}

/** What the audit entry of a change or deletion records of the redirect as it was. */
export type RedirectTarget = Pick<RedirectView, 'fromPath' | 'toPath' | 'statusCode'>;

export type RedirectRow = { id: string; from_path: string; to_path: string | null };

const VIEW_COLUMNS = `id, from_path AS "fromPath", to_path AS "toPath", status_code AS "statusCode", updated_at AS "updatedAt"`;

/** A page of redirects, the latest changed first, whose source or target contains `q`; with how many match. */
export async function readRedirectsPage(q: string | undefined, offset: number, db: Queryable): Promise<{ rows: RedirectView[]; total: number }> {
  const values = q ? [likePattern(q)] : [];
  const where = q ? 'WHERE from_path ILIKE $1 OR to_path ILIKE $1' : '';
  const [{ rows }, count] = await Promise.all([
    db.query<RedirectView>(
      `SELECT ${VIEW_COLUMNS} FROM redirects ${where} ORDER BY updated_at DESC, from_path LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
      values,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM redirects ${where}`, values),
  ]);
  return { rows, total: count.rows[0]!.total };
}

/** The whole table, for the checks against chains and loops (a few hundred rows at most). */
export async function allRedirects(db: Queryable): Promise<RedirectRow[]> {
  return (await db.query<RedirectRow>('SELECT id, from_path, to_path FROM redirects')).rows;
}

/** The title of the published tool whose address is `path`, if any. */
export async function publishedToolTitleAt(path: string, db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ title: string }>("SELECT title FROM posts WHERE status = 'published' AND '/' || slug = $1", [path]);
  return rows[0]?.title;
}

/** The name of the active category whose address is `path`, if any. */
export async function activeCategoryNameAt(path: string, db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>("SELECT name FROM categories WHERE is_active AND '/categoria/' || slug = $1", [path]);
  return rows[0]?.name;
}

export async function insertRedirect(input: RedirectInput, db: Queryable): Promise<RedirectView> {
  const { rows } = await db.query<RedirectView>(`INSERT INTO redirects (from_path, to_path, status_code) VALUES ($1, $2, $3) RETURNING ${VIEW_COLUMNS}`, [
    input.fromPath,
    input.toPath,
    input.statusCode,
  ]);
  return rows[0]!;
}

export async function redirectTarget(id: string, db: Queryable): Promise<RedirectTarget | undefined> {
  const { rows } = await db.query<RedirectTarget>(
    'SELECT from_path AS "fromPath", to_path AS "toPath", status_code AS "statusCode" FROM redirects WHERE id = $1',
    [id],
  );
  return rows[0];
}

/** Rewrites a redirect that the caller has checked exists (under the table's lock). */
export async function updateRedirectRow(id: string, input: RedirectInput, db: Queryable): Promise<RedirectView> {
  const { rows } = await db.query<RedirectView>(
    `UPDATE redirects SET from_path = $2, to_path = $3, status_code = $4, updated_at = now() WHERE id = $1 RETURNING ${VIEW_COLUMNS}`,
    [id, input.fromPath, input.toPath, input.statusCode],
  );
  return rows[0]!;
}

export async function deleteRedirectRow(id: string, db: Queryable): Promise<RedirectTarget | undefined> {
  const { rows } = await db.query<RedirectTarget>(
    'DELETE FROM redirects WHERE id = $1 RETURNING from_path AS "fromPath", to_path AS "toPath", status_code AS "statusCode"',
    [id],
  );
  return rows[0];
}

/**
 * A deleted tool's address answers 410 (no target) or redirects to `target`, and the old addresses that led to it
 * now lead where it went (or are gone with it): still one hop.
 */
export async function retireAddress(path: string, target: string | null, db: Queryable): Promise<void> {
  const status = target === null ? 410 : 301;
  await db.query(
    `INSERT INTO redirects (from_path, to_path, status_code) VALUES ($1, $2, $3)
     ON CONFLICT (from_path) DO UPDATE SET to_path = excluded.to_path, status_code = excluded.status_code, updated_at = now()`,
    [path, target, status],
  );
  await db.query('UPDATE redirects SET to_path = $2, status_code = $3, updated_at = now() WHERE to_path = $1', [path, target, status]);
}
