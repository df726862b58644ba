/**
 * The one rule for stored files (uploads, generated images, avatars, catalogue logos): who may point a row at a
 * file, and when a file may go.
 *
 * Referencing: a publication, a profile or a gallery may name only files its author uploaded or generated; an
 * admin may name any. Ownership is what the site recorded when it stored the file: uploads live at
 * `<owner segment>/<timestamp>.<ext>` (images.server.ts of publish), generated images have their
 * image_generation_history row with the user's id, avatars are the profile's own. Curated logos (`logos/…`),
 * enrichment images and anything else belong to the site. A file the row already pointed at stays allowed, so
 * an author can keep what an admin chose for them.
 *
 * Deleting: a file goes only when no row references it any more (any post's images or article, any profile, any
 * generated image) and never when it is a curated catalogue file, which only the seed's curation writes and no
 * person's action removes. Every delete path (a submission, an account, a gallery image, an avatar, the admin's
 * deletions, the enricher's replacements) calls deleteUnreferencedFiles.
 */
import type { Queryable } from '../db/queryable.ts';
import { getPool } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { keyOf, type StorageDriver } from './driver.ts';
import { storedKeysInHtml } from './references.ts';

/** Files the catalogue's curation draws once (CURATION_VERSIONS): never deleted by anyone's action. */
const CURATED_PREFIXES = ['logos/'] as const;

export function isCuratedFile(key: string): boolean {
  return CURATED_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** The first segment of a user's upload keys: keys hold lower-case segments only, better-auth ids are mixed case. */
export function uploadOwnerSegment(userId: string): string {
  return userId.toLowerCase().replace(/[^a-z0-9_-]/g, '') || 'anonimo';
}

/** Segments the site writes itself: no user's uploads live there whatever their id looks like. */
const SITE_SEGMENTS = new Set(['generated', 'avatars', 'logos', 'enrichment']);

/** The owner segment of an upload key (`<segment>/<timestamp>.<ext>`, as storePublicationImage writes it), or null. */
function uploadSegmentOf(key: string): string | null {
  const match = /^([a-z0-9_-]+)\/\d{1,16}\.(?:jpg|png)$/.exec(key);
  return match && !SITE_SEGMENTS.has(match[1]!) ? match[1]! : null;
}

function isOwnUpload(userId: string | null, key: string): boolean {
  return userId !== null && uploadSegmentOf(key) === uploadOwnerSegment(userId);
}

export interface FileActor {
  id: string;
  role: 'user' | 'admin';
}

/** The keys among `keys` that the user neither uploaded, nor generated, nor holds as their avatar. */
export async function filesNotOwnedBy(userId: string, keys: readonly string[], db: Queryable = getPool()): Promise<string[]> {
  const rest = [...new Set(keys)].filter((key) => !isOwnUpload(userId, key));
  if (rest.length === 0) return [];
  const { rows } = await db.query<{ key: string }>(
    `SELECT k AS key FROM unnest($2::text[]) AS k
      WHERE NOT EXISTS (SELECT 1 FROM image_generation_history h WHERE h.user_id = $1 AND h.image_url IN (k, '/media/' || k))
        AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = $1 AND p.avatar_url IN (k, '/media/' || k))`,
    [userId, rest],
  );
  return rows.map((row) => row.key);
}

/**
 * Refuses (file_not_yours) when `keys` name a file the actor may not reference. `held` are the keys the row being
 * saved already pointed at. Runs before any other work, so a refused request changes nothing.
 */
export async function assertMayReference(actor: FileActor, keys: readonly string[], options: { held?: readonly string[]; db?: Queryable } = {}): Promise<void> {
  if (actor.role === 'admin') return;
  const held = new Set(options.held ?? []);
  const asked = keys.filter((key) => !held.has(key));
  if (asked.length === 0) return;
  if ((await filesNotOwnedBy(actor.id, asked, options.db)).length > 0) throw new AppError('file_not_yours');
}

/** The keys behind stored references (a key, or a legacy `/media/<key>`), without repeats. */
export function keysOfReferences(references: ReadonlyArray<string | null | undefined>): string[] {
  return [...new Set(references.flatMap((reference) => (reference ? (keyOf(reference) ?? []) : [])))];
}

/**
 * The keys no row references any more. Posts are searched in every column that can name a file: the image and
 * logo, the social images built from them (URLs that contain the key) and the images of the article's HTML.
 * An article references a file only through an image it shows (storedKeysInHtml, the same reading the ownership
 * rule makes): its text merely spelling a key out, which anyone can write about anyone's file, keeps nothing.
 */
export async function unreferencedFiles(keys: readonly string[], db: Queryable = getPool(), storage?: StorageDriver): Promise<string[]> {
  if (keys.length === 0) return [];
  const { rows } = await db.query<{ key: string }>(
    `SELECT k AS key FROM unnest($1::text[]) AS k
      WHERE NOT EXISTS (
              SELECT 1 FROM posts p
               WHERE p.image_url IN (k, '/media/' || k) OR p.logo_url IN (k, '/media/' || k)
                  OR strpos(p.og_image, k) > 0 OR strpos(p.twitter_image, k) > 0 OR strpos(p.whatsapp_image, k) > 0)
        AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.avatar_url IN (k, '/media/' || k))
        AND NOT EXISTS (SELECT 1 FROM image_generation_history h WHERE h.image_url IN (k, '/media/' || k))`,
    [[...new Set(keys)]],
  );
  const candidates = rows.map((row) => row.key);
  if (candidates.length === 0) return [];
  // Only the articles that contain one of the keys at all are read, then parsed as the browser would show them.
  const articles = await db.query<{ content: string }>(
    `SELECT content FROM posts WHERE content IS NOT NULL AND EXISTS (SELECT 1 FROM unnest($1::text[]) AS k WHERE strpos(content, k) > 0)`,
    [candidates],
  );
  const shown = new Set(articles.rows.flatMap((row) => storedKeysInHtml(row.content, { storage })));
  return candidates.filter((key) => !shown.has(key));
}

/**
 * Deletes the files behind `references` that nothing references any more and that are not curated; call it after
 * the rows that referenced them are gone (committed). A file that fails to go is logged: it is only wasted space.
 * Returns the keys deleted.
 */
export async function deleteUnreferencedFiles(
  references: ReadonlyArray<string | null | undefined>,
  options: {
    storage: StorageDriver;
    db?: Queryable;
    what: string;
    /**
     * Whose action this is (null: an anonymous visitor); omitted for an admin's or the site's own. A person's action
     * never deletes another person's upload, even one a row from before this rule pointed at.
     */
    actorId?: string | null;
  },
): Promise<string[]> {
  const { actorId } = options;
  const candidates = keysOfReferences(references).filter(
    (key) => !isCuratedFile(key) && (actorId === undefined || uploadSegmentOf(key) === null || isOwnUpload(actorId, key)),
  );
  const deleted: string[] = [];
  for (const key of await unreferencedFiles(candidates, options.db, options.storage)) {
    try {
      await options.storage.delete(key);
      deleted.push(key);
    } catch (error) {
      console.error(`No se pudo borrar el archivo ${key} (${options.what})`, error);
    }
  }
  return deleted;
}
