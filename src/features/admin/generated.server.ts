/**
 * /admin/descripciones: what the AI utilities produced, newest first, to remove abuse: image descriptions and
 * stories (with their author or 'Anónimo', language, type and a preview of the sanitized text) and generated
 * images (a thumbnail grid). Deleting an image deletes its file through the storage driver.
 */
import type pg from 'pg';
import { z } from '../../lib/zod.ts';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { getPool } from '../../server/db/client.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { htmlToText, sanitizeHtmlContent } from '../../server/html/sanitize.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { keyOf, servedImage } from '../../server/storage/driver.ts';
import { deleteUnreferencedFiles } from '../../server/storage/file-owners.ts';
import { getStorage } from '../../server/storage/storage.ts';
import { ADMIN_PAGE_SIZE, assertAllowed, paged, type AdminActor, type Paged } from '../../server/admin/admin-queries.ts';

export const GENERATED_KINDS = { descripciones: 'Descripciones', historias: 'Historias', imagenes: 'Imágenes' } as const;
export type GeneratedKind = keyof typeof GENERATED_KINDS;

export const generatedFilters = z.object({
  tipo: z
    .enum(Object.keys(GENERATED_KINDS) as [GeneratedKind, ...GeneratedKind[]])
    .default('descripciones')
    .catch('descripciones'),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});

/** How much of a text the list shows. */
export const PREVIEW_LENGTH = 280;
/** Thumbnails per page of the image grid. */
export const IMAGE_PAGE_SIZE = 24;

export interface GeneratedTextRow {
  id: string;
  author: { name: string; email: string } | null;
  language: string;
  type: string;
  title: string | null;
  preview: string;
  length: number;
  createdAt: Date;
}

export interface GeneratedImageRow {
  id: string;
  author: { name: string; email: string } | null;
  prompt: string;
  model: string;
  width: number;
  height: number;
  thumbnail: string;
  full: string;
  createdAt: Date;
}

/** Sanitized again before it is shown (rows may predate today's allowlist), then reduced to plain text. */
function previewOf(html: string): { preview: string; length: number } {
  const text = htmlToText(sanitizeHtmlContent(html)).replace(/\s+/g, ' ').trim();
  return { preview: text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text, length: text.length };
}

type AuthorColumns = { author_name: string | null; author_email: string | null };
const authorOf = (row: AuthorColumns) => (row.author_name === null ? null : { name: row.author_name, email: row.author_email ?? '' });

