/**
 * The image generator's history: each visitor reads and changes only their own rows,
 * a signed-in user by user id and an anonymous visitor by the session id kept in their browser.
 * Every function takes the owner and filters by it in SQL: ownership is never checked in JavaScript.
 */
import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import {
  GALLERY_PAGE_SIZE,
  RECENT_LIMIT,
  RECENT_WINDOW_HOURS,
  type GalleryListing,
  type GalleryPage,
  type GallerySort,
  type GalleryTab,
  type GeneratedImageView,
} from './image-generator.ts';
import type { VisitorType } from '../../lib/visitor/visitor.ts';
import { keyOf, servedImage, type StorageDriver } from '../../server/storage/driver.ts';
import { getStorage } from '../../server/storage/storage.ts';
import { getDb, type Database } from '../../server/db/client.ts';
import { imageGenerationHistory as history, savedGeneratedImages as saved } from '../../server/db/schema.ts';

export type ImageOwner = { userId: string } | { sessionId: string };

const viewColumns = {
  id: history.id,
  prompt: history.prompt,
  model: history.modelUsed,
  // image_url holds the storage key (or, in rows from before keys, `/media/<key>`): the driver makes the URLs.
  imageRef: history.imageUrl,
  width: history.width,
  height: history.height,
  isSaved: history.isSaved,
  createdAt: history.createdAt,
};

type ViewRow = { [K in keyof typeof viewColumns]: (typeof viewColumns)[K]['_']['data'] };

function toView({ imageRef, ...row }: ViewRow, storage: StorageDriver): GeneratedImageView {
  const key = keyOf(imageRef);
  const image = key ? servedImage(storage, key) : null;
  return {
    ...row,
    imageUrl: image?.url ?? imageRef,
    resizedUrls: image?.widths ?? { 600: imageRef, 900: imageRef, 1200: imageRef, 1600: imageRef },
    createdAt: row.createdAt.toISOString(),
  };
}

function ownedBy(owner: ImageOwner): SQL {
  return 'userId' in owner ? eq(history.userId, owner.userId) : and(eq(history.sessionId, owner.sessionId), sql`${history.userId} IS NULL`)!;
}

const recentSince = () => sql`now() - make_interval(hours => ${RECENT_WINDOW_HOURS})`;

export interface NewGeneratedImage {
  owner: ImageOwner;
  visitorType: VisitorType;
  prompt: string;
  enhancedPrompt: string;
  model: string;
  provider: string;
  /** The storage key the image was put under. */
  imageKey: string;
  width: number;
  height: number;
  seed: number;
}

export async function insertGeneratedImage(image: NewGeneratedImage, db: Database = getDb(), storage = getStorage()): Promise<GeneratedImageView> {
  const [row] = await db
    .insert(history)
    .values({
      userId: 'userId' in image.owner ? image.owner.userId : null,
      sessionId: 'sessionId' in image.owner ? image.owner.sessionId : null,
      prompt: image.prompt,
      enhancedPrompt: image.enhancedPrompt,
      modelUsed: image.model,
      provider: image.provider,
      imageUrl: image.imageKey,
      imageCount: 1,
      width: image.width,
      height: image.height,
      seed: image.seed,
      visitorType: image.visitorType,
    })
    .returning(viewColumns);
  return toView(row!, storage);
}

/** Prompts containing the words, ignoring case and accents (strpos: the visitor's text is never a pattern). */
function promptContains(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return sql`strpos(lower(extensions.unaccent(${history.prompt})), lower(extensions.unaccent(${search}))) > 0`;
}

function galleryOrder(sort: GallerySort, savedFirst = false): SQL[] {
  if (sort === 'oldest') return [asc(history.createdAt), asc(history.id)];
  // Alphabetical as a Spanish reader expects, whatever the database's collation: 'Árbol' before 'barco'.
  if (sort === 'prompt') return [asc(sql`lower(extensions.unaccent(${history.prompt}))`), desc(history.createdAt), desc(history.id)];
  return savedFirst ? [desc(saved.createdAt), desc(saved.id)] : [desc(history.createdAt), desc(history.id)];
}

