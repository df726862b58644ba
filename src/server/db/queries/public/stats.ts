/** Live figures for the home page: counted in the database, never claimed. */
import { getPool } from '../../client.ts';

export interface SiteCounts {
  tools: number;
  categories: number;
  users: number;
}

export async function readSiteCounts(): Promise<SiteCounts> {
  const { rows } = await getPool().query<SiteCounts>(`
    SELECT (SELECT count(*)::int FROM posts WHERE status = 'published') AS tools,
           (SELECT count(*)::int FROM categories WHERE is_active) AS categories,
           (SELECT count(*)::int FROM profiles WHERE is_active) AS users`);
  return rows[0]!;
}
