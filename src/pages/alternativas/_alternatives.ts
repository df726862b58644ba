/**
 * The tools every «Alternativas a…» page ranks. A build reads the catalogue once and prerenders the pages of the first
 * PRERENDERED_TOOLS tools in editorial order; any other tool's page is rendered on demand at the same address
 * from the tool and the tools sharing something with it (docs/decisions/015), with the same template and ranking.
 */
import { LIMITS, SLUG_PATTERN } from '../../lib/tool-form.ts';
import { oncePerBuild } from '../../server/build/once-per-build.ts';
import { microCache } from '../../server/cache/micro-cache.ts';
import {
  listAlternativeCandidates,
  readAlternativesPageOf,
  type AlternativeCandidate,
  type AlternativesPage,
} from '../../server/db/queries/public/alternatives.ts';

export const readAlternativeCandidates: () => Promise<AlternativeCandidate[]> = oncePerBuild(listAlternativeCandidates);

/**
 * A minute, as the prerendered pages themselves change only with the nightly full build: a crawler going down the
 * long tail costs one query per page, and a page asked for many times at once costs one.
 */
const onDemandCache = microCache<AlternativesPage | null>(60_000);

/**
 * The page of `slug` rendered on demand, or null when it has none (no tool's slug, unknown, unpublished, retired, too
 * few peers). What is no slug is never looked up, nor kept: any address reaches here.
 */
export async function onDemandAlternatives(slug: string): Promise<AlternativesPage | null> {
  if (slug.length > LIMITS.slug || !SLUG_PATTERN.test(slug)) return null;
  return onDemandCache(slug, async () => (await readAlternativesPageOf(slug)) ?? null);
}
