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
import {
  deleteDescriptionRow,
  deleteImageRow,
  deleteStoryRow,
  readDescriptionsPage,
  readImagesPage,
  readStoriesPage,
  type AuthorColumns,
} from './generated-queries.server.ts';
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

const authorOf = (row: AuthorColumns) => (row.author_name === null ? null : { name: row.author_name, email: row.author_email ?? '' });

export async function listGeneratedTexts(
  actor: Pick<SessionUser, 'role'> | null,
  kind: 'descripciones' | 'historias',
  page: number,
): Promise<Paged<GeneratedTextRow>> {
  assertAllowed(actor, 'moderate:generated:any');
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  if (kind === 'descripciones') {
    const { rows, total } = await readDescriptionsPage(ADMIN_PAGE_SIZE, offset, getPool());
    const items = rows.map((row) => ({
      id: row.id,
      author: authorOf(row),
      language: row.language,
      type: row.description_type,
      title: null,
      ...previewOf(row.generated_description),
      createdAt: row.created_at,
    }));
    return paged(items, total, page);
  }
  const { rows, total } = await readStoriesPage(ADMIN_PAGE_SIZE, offset, getPool());
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
  return paged(items, total, page);
}

export async function listGeneratedImages(actor: Pick<SessionUser, 'role'> | null, page: number): Promise<Paged<GeneratedImageRow>> {
  assertAllowed(actor, 'moderate:generated:any');
  const offset = (page - 1) * IMAGE_PAGE_SIZE;
  const storage = getStorage();
  const { rows, total } = await readImagesPage(IMAGE_PAGE_SIZE, offset, getPool());
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
  return { items, total, page, pages: Math.max(1, Math.ceil(total / IMAGE_PAGE_SIZE)) };
}

const cut = (text: string, length = 80) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** Deletes one generated item (and, for an image, its file once the row is gone). */
export async function deleteGenerated(actor: AdminActor | null, kind: GeneratedKind, id: string, pool?: pg.Pool): Promise<void> {
  assertAllowed(actor, 'moderate:generated:any');
  const fileReference = await inTransaction(async (db) => {
    if (kind === 'descripciones') {
      const removed = await deleteDescriptionRow(id, db);
      if (!removed) throw new AppError('description_not_found');
      const text = previewOf(removed.generated_description).preview;
      await recordAdminAction(
        actor,
        {
          action: 'description.delete',
          targetType: 'description',
          targetId: id,
          summary: `Borró una descripción: «${cut(text)}»`,
          before: { text, userId: removed.user_id },
        },
        db,
      );
      return null;
    }
    if (kind === 'historias') {
      const removed = await deleteStoryRow(id, db);
      if (!removed) throw new AppError('not_found', { message: 'Historia no encontrada' });
      await recordAdminAction(
        actor,
        {
          action: 'story.delete',
          targetType: 'story',
          targetId: id,
          summary: `Borró la historia «${cut(removed.title)}»`,
          before: { title: removed.title, userId: removed.user_id },
        },
        db,
      );
      return null;
    }
    const removed = await deleteImageRow(id, db);
    if (!removed) throw new AppError('image_not_found');
    await recordAdminAction(
      actor,
      {
        action: 'image.delete',
        targetType: 'image',
        targetId: id,
        summary: `Borró una imagen generada: «${cut(removed.prompt)}»`,
        before: { prompt: removed.prompt, file: removed.image_url, userId: removed.user_id },
      },
      db,
    );
    return removed.image_url;
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
