import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applySeedFacts, readSeedFacts } from '../../src/server/catalogue/seed-facts.ts';
import { seedCatalogue } from '../../src/server/catalogue/seed.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
await seedCatalogue(pool);

async function factsDir(files: Record<string, unknown>): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'facts-'));
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(directory, name), JSON.stringify(content));
  return directory;
}

const factsOf = async (slug: string) =>
  (
    await pool.query(
      `SELECT pricing, free_plan, open_source, spanish_interface, spanish_voice, platforms, price_from_amount,
              price_from_currency, price_from_period, company, company_country, launch_year, facts_checked_at IS NOT NULL AS checked
       FROM posts WHERE slug = $1`,
      [slug],
    )
  ).rows[0];

describe('seeded facts', () => {
  it('every facts file in supabase/seed is valid and names only seeded tools', async () => {
    const facts = await readSeedFacts();
    const { rows } = await pool.query<{ slug: string }>('SELECT slug FROM posts WHERE slug = ANY($1::text[])', [[...facts.keys()]]);
    expect(rows.length).toBe(facts.size);
  });

  it('the migration turns the pricing model into facts and infers nothing else', async () => {
    const { rows } = await pool.query(`
      SELECT count(*) FILTER (WHERE pricing IN ('free', 'freemium') AND free_plan <> 'yes')::int AS free_without_plan,
             count(*) FILTER (WHERE pricing = 'open_source' AND open_source <> 'yes')::int AS open_not_marked,
             count(*) FILTER (WHERE pricing = 'unknown' AND facts_checked_at IS NULL AND (free_plan <> 'unknown' OR open_source <> 'unknown'
                              OR spanish_interface <> 'unknown' OR platforms <> '{}'))::int AS guessed
      FROM posts`);
    expect(rows[0]).toEqual({ free_without_plan: 0, open_not_marked: 0, guessed: 0 });
  });

  it('applies an entry to an unchecked tool, fills an unknown pricing and leaves what it does not say unknown', async () => {
    const { rows } = await pool.query<{ slug: string }>("SELECT slug FROM posts WHERE pricing = 'unknown' AND facts_checked_at IS NULL LIMIT 1");
    const slug = rows[0]!.slug;
    const directory = await factsDir({
      'a.json': {
        [slug]: {
          pricing: 'paid',
          spanishInterface: 'yes',
          platforms: ['api', 'web'],
          priceFrom: { amount: 12.5, currency: 'EUR', period: 'month' },
          company: 'Ejemplo S.L.',
          country: 'es',
          launchYear: 2023,
          checkedAt: '2026-11-25',
        },
      },
    });
    const facts = await readSeedFacts(directory);
    expect(await applySeedFacts(pool, facts)).toBe(1);
    expect(await factsOf(slug)).toEqual({
      pricing: 'paid',
      free_plan: 'unknown',
      open_source: 'unknown',
      spanish_interface: 'yes',
      spanish_voice: 'unknown',
      platforms: ['web', 'api'],
      price_from_amount: '12.50',
      price_from_currency: 'EUR',
      price_from_period: 'month',
      company: 'Ejemplo S.L.',
      company_country: 'ES',
      launch_year: 2023,
      checked: true,
    });
    // Checked once: a second pass (a re-seed after an admin's edit) changes nothing.
    await pool.query("UPDATE posts SET company = 'Corregido por un administrador' WHERE slug = $1", [slug]);
    expect(await applySeedFacts(pool, facts)).toBe(0);
    expect((await factsOf(slug)).company).toBe('Corregido por un administrador');
  });

  it('lets a later entry of the seed files replace an earlier one, but never what an admin checked', async () => {
    const { rows } = await pool.query<{ slug: string }>(
      "SELECT slug FROM posts WHERE pricing = 'unknown' AND facts_checked_at IS NULL ORDER BY slug LIMIT 2 OFFSET 5",
    );
    const [seeded, checkedByAdmin] = rows.map((row) => row.slug) as [string, string];
    const entries = (checkedAt: string, company: string) => ({ [seeded]: { company, checkedAt }, [checkedByAdmin]: { company, checkedAt } });
    await applySeedFacts(pool, await readSeedFacts(await factsDir({ 'a.json': entries('2026-11-25', 'Primera comprobación') })));
    await pool.query("INSERT INTO profiles (id, name, email, role) VALUES ('editora', 'Editora', 'editora@brujula.test', 'admin')");
    await pool.query("UPDATE posts SET company = 'Comprobado por una administradora', facts_checked_by = 'editora' WHERE slug = $1", [checkedByAdmin]);
    const later = await readSeedFacts(await factsDir({ 'a.json': entries('2026-11-26', 'Segunda comprobación') }));
    expect(await applySeedFacts(pool, later)).toBe(1);
    expect((await factsOf(seeded)).company).toBe('Segunda comprobación');
    expect((await factsOf(checkedByAdmin)).company).toBe('Comprobado por una administradora');
    // The same entry again changes nothing: a restart does not rewrite the row.
    expect(await applySeedFacts(pool, later)).toBe(0);
  });

  it('keeps what the pricing model says when an entry does not mention the free plan or open source', async () => {
    const { rows } = await pool.query<{ slug: string }>(
      "SELECT slug FROM posts WHERE pricing = 'unknown' AND facts_checked_at IS NULL ORDER BY slug DESC LIMIT 1",
    );
    const slug = rows[0]!.slug;
    const facts = await readSeedFacts(await factsDir({ 'a.json': { [slug]: { pricing: 'freemium', spanishOutput: 'yes', checkedAt: '2026-11-25' } } }));
    await applySeedFacts(pool, facts);
    expect(await factsOf(slug)).toMatchObject({ pricing: 'freemium', free_plan: 'yes', open_source: 'unknown' });
  });

  it('refuses a file with an invalid value or a slug already in another file', async () => {
    await expect(readSeedFacts(await factsDir({ 'a.json': { chatgpt: { freePlan: 'maybe', checkedAt: '2026-11-25' } } }))).rejects.toThrow(/a\.json/);
    await expect(
      readSeedFacts(await factsDir({ 'a.json': { chatgpt: { checkedAt: '2026-11-25' } }, 'b.json': { chatgpt: { checkedAt: '2026-11-25' } } })),
    ).rejects.toThrow(/chatgpt/);
  });
});
