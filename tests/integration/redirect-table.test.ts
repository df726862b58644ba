import { describe, expect, it } from 'vitest';
import { RedirectTable } from '../../src/server/http/redirects.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();

describe('the redirect table the server applies', () => {
  it('never leads to a tool that is no longer published: 410 until it is back', async () => {
    await pool.query(
      `INSERT INTO posts (title, slug, description, status) VALUES
         ('Nuevo nombre', 'nuevo-nombre', 'Una herramienta publicada.', 'published'),
         ('Retirada', 'retirada', 'Una herramienta que su autor retiró.', 'published')`,
    );
    await pool.query(
      `INSERT INTO redirects (from_path, to_path, status_code) VALUES
         ('/nombre-viejo', '/nuevo-nombre', 301), ('/otro-viejo', '/retirada', 301), ('/ayuda-vieja', '/ayuda', 301),
         ('/borrada', NULL, 410)`,
    );
    await pool.query("UPDATE posts SET status = 'pending' WHERE slug = 'retirada'");
    const table = new RedirectTable(() => pool);
    await table.reload();
    expect(table.lookup('/nombre-viejo')).toEqual({ status: 301, to: '/nuevo-nombre' });
    expect(table.lookup('/otro-viejo')).toEqual({ status: 410, to: null });
    // A target that is not a tool (a page of the site) is followed as written.
    expect(table.lookup('/ayuda-vieja')).toEqual({ status: 301, to: '/ayuda' });
    expect(table.lookup('/borrada')).toEqual({ status: 410, to: null });

    await pool.query("UPDATE posts SET status = 'published' WHERE slug = 'retirada'");
    await table.reload();
    expect(table.lookup('/otro-viejo')).toEqual({ status: 301, to: '/retirada' });
  });
});
