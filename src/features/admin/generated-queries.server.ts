/** The statements behind /admin/descripciones (generated.server.ts holds the permission checks, previews and the endpoint). */
import type { Queryable } from '../../server/db/queryable.ts';

export type AuthorColumns = { author_name: string | null; author_email: string | null };

/** A page of image descriptions, newest first, with their author (null once deleted or for a visitor) and the total. */
export async function readDescriptionsPage(limit: number, offset: number, db: Queryable) {
  const [{ rows }, count] = await Promise.all([
    db.query<AuthorColumns & { id: string; language: string; description_type: string; generated_description: string; created_at: Date }>(
      `SELECT d.id, d.language, d.description_type, d.generated_description, d.created_at, u.name AS author_name, u.email AS author_email
       FROM generated_image_descriptions d LEFT JOIN profiles u ON u.id = d.user_id
       ORDER BY d.created_at DESC, d.id LIMIT ${limit} OFFSET ${offset}`,
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM generated_image_descriptions'),
  ]);
  return { rows, total: count.rows[0]!.total };
}

/** A page of stories, newest first, with their author and the total. */
export async function readStoriesPage(limit: number, offset: number, db: Queryable) {
  const [{ rows }, count] = await Promise.all([
    db.query<AuthorColumns & { id: string; title: string; content: string; options: { genre?: string; language?: string }; created_at: Date }>(
      `SELECT s.id, s.title, s.content, s.options, s.created_at, u.name AS author_name, u.email AS author_email
       FROM generated_stories s LEFT JOIN profiles u ON u.id = s.user_id
       ORDER BY s.created_at DESC, s.id LIMIT ${limit} OFFSET ${offset}`,
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM generated_stories'),
  ]);
  return { rows, total: count.rows[0]!.total };
}

/** A page of generated images, newest first, with their author and the total. */
export async function readImagesPage(limit: number, offset: number, db: Queryable) {
  const [{ rows }, count] = await Promise.all([
    db.query<AuthorColumns & { id: string; prompt: string; model_used: string; width: number; height: number; image_url: string; created_at: Date }>(
      `SELECT i.id, i.prompt, i.model_used, i.width, i.height, i.image_url, i.created_at, u.name AS author_name, u.email AS author_email
       FROM image_generation_history i LEFT JOIN profiles u ON u.id = i.user_id
       ORDER BY i.created_at DESC, i.id LIMIT ${limit} OFFSET ${offset}`,
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM image_generation_history'),
  ]);
  return { rows, total: count.rows[0]!.total };
}

export async function deleteDescriptionRow(id: string, db: Queryable) {
  const { rows } = await db.query<{ generated_description: string; user_id: string | null; language: string }>(
    'DELETE FROM generated_image_descriptions WHERE id = $1 RETURNING generated_description, user_id, language',
    [id],
  );
  return rows[0];
}

export async function deleteStoryRow(id: string, db: Queryable) {
  const { rows } = await db.query<{ title: string; user_id: string }>('DELETE FROM generated_stories WHERE id = $1 RETURNING title, user_id', [id]);
  return rows[0];
}

export async function deleteImageRow(id: string, db: Queryable) {
  const { rows } = await db.query<{ prompt: string; image_url: string; user_id: string | null }>(
    'DELETE FROM image_generation_history WHERE id = $1 RETURNING prompt, image_url, user_id',
    [id],
  );
  return rows[0];
}
