import { afterAll, describe, expect, inject, it } from 'vitest';
import { closeDb } from '../../src/server/db/client.ts';
import { getPublishedToolForSocialImage } from '../../src/server/db/queries/public/tool-page.ts';
import { findPublishedSlugById, getPublishedToolBySlug } from '../../src/server/db/queries/public/tools.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
// The query modules reach the database through DATABASE_URL, as the build does.
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => closeDb());

const { rows: categories } = await pool.query<{ id: string; slug: string }>(`
  INSERT INTO categories (slug, name, color, icon) VALUES
    ('audio', 'Audio', '#A855F7', 'audio-lines'), ('video', 'Vídeo', '#EF4444', 'video')
  RETURNING id, slug`);
const categoryId = (slug: string) => categories.find((category) => category.slug === slug)!.id;
const { rows: tools } = await pool.query<{ id: string; slug: string }>(
  `INSERT INTO posts (title, slug, description, status, category_id, pricing) VALUES
     ('Doblador', 'doblador', 'Dobla vídeos a otros idiomas.', 'published', $1, 'freemium'),
     ('Suelta', 'suelta', 'Una herramienta sin categoría.', 'published', NULL, 'free'),
     ('Pendiente', 'pendiente', 'Aún sin revisar.', 'pending', $1, 'paid')
   RETURNING id, slug`,
  [categoryId('video')],
);
const toolId = (slug: string) => tools.find((tool) => tool.slug === slug)!.id;
// The primary category (posts.category_id) leads even when another one has a lower position.
await pool.query('INSERT INTO post_categories (post_id, category_id, position) VALUES ($1, $2, 0), ($1, $3, 1)', [
  toolId('doblador'),
  categoryId('audio'),
  categoryId('video'),
]);

describe('tool page queries', () => {
  it('read a published tool for its social image with its primary category, and nothing for one not published', async () => {
    expect(await getPublishedToolForSocialImage('doblador')).toEqual({
      title: 'Doblador',
      pricing: 'freemium',
      category: { slug: 'video', name: 'Vídeo', icon: 'video', color: '#EF4444' },
    });
    expect(await getPublishedToolForSocialImage('suelta')).toEqual({ title: 'Suelta', pricing: 'free', category: null });
    expect(await getPublishedToolForSocialImage('pendiente')).toBeUndefined();
    expect(await getPublishedToolForSocialImage('no-existe')).toBeUndefined();
  });

  it('read a published tool with its categories, primary first', async () => {
    const tool = await getPublishedToolBySlug('doblador');
    expect(tool?.categories.map((category) => category.slug)).toEqual(['video', 'audio']);
    expect(tool?.authorName).toBeNull();
    expect(await getPublishedToolBySlug('pendiente')).toBeUndefined();
  });

  it('find the slug of a published tool by its id, and nothing for others', async () => {
    expect(await findPublishedSlugById(toolId('doblador'))).toBe('doblador');
    expect(await findPublishedSlugById(toolId('pendiente'))).toBeUndefined();
    expect(await findPublishedSlugById('no-es-un-uuid')).toBeUndefined();
  });
});