/**
 * One gallery tab: Todas and Guardadas in pages of 16, Recientes the last day's newest 12; counts for every tab
 * (always of the whole gallery, not of the search). `listing` is a page number, or a page with a search and an order.
 */
export async function listGallery(
  owner: ImageOwner,
  tab: GalleryTab,
  listing: number | GalleryListing,
  db: Database = getDb(),
  storage = getStorage(),
): Promise<GalleryPage> {
  const { page, search, sort = 'newest', pageSize = GALLERY_PAGE_SIZE } = typeof listing === 'number' ? { page: listing } : listing;
  const [totals] = await db
    .select({
      all: count(),
      saved: sql<number>`count(*) FILTER (WHERE ${history.isSaved})`.mapWith(Number),
      recent: sql<number>`least(count(*) FILTER (WHERE ${history.createdAt} > ${recentSince()}), ${RECENT_LIMIT})`.mapWith(Number),
    })
    .from(history)
    .where(ownedBy(owner));
  const counts = { all: totals?.all ?? 0, saved: totals?.saved ?? 0, recent: totals?.recent ?? 0 };

  if (tab === 'recent') {
    const rows = await db
      .select(viewColumns)
      .from(history)
      .where(and(ownedBy(owner), gt(history.createdAt, recentSince())))
      .orderBy(desc(history.createdAt), desc(history.id))
      .limit(RECENT_LIMIT);
    return { items: rows.map((row) => toView(row, storage)), counts, hasMore: false };
  }
  if (tab === 'saved' && !('userId' in owner)) return { items: [], counts, hasMore: false };

  const offset = (page - 1) * pageSize;
  const rows =
    tab === 'saved'
      ? await db
          .select(viewColumns)
          .from(saved)
          .innerJoin(history, eq(history.id, saved.imageHistoryId))
          .where(and(eq(saved.userId, (owner as { userId: string }).userId), ownedBy(owner), promptContains(search)))
          .orderBy(...galleryOrder(sort, true))
          .limit(pageSize + 1)
          .offset(offset)
      : await db
          .select(viewColumns)
          .from(history)
          .where(and(ownedBy(owner), promptContains(search)))
          .orderBy(...galleryOrder(sort))
          .limit(pageSize + 1)
          .offset(offset);
  return { items: rows.slice(0, pageSize).map((row) => toView(row, storage)), counts, hasMore: rows.length > pageSize };
}

/**
 * SPEC's toggle_saved_image: true when the image is saved now. The history row is locked first, so two
 * quick clicks cannot leave is_saved and saved_generated_images disagreeing. null: not this user's image.
 */
export async function toggleSavedImage(userId: string, imageId: string, db: Database = getDb()): Promise<boolean | null> {
  return db.transaction(async (tx) => {
    const [image] = await tx
      .select({ id: history.id })
      .from(history)
      .where(and(eq(history.id, imageId), eq(history.userId, userId)))
      .for('update');
    if (!image) return null;
    const removed = await tx
      .delete(saved)
      .where(and(eq(saved.userId, userId), eq(saved.imageHistoryId, imageId)))
      .returning({ id: saved.id });
    const savedNow = removed.length === 0;
    if (savedNow) await tx.insert(saved).values({ userId, imageHistoryId: imageId });
    await tx.update(history).set({ isSaved: savedNow }).where(eq(history.id, imageId));
    return savedNow;
  });
}

/** Deletes the owner's image (its saved link goes with it) and returns its stored reference (see keyOf) so the file can go too. */
export async function deleteOwnedImage(owner: ImageOwner, imageId: string, db: Database = getDb()): Promise<string | null> {
  const [row] = await db
    .delete(history)
    .where(and(eq(history.id, imageId), ownedBy(owner)))
    .returning({ imageUrl: history.imageUrl });
  return row?.imageUrl ?? null;
}
