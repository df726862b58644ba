/**
 * A signed-in user's image descriptions. Every statement filters by the user id: a description
 * that belongs to someone else behaves exactly like one that does not exist.
 */
import { getPool } from '../../server/db/client.ts';

import type { Queryable } from '../../server/db/queryable.ts';

/** What generated_image_descriptions.image_url holds for an uploaded file: a fixed marker instead of an address. */
export const UPLOADED_IMAGE_MARKER = 'upload://archivo-subido';

export interface NewDescription {
  userId: string;
  imageUrl: string;
  html: string;
  language: string;
  instructions: string | null;
}

export async function insertDescription(input: NewDescription, db: Queryable = getPool()): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO generated_image_descriptions (user_id, image_url, generated_description, description_type, language, custom_instructions)
     VALUES ($1, $2, $3, 'unique_detailed', $4, $5) RETURNING id`,
    [input.userId, input.imageUrl, input.html, input.language, input.instructions],
  );
  return rows[0]!.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isDescriptionId = (value: string | undefined): value is string => typeof value === 'string' && UUID.test(value);

/** Saves or unsaves the user's own description; null when it is not theirs (or does not exist). */
export async function setDescriptionSaved(userId: string, descriptionId: string, saved: boolean, db: Queryable = getPool()): Promise<boolean | null> {
  if (saved) {
    // The insert only happens when the description is the user's own; ON CONFLICT makes a repeat harmless.
    const { rows } = await db.query<{ owned: boolean }>(
      `WITH own AS (SELECT id FROM generated_image_descriptions WHERE id = $2 AND user_id = $1),
            added AS (INSERT INTO saved_image_descriptions (user_id, description_id) SELECT $1, id FROM own
                      ON CONFLICT (user_id, description_id) DO NOTHING)
       SELECT EXISTS (SELECT 1 FROM own) AS owned`,
      [userId, descriptionId],
    );
    return rows[0]!.owned ? true : null;
  }
  const { rows } = await db.query<{ owned: boolean }>(
    `WITH own AS (SELECT id FROM generated_image_descriptions WHERE id = $2 AND user_id = $1),
          removed AS (DELETE FROM saved_image_descriptions WHERE user_id = $1 AND description_id IN (SELECT id FROM own))
     SELECT EXISTS (SELECT 1 FROM own) AS owned`,
    [userId, descriptionId],
  );
  return rows[0]!.owned ? false : null;
}

/** Deletes the user's own description (its saved entry goes with it); false when there was none of theirs. */
export async function deleteOwnDescription(userId: string, descriptionId: string, db: Queryable = getPool()): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM generated_image_descriptions WHERE id = $1 AND user_id = $2', [descriptionId, userId]);
  return (rowCount ?? 0) > 0;
}

export interface SavedDescription {
  id: string;
  savedAt: string;
  html: string;
  imageUrl: string | null;
  type: string;
  language: string;
  instructions: string | null;
  createdAt: string;
}

/** /mis-descripciones: the user's saved descriptions, most recently saved first. */
export async function listSavedDescriptions(userId: string, db: Queryable = getPool()): Promise<SavedDescription[]> {
  const { rows } = await db.query<SavedDescription>(
    `SELECT d.id, s.created_at AS "savedAt", d.generated_description AS html,
            CASE WHEN d.image_url = $2 THEN NULL ELSE d.image_url END AS "imageUrl",
            d.description_type AS type, d.language, d.custom_instructions AS instructions, d.created_at AS "createdAt"
       FROM saved_image_descriptions s
       JOIN generated_image_descriptions d ON d.id = s.description_id AND d.user_id = s.user_id
      WHERE s.user_id = $1
      ORDER BY s.created_at DESC, d.created_at DESC`,
    [userId, UPLOADED_IMAGE_MARKER],
  );
  return rows.map((row) => ({ ...row, savedAt: new Date(row.savedAt).toISOString(), createdAt: new Date(row.createdAt).toISOString() }));
}
