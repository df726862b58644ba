import { describe, expect, it } from 'vitest';
import { registrableDomain } from '../../src/server/catalogue/site-check.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
const domainOf = async (url: string | null) => (await pool.query<{ domain: string | null }>('SELECT registrable_domain($1) AS domain', [url])).rows[0]!.domain;

/** Addresses and the site they name; the database's registrable_domain() and the link checker's must agree on all. */
const CASES: [url: string, domain: string | null][] = [
  ['https://chat.openai.com/c/123', 'openai.com'],
  ['https://WWW.OpenAI.com', 'openai.com'],
  ['http://user:pw@app.ejemplo.co.uk:8080/x?y', 'ejemplo.co.uk'],
  ['https://www.marca.com.es/', 'marca.com.es'],
  ['https://midjourney.com', 'midjourney.com'],
  ['https://localhost:3000', 'localhost'],
  ['https://www.Ejemplo.ES./precios', 'ejemplo.es'],
  ['http://192.168.1.20:8080/panel', '192.168.1.20'],
  ['no es una url', null],
];

describe('registrable domain of a tool', () => {
  it('names one site however its address is written', async () => {
    for (const [url, domain] of CASES) expect(await domainOf(url), url).toBe(domain);
    expect(await domainOf(null)).toBeNull();
  });

  it('is the same in the link checker (registrableDomain) as in the database', () => {
    for (const [url, domain] of CASES) expect(registrableDomain(url), url).toBe(domain);
  });

  it('is kept on every post by a trigger, whoever writes the URL', async () => {
    const { rows } = await pool.query<{ domain: string }>(
      "INSERT INTO posts (title, slug, description, url) VALUES ('Uno', 'uno', 'Uno.', 'https://beta.perplexity.ai/x') RETURNING domain",
    );
    expect(rows[0]!.domain).toBe('perplexity.ai');
    const updated = await pool.query<{ domain: string }>("UPDATE posts SET url = 'https://claude.ai' WHERE slug = 'uno' RETURNING domain");
    expect(updated.rows[0]!.domain).toBe('claude.ai');
  });
});
