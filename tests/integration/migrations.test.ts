import { describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../src/server/db/migrate.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { createAccount, createTool } from './helpers/fixtures.ts';

const pool = await useMigratedDatabase();

/** A published tool of the test's own; its slug. */
const insertLumen = async () =>
  (
    await pool.query<{ slug: string }>(
      "INSERT INTO posts (title, slug, description, status) VALUES ('Lumen', 'lumen-' || gen_random_uuid(), 'Retoques rápidos.', 'published') RETURNING slug",
    )
  ).rows[0]!.slug;

describe('migrations', () => {
  it('records every migration file as applied, and a second run applies nothing', async () => {
    const files = await readMigrations();
    const { rows } = await pool.query<{ version: string }>('SELECT version FROM supabase_migrations.schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(files.map((file) => file.version));
    expect(await migrate(pool)).toEqual([]);
  });

  it('creates every table of the data model with row-level security enabled', async () => {
    const { rows } = await pool.query<{ tablename: string; rowsecurity: boolean }>(
      "SELECT tablename, rowsecurity FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    expect(rows.map((row) => row.tablename)).toEqual([
      'accounts',
      'admin_notices',
      'ai_usage',
      'article_drafts',
      'audit_log',
      'categories',
      'comparison_visits',
      'generated_image_descriptions',
      'generated_stories',
      'image_generation_history',
      'link_checks',
      'listing_proposals',
      'post_categories',
      'post_clicks',
      'post_views',
      'posts',
      'profiles',
      'rate_limit_buckets',
      'rebuild_runs',
      'redirects',
      'review_replies',
      'review_reports',
      'review_votes',
      'reviews',
      'saved_generated_images',
      'saved_image_descriptions',
      'saved_posts',
      'search_misses',
      'sessions',
      'site_settings',
      'submission_drafts',
      'tool_claims',
      'tool_reports',
      'verifications',
    ]);
    expect(rows.filter((row) => !row.rowsecurity)).toEqual([]);
  });

  it('indexes posts for Spanish, accent-insensitive full-text search', async () => {
    await pool.query(
      `INSERT INTO posts (title, slug, description, status, keywords)
       VALUES ('Generadores de imágenes', 'generadores', 'Crea ilustraciones a partir de texto.', 'published', '{diseño}')`,
    );
    const search = (query: string) => pool.query("SELECT slug FROM posts WHERE search_vector @@ websearch_to_tsquery('public.es_unaccent', $1)", [query]);
    expect((await search('imagenes')).rows).toEqual([{ slug: 'generadores' }]);
    expect((await search('generador')).rows).toEqual([{ slug: 'generadores' }]);
    expect((await search('DISENO')).rows).toEqual([{ slug: 'generadores' }]);
    expect((await search('vídeo')).rows).toEqual([]);
    const plan = await pool.query("SELECT indexdef FROM pg_indexes WHERE indexname = 'posts_search_idx'");
    expect(plan.rows[0].indexdef).toContain('USING gin');
  });

  it('adds category names to the search document when a post is linked to a category', async () => {
    const category = await pool.query<{ id: string }>("INSERT INTO categories (name, slug) VALUES ('Fotografía', 'fotografia') RETURNING id");
    const tool = await pool.query<{ id: string }>(
      "INSERT INTO posts (title, slug, description, status) VALUES ('Lumen', 'lumen', 'Retoques rápidos.', 'published') RETURNING id",
    );
    await pool.query('INSERT INTO post_categories (post_id, category_id) VALUES ($1, $2)', [tool.rows[0]!.id, category.rows[0]!.id]);
    const { rows } = await pool.query("SELECT slug FROM posts WHERE search_vector @@ plainto_tsquery('public.es_unaccent', 'fotografia')");
    expect(rows).toEqual([{ slug: 'lumen' }]);
  });

  it('bumps the content version on content edits but not on view counters', async () => {
    const lumen = await insertLumen();
    const version = async () => Number((await pool.query('SELECT last_value FROM content_version_seq')).rows[0].last_value);
    const before = await version();
    await pool.query('UPDATE posts SET views = views + 1 WHERE slug = $1', [lumen]);
    await pool.query('UPDATE posts SET saved_count = saved_count + 1 WHERE slug = $1', [lumen]);
    expect(await version()).toBe(before);
    await pool.query("UPDATE posts SET description = 'Retoques rápidos de fotos.' WHERE slug = $1", [lumen]);
    expect(await version()).toBeGreaterThan(before);
  });

  it('refuses a second save of the same tool by the same user', async () => {
    const [user, tool] = [await createAccount(pool), await createTool(pool)];
    await pool.query('INSERT INTO saved_posts (user_id, post_id) VALUES ($1, $2)', [user.id, tool.id]);
    await expect(pool.query('INSERT INTO saved_posts (user_id, post_id) VALUES ($1, $2)', [user.id, tool.id])).rejects.toThrow(/saved_posts_user_post_key/);
  });
});
