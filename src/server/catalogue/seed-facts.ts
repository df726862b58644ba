/**
 * The editorial team's checked facts for the seeded catalogue: supabase/seed/facts/*.json, objects keyed by tool slug
 * (see supabase/seed/SOURCES.md). Each entry names only what was checked; what it leaves out stays unknown. Applied
 * to a tool whose facts nobody has checked yet (facts_checked_at IS NULL) or whose last check was an earlier entry
 * of these files (no checker, an older day): an admin's check is never undone, while a re-checked entry still reaches
 * a database seeded before it. A pricing model in the entry fills a pricing that is still 'unknown'.
 */
import { readFile, readdir } from 'node:fs/promises';
import { z } from '../../lib/zod.ts';
import { pricingModels } from '../../lib/pricing.ts';
import { toolFactsInput } from '../../lib/tool-facts.ts';
import type { Queryable } from '../db/queryable.ts';
import { seedDir } from './seed-dir.ts';

const seedFactsEntry = toolFactsInput.partial().extend({
  pricing: z.enum(pricingModels).exclude(['unknown']).optional(),
  /** The day the facts were checked, YYYY-MM-DD. */
  checkedAt: z.iso.date(),
});
export type SeedFactsEntry = z.infer<typeof seedFactsEntry>;

const seedFactsFile = z.record(z.string().regex(/^[a-z0-9-]+$/), seedFactsEntry);

/** Every facts file merged; a slug in two files is an error, so two editors never silently overwrite each other. */
export async function readSeedFacts(directory = `${seedDir}facts`): Promise<Map<string, SeedFactsEntry>> {
  const files = (await readdir(directory).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort();
  const facts = new Map<string, SeedFactsEntry>();
  for (const file of files) {
    const parsed = seedFactsFile.safeParse(JSON.parse(await readFile(`${directory}/${file}`, 'utf8')));
    if (!parsed.success) throw new Error(`supabase/seed/facts/${file}: ${z.prettifyError(parsed.error)}`);
    for (const [slug, entry] of Object.entries(parsed.data)) {
      if (facts.has(slug)) throw new Error(`supabase/seed/facts/${file}: «${slug}» ya está en otro fichero de datos.`);
      facts.set(slug, entry);
    }
  }
  return facts;
}

/** Writes the seeded facts of the given tools (all when `slugs` is absent); returns how many tools it updated. */
export async function applySeedFacts(db: Queryable, facts: Map<string, SeedFactsEntry>, slugs?: string[]): Promise<number> {
  const wanted = slugs ? new Set(slugs) : undefined;
  const rows = [...facts]
    .filter(([slug]) => !wanted || wanted.has(slug))
    .map(([slug, entry]) => ({
      slug,
      pricing: entry.pricing ?? null,
      spanish_interface: entry.spanishInterface ?? 'unknown',
      spanish_output: entry.spanishOutput ?? 'unknown',
      spanish_voice: entry.spanishVoice ?? 'unknown',
      // toolFactsInput's defaults survive .partial(): an entry silent on these reads 'unknown', which must not undo
      // what the pricing model says (below), so 'unknown' here means "not said".
      free_plan: entry.freePlan === 'unknown' ? null : (entry.freePlan ?? null),
      price_from_amount: entry.priceFrom?.amount ?? null,
      price_from_currency: entry.priceFrom?.currency ?? null,
      price_from_period: entry.priceFrom?.period ?? null,
      platforms: entry.platforms ?? [],
      open_source: entry.openSource === 'unknown' ? null : (entry.openSource ?? null),
      license: entry.license ?? null,
      company: entry.company ?? null,
      company_country: entry.country ?? null,
      launch_year: entry.launchYear ?? null,
      signup_required: entry.signupRequired ?? 'unknown',
      checked_at: entry.checkedAt,
    }));
  if (rows.length === 0) return 0;
  // free_plan and open_source keep what the migration derived from the pricing model when the entry is silent.
  const updated = await db.query(
    `UPDATE posts p SET
       pricing = CASE WHEN p.pricing = 'unknown' AND t.pricing IS NOT NULL THEN t.pricing::pricing_model ELSE p.pricing END,
       spanish_interface = t.spanish_interface::fact_answer, spanish_output = t.spanish_output::fact_answer,
       spanish_voice = t.spanish_voice::fact_answer,
       free_plan = coalesce(t.free_plan::free_plan,
                            CASE WHEN coalesce(t.pricing, p.pricing::text) IN ('free', 'freemium') THEN 'yes'::free_plan ELSE p.free_plan END),
       price_from_amount = t.price_from_amount, price_from_currency = t.price_from_currency,
       price_from_period = t.price_from_period::price_period, platforms = t.platforms,
       open_source = coalesce(t.open_source::fact_answer,
                              CASE WHEN coalesce(t.pricing, p.pricing::text) = 'open_source' THEN 'yes'::fact_answer ELSE p.open_source END),
       license = t.license, company = t.company, company_country = t.company_country, launch_year = t.launch_year,
       signup_required = t.signup_required::fact_answer, facts_checked_at = t.checked_at::date, facts_checked_by = NULL
     FROM jsonb_to_recordset($1::jsonb) AS t(slug text, pricing text, spanish_interface text, spanish_output text,
          spanish_voice text, free_plan text, price_from_amount numeric, price_from_currency text, price_from_period text,
          platforms text[], open_source text, license text, company text, company_country text, launch_year smallint,
          signup_required text, checked_at text)
     WHERE p.slug = t.slug
       AND (p.facts_checked_at IS NULL OR (p.facts_checked_by IS NULL AND p.facts_checked_at < t.checked_at::date))`,
    [JSON.stringify(rows)],
  );
  return updated.rowCount ?? 0;
}
