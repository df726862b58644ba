import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
const domainOf = async (url: string | null) => (await pool.query<{ domain: string | null }>('SELECT registrable_domain($1) AS domain', [url])).rows[0]!.domain;

describe('registrable domain of a tool', () => {
  it('names one site however its address is written', async () => {
    expect(await domainOf('https://chat.openai.com/c/123')).toBe('openai.com');
    expect(await domainOf('https://WWW.OpenAI.com')).toBe('openai.com');
    expect(await domainOf('http://user:pw@app.ejemplo.co.uk:8080/x?y')).toBe('ejemplo.co.uk');
    expect(await domainOf('https://www.marca.com.es/')).toBe('marca.com.es');
    expect(await domainOf('https://midjourney.com')).toBe('midjourney.com');
    expect(await domainOf('https://localhost:3000')).toBe('localhost');
    expect(await domainOf('no es una url')).toBeNull();
    expect(await domainOf(null)).toBeNull();
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