export async function listGeneratedTexts(
  actor: Pick<SessionUser, 'role'> | null,
  kind: 'descripciones' | 'historias',
  page: number,
): Promise<Paged<GeneratedTextRow>> {
  assertAllowed(actor, 'moderate:generated:any');
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  const pool = getPool();
  if (kind === 'descripciones') {
    const [{ rows }, count] = await Promise.all([
      pool.query<AuthorColumns & { id: string; language: string; description_type: string; generated_description: string; created_at: Date }>(
        `SELECT d.id, d.language, d.description_type, d.generated_description, d.created_at, u.name AS author_name, u.email AS author_email
         FROM generated_image_descriptions d LEFT JOIN profiles u ON u.id = d.user_id
         ORDER BY d.created_at DESC, d.id LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
      ),
      pool.query<{ total: number }>('SELECT count(*)::int AS total FROM generated_image_descriptions'),
    ]);
    const items = rows.map((row) => ({
      id: row.id,
      author: authorOf(row),
      language: row.language,
      type: row.description_type,
      title: null,
      ...previewOf(row.generated_description),
      createdAt: row.created_at,
    }));
    return paged(items, count.rows[0]!.total, page);
  }
  const [{ rows }, count] = await Promise.all([
    pool.query<AuthorColumns & { id: string; title: string; content: string; options: { genre?: string; language?: string }; created_at: Date }>(
      `SELECT s.id, s.title, s.content, s.options, s.created_at, u.name AS author_name, u.email AS author_email
       FROM generated_stories s LEFT JOIN profiles u ON u.id = s.user_id
       ORDER BY s.created_at DESC, s.id LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
    ),
    pool.query<{ total: number }>('SELECT count(*)::int AS total FROM generated_stories'),
  ]);
  const items = rows.map((row) => {
    // Stories are plain text: escaping is the template's job; the preview only trims it.
    const text = row.content.replace(/\s+/g, ' ').trim();
    return {
      id: row.id,
      author: authorOf(row),
      language: row.options.language ?? 'es',
      type: row.options.genre ?? 'historia',
      title: row.title,
      preview: text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text,
      length: text.length,
      createdAt: row.created_at,
    };
  });
  return paged(items, count.rows[0]!.total, page);
}

export async function listGeneratedImages(actor: Pick<SessionUser, 'role'> | null, page: number): Promise<Paged<GeneratedImageRow>> {
  assertAllowed(actor, 'moderate:generated:any');
  const offset = (page - 1) * IMAGE_PAGE_SIZE;
  const pool = getPool();
  const storage = getStorage();
  const [{ rows }, count] = await Promise.all([
    pool.query<AuthorColumns & { id: string; prompt: string; model_used: string; width: number; height: number; image_url: string; created_at: Date }>(
      `SELECT i.id, i.prompt, i.model_used, i.width, i.height, i.image_url, i.created_at, u.name AS author_name, u.email AS author_email
       FROM image_generation_history i LEFT JOIN profiles u ON u.id = i.user_id
       ORDER BY i.created_at DESC, i.id LIMIT ${IMAGE_PAGE_SIZE} OFFSET ${offset}`,
    ),
    pool.query<{ total: number }>('SELECT count(*)::int AS total FROM image_generation_history'),
  ]);
  const items = rows.map((row) => {
    const key = keyOf(row.image_url);
    const served = key ? servedImage(storage, key) : null;
    return {
      id: row.id,
      author: authorOf(row),
      prompt: row.prompt,
      model: row.model_used,
      width: row.width,
      height: row.height,
      thumbnail: served?.widths[600] ?? row.image_url,
      full: served?.url ?? row.image_url,
      createdAt: row.created_at,
    };
  });
  return { items, total: count.rows[0]!.total, page, pages: Math.max(1, Math.ceil(count.rows[0]!.total / IMAGE_PAGE_SIZE)) };
}

const cut = (text: string, length = 80) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** Deletes one generated item (and, for an image, its file once the row is gone). */
export async function deleteGenerated(actor: AdminActor | null, kind: GeneratedKind, id: string, pool?: pg.Pool): Promise<void> {
  assertAllowed(actor, 'moderate:generated:any');
  const fileReference = await inTransaction(async (db) => {
    if (kind === 'descripciones') {
      const { rows } = await db.query<{ generated_description: string; user_id: string | null; language: string }>(
        'DELETE FROM generated_image_descriptions WHERE id = $1 RETURNING generated_description, user_id, language',
        [id],
      );
      if (!rows[0]) throw new AppError('description_not_found');
      const text = previewOf(rows[0].generated_description).preview;
      await recordAdminAction(
        actor,
        {
          action: 'description.delete',
          targetType: 'description',
          targetId: id,
          summary: `Borró una descripción: «${cut(text)}»`,
          before: { text, userId: rows[0].user_id },
        },
        db,
      );
      return null;
    }
    if (kind === 'historias') {
      const { rows } = await db.query<{ title: string; user_id: string }>('DELETE FROM generated_stories WHERE id = $1 RETURNING title, user_id', [id]);
      if (!rows[0]) throw new AppError('not_found', { message: 'Historia no encontrada' });
      await recordAdminAction(
        actor,
        {
          action: 'story.delete',
          targetType: 'story',
          targetId: id,
          summary: `Borró la historia «${cut(rows[0].title)}»`,
          before: { title: rows[0].title, userId: rows[0].user_id },
        },
        db,
      );
      return null;
    }
    const { rows } = await db.query<{ prompt: string; image_url: string; user_id: string | null }>(
      'DELETE FROM image_generation_history WHERE id = $1 RETURNING prompt, image_url, user_id',
      [id],
    );
    if (!rows[0]) throw new AppError('image_not_found');
    await recordAdminAction(
      actor,
      {
        action: 'image.delete',
        targetType: 'image',
        targetId: id,
        summary: `Borró una imagen generada: «${cut(rows[0].prompt)}»`,
        before: { prompt: rows[0].prompt, file: rows[0].image_url, userId: rows[0].user_id },
      },
      db,
    );
    return rows[0].image_url;
  }, pool);
  // After the commit: a file without a row is only wasted space; a row without its file would be a broken image (a
  // publication or a profile may show the same file: then it stays).
  if (fileReference) await deleteUnreferencedFiles([fileReference], { storage: getStorage(), db: pool, what: 'imagen borrada por un administrador' });
}

/** DELETE /api/admin/generated/{kind}/{id} */
export const deleteGeneratedEndpoint = endpoint({
  access: 'moderate:generated:any',
  params: z.object({
    kind: z.enum(Object.keys(GENERATED_KINDS) as [GeneratedKind, ...GeneratedKind[]], { error: 'No se encontró lo que buscas.' }),
    id: z.uuid({ error: 'No se encontró lo que buscas.' }),
  }),
  limits: { name: 'admin-generated', user: { window: 60, max: 120 } },
  handle: async ({ user, params }) => deleteGenerated(user, params.kind, params.id),
});
