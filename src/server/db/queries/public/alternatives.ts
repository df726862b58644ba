/** Reads for the alternatives and comparison pages: published tools with their tasks, categories and facts. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alternativesPageOf, MIN_ALTERNATIVES, type AlternativeSubject } from '../../../../lib/alternatives.ts';
import type { ToolCardData } from '../../../../lib/tool-card.ts';
import type { ToolFacts } from '../../../../lib/tool-facts.ts';
import { withImageUrls } from '../../../storage/references.ts';
import { getDb, getPool } from '../../client.ts';
import { posts } from '../../schema.ts';
import { toolFactsJson } from '../tool-facts.ts';
import { activeCategorySlugs, catalogueOrder, indexable, toolCardColumns } from './tools.ts';

const published = eq(posts.status, 'published');

const decisionColumns = {
  ...toolCardColumns,
  useCases: posts.useCases,
  editorialRank: posts.editorialRank,
  facts: sql<ToolFacts>`${sql.raw(toolFactsJson('"posts"'))}`,
  indexable: sql<boolean>`${indexable}`,
};

export type AlternativeCandidate = ToolCardData &
  AlternativeSubject & { indexable: boolean; useCases: string[] | null; editorialRank: number | null; facts: ToolFacts };

function toCandidate(row: Omit<AlternativeCandidate, 'categorySlugs'>): AlternativeCandidate {
  return { ...withImageUrls(row), categorySlugs: row.categories.map((category) => category.slug) };
}

/** Every published tool (retired ones included, so a page can tell them apart), best known first. */
export async function listAlternativeCandidates(): Promise<AlternativeCandidate[]> {
  const rows = await getDb()
    .select(decisionColumns)
    .from(posts)
    .where(published)
    .orderBy(...catalogueOrder);
  return rows.map(toCandidate);
}

/** A tool and its ranked alternatives: the props of its «Alternativas a…» page. */
export interface AlternativesPage {
  tool: AlternativeCandidate;
  alternatives: AlternativeCandidate[];
}

/** What the ranking reads of a tool (AlternativeSubject), without what only a card shows. */
const subjectColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  categorySlugs: activeCategorySlugs,
  useCases: posts.useCases,
  pricing: posts.pricing,
  facts: decisionColumns.facts,
  editorialRank: posts.editorialRank,
  discontinued: toolCardColumns.discontinued,
};

/**
 * An alternatives page rendered on demand (docs/decisions/015): the published tool `slug` and its ranked
 * alternatives, or undefined when it has no page. The ranking reads only the tool and the live published tools
 * sharing a task or an active category with it, which are all its good alternatives (isGoodAlternative), so it is
 * the ranking the build makes from the whole catalogue; and of those only what it needs: at 50,000 tools a tool
 * shares something with thousands. The cards' columns are read for the few shown.
 */
export async function readAlternativesPageOf(slug: string): Promise<AlternativesPage | undefined> {
  const sharing = sql`
    SELECT other.id FROM posts tool JOIN posts other ON other.use_cases && tool.use_cases WHERE tool.slug = ${slug}
    UNION
    SELECT peer.post_id FROM posts tool
    JOIN post_categories own ON own.post_id = tool.id
    JOIN categories category ON category.id = own.category_id AND category.is_active
    JOIN post_categories peer ON peer.category_id = own.category_id
    WHERE tool.slug = ${slug}`;
  const subjects = await getDb()
    .select(subjectColumns)
    .from(posts)
    .where(and(published, sql`(${posts.slug} = ${slug} OR (${posts.discontinuedAt} IS NULL AND ${posts.id} IN (${sharing})))`))
    .orderBy(...catalogueOrder);
  const subject = subjects.find((candidate) => candidate.slug === slug);
  const ranked = subject && alternativesPageOf(subject, subjects);
  if (!subject || !ranked) return undefined;
  const bySlug = new Map((await listComparedTools([slug, ...ranked.map((other) => other.slug)])).map((tool) => [tool.slug, tool]));
  const tool = bySlug.get(slug);
  const alternatives = ranked.map((other) => bySlug.get(other.slug)).filter((other) => other !== undefined);
  // A tool changed between the two reads is left to the next request rather than shown half old.
  return tool && alternatives.length === ranked.length ? { tool, alternatives } : undefined;
}

/**
 * The published tools among `slugs` with all a decision page shows: a comparison (one query for every reading of its
 * address) or an alternatives page rendered on demand.
 */
export async function listComparedTools(slugs: string[]): Promise<AlternativeCandidate[]> {
  if (slugs.length === 0) return [];
  const rows = await getDb()
    .select(decisionColumns)
    .from(posts)
    .where(and(published, inArray(posts.slug, slugs)));
  return rows.map(toCandidate);
}

/**
 * Whether a tool has an alternatives page, for the link on its page (also when that page is rendered on demand):
 * live, with at least MIN_ALTERNATIVES live tools sharing a task or an active category. The same rule as
 * hasAlternativesPage in src/lib/alternatives.ts; an integration test keeps the two in step.
 */
export async function toolHasAlternativesPage(toolId: string): Promise<boolean> {
  const { rows } = await getPool().query<{ has: boolean }>(
    `SELECT t.discontinued_at IS NULL AND (
       SELECT count(*) FROM (
         SELECT 1 FROM posts o
         WHERE o.status = 'published' AND o.discontinued_at IS NULL AND o.id <> t.id
           AND (o.use_cases && t.use_cases OR EXISTS (
             SELECT 1 FROM post_categories a JOIN post_categories b ON b.category_id = a.category_id
             JOIN categories c ON c.id = a.category_id
             WHERE a.post_id = t.id AND b.post_id = o.id AND c.is_active))
         LIMIT $2) AS found) >= $2 AS has
     FROM posts t WHERE t.id = $1 AND t.status = 'published'`,
    [toolId, MIN_ALTERNATIVES],
  );
  return rows[0]?.has ?? false;
}

/**
 * The published tool a visitor named in the «Comparar con…» picker: by slug, or by its name as the suggestions list
 * shows it (ignoring case and accents); the best known wins when two share a name.
 */
export async function findPublishedSlugByName(text: string): Promise<string | undefined> {
  const { rows } = await getPool().query<{ slug: string }>(
    `SELECT slug FROM posts
     WHERE status = 'published' AND (slug = $1 OR lower(extensions.unaccent(title)) = lower(extensions.unaccent($1)))
     ORDER BY slug = $1 DESC, editorial_rank ASC NULLS LAST, title
     LIMIT 1`,
    [text.trim()],
  );
  return rows[0]?.slug;
}
