/** The SQL check of npm run check: PostgreSQL parses and describes a statement against the migrated schema without running it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { describeStatement } from '../../scripts/sql-check/describe.ts';
import { useMigratedDatabase } from './helpers/db.ts';

describe('describeStatement', () => {
  let client: pg.PoolClient;
  beforeAll(async () => {
    client = await (await useMigratedDatabase()).connect();
  });
  afterAll(() => client.release());

  it('returns the columns of a statement that names real tables and columns', async () => {
    expect(await describeStatement(client, 'SELECT id, slug AS "toolSlug" FROM posts WHERE id = $1')).toEqual({ columns: ['id', 'toolSlug'] });
  });

  it("fails with PostgreSQL's message and position for a column that does not exist", async () => {
    expect(await describeStatement(client, 'SELECT id, slugg FROM posts')).toMatchObject({
      code: '42703',
      message: 'column "slugg" does not exist',
      position: 12,
    });
  });

  it('types a parameter PostgreSQL cannot infer as text, and still checks the names around it', async () => {
    expect(await describeStatement(client, 'SELECT id FROM posts WHERE $1 IS NULL OR slug = $2')).toEqual({ columns: ['id'] });
    expect(await describeStatement(client, 'SELECT id FROM postss WHERE $1 IS NULL')).toMatchObject({ code: '42P01' });
  });

  it('runs nothing: an UPDATE is described and leaves the rows alone', async () => {
    await client.query(`INSERT INTO categories (name, slug) VALUES ('Sin tocar', 'sin-tocar')`);
    expect(await describeStatement(client, `UPDATE categories SET name = 'Tocada' RETURNING name`)).toEqual({ columns: ['name'] });
    expect((await client.query(`SELECT name FROM categories WHERE slug = 'sin-tocar'`)).rows).toEqual([{ name: 'Sin tocar' }]);
  });
});
