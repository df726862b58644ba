import { getTableName, is, SQL, Column } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { toolPageColumns } from '../../src/server/db/queries/public/tools.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { createAccount, createTool } from './helpers/fixtures.ts';

const pool = await useMigratedDatabase();

// Columns the tool page selects whose changes reach the page some other way (see 20261126105400_page_columns_once.sql).
const CHANGED_ELSEWHERE: Record<string, string> = {
  id: 'never changes',
  created_at: 'never changes',
  updated_at: 'moves with every write, shown only as the date of the last one',
  rating_count: 'kept by reviews_apply_to_post(), which stamps the page itself',
  rating_sum: 'kept by reviews_apply_to_post(), which stamps the page itself',
  article_text_length: 'generated from content',
};

/** The posts columns the tool page's query reads, from the query's own selection (Drizzle columns and raw SQL). */
function toolPageToolColumns(): Set<string> {
  const dialect = new PgDialect();
  const names = new Set<string>();
  for (const value of Object.values(toolPageColumns)) {
    if (is(value, Column)) {
      if (getTableName(value.table) === 'posts') names.add(value.name);
      continue;
    }
    const text = dialect.sqlToQuery(value as SQL).sql;
    for (const match of text.matchAll(/"posts"\."?([a-z_]+)"?/g)) names.add(match[1]!);
  }
  return names;
}

const pageColumns = async () => (await pool.query<{ columns: string[] }>('SELECT public.post_page_columns() AS columns')).rows[0]!.columns;

async function triggerColumns(trigger: string): Promise<string[]> {
  const { rows } = await pool.query<{ columns: string[] }>(
    `SELECT array(SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = t.tgrelid AND a.attnum = ANY (t.tgattr) ORDER BY a.attname) AS columns
       FROM pg_trigger t WHERE t.tgrelid = 'public.posts'::regclass AND t.tgname = $1`,
    [trigger],
  );
  return rows[0]!.columns;
}

describe('the columns that change a published page', () => {
  it('include every posts column the tool page selects', async () => {
    const shown = toolPageToolColumns();
    // The walk must see the facts box's raw SQL and the card's columns, or it proves nothing.
    expect(shown).toContain('spanish_interface');
    expect(shown).toContain('title');
    const listed = new Set(await pageColumns());
    const missing = [...shown].filter((column) => !listed.has(column) && !(column in CHANGED_ELSEWHERE));
    expect(missing).toEqual([]);
  });

  it('are the ones both triggers watch, so a new column in the list reaches them', async () => {
    const listed = [...(await pageColumns())].sort();
    expect(await triggerColumns('posts_page_changed')).toEqual(listed);
    expect(await triggerColumns('posts_content_version_update')).toEqual(listed);
  });

  it('stamp the page and move the content version for a listed column, and neither for a counter', async () => {
    const [tool, checker] = [await createTool(pool), await createAccount(pool)];
    const state = async () =>
      (
        await pool.query<{ stamped: string | null; version: string }>(
          `SELECT (SELECT page_changed_at::text FROM posts WHERE id = $1) AS stamped, (SELECT last_value::text FROM content_version_seq) AS version`,
          [tool.id],
        )
      ).rows[0]!;
    const before = await state();
    await pool.query('UPDATE posts SET views = views + 1 WHERE id = $1', [tool.id]);
    expect(await state()).toEqual(before);

    await pool.query('UPDATE posts SET facts_checked_by = $2 WHERE id = $1', [tool.id, checker.id]);
    const after = await state();
    expect(after.stamped).not.toBe(before.stamped);
    expect(after.version).not.toBe(before.version);
  });
});
