/**
 * Tags every untagged tool with its use cases, by the rule of src/lib/tasks/tagging.ts: from its
 * categories, keywords and texts. Only rows whose use_cases is NULL are touched, so running it again (npm run
 * db:seed, each start) never undoes what an admin or an author chose, even an empty list.
 */
import { deriveUseCases } from '../../lib/tasks/tagging.ts';
import type { Queryable } from '../db/queryable.ts';

interface UntaggedRow {
  id: string;
  title: string;
  description: string;
  content: string;
  keywords: string[] | null;
  categories: string[];
}

/** Tags the untagged tools; returns how many it tagged. */
export async function tagUntaggedTools(db: Queryable): Promise<number> {
  const { rows } = await db.query<UntaggedRow>(`
    SELECT p.id, p.title, p.description, p.content, p.keywords,
           coalesce(array(SELECT c.slug FROM post_categories pc JOIN categories c ON c.id = pc.category_id
                          WHERE pc.post_id = p.id ORDER BY (c.id = p.category_id) DESC, pc.position, c.slug), '{}') AS categories
    FROM posts p
    WHERE p.use_cases IS NULL`);
  if (rows.length === 0) return 0;
  const tags = rows.map((row) => ({ id: row.id, use_cases: deriveUseCases(row) }));
  const updated = await db.query(
    `UPDATE posts p SET use_cases = t.use_cases
     FROM jsonb_to_recordset($1::jsonb) AS t(id uuid, use_cases text[])
     WHERE p.id = t.id AND p.use_cases IS NULL`,
    [JSON.stringify(tags)],
  );
  return updated.rowCount ?? 0;
}
