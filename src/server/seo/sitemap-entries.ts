/** Everything the sitemap lists: the prerendered public pages only, never on-demand ones (login, publish, dashboard, admin, API). */
import { alternativesHref, hasAlternativesPage } from '../../lib/alternatives.ts';
import { categoryPageHref, extraCategoryPages } from '../../lib/category-paging.ts';
import { comparisonHref, CURATED_PAIRS } from '../../lib/comparisons.ts';
import { sitemapRules, type SitemapEntry } from '../../lib/sitemap.ts';
import { contentPages } from '../../lib/static-pages.ts';
import { TASKS, taskHref } from '../../lib/tasks/vocabulary.ts';
import { listAlternativeCandidates } from '../db/queries/public/alternatives.ts';
import { listPopularPairs } from '../db/queries/public/comparison-visits.ts';
import { listCategoryDates, listPublishedToolDates } from '../db/queries/public/sitemap.ts';

/** Each pair once (a curated pair may also be popular). */
function uniquePairs(pairs: readonly (readonly [string, string])[]): (readonly [string, string])[] {
  return [...new Map(pairs.map((pair) => [comparisonHref(...pair), pair])).values()];
}

export async function loadSitemapEntries(): Promise<SitemapEntry[]> {
  const [tools, categories, candidates, popularPairs] = await Promise.all([
    listPublishedToolDates(),
    listCategoryDates(),
    listAlternativeCandidates(),
    listPopularPairs(),
  ]);
  const catalogueChanged = [...tools, ...categories].reduce<Date | undefined>(
    (newest, row) => (!newest || row.lastmod > newest ? row.lastmod : newest),
    undefined,
  );
  const indexableSlugs = new Set(tools.map((tool) => tool.slug));
  const revised = (date: string) => new Date(`${date}T00:00:00Z`);
  return [
    { path: '/', lastmod: catalogueChanged, ...sitemapRules.home },
    { path: '/categorias', lastmod: catalogueChanged, ...sitemapRules.hub },
    { path: contentPages.freeTools.path, lastmod: revised(contentPages.freeTools.revised), ...sitemapRules.hub },
    // The image generator has the hubs' priority and rate (0.8, weekly); the other two utilities too.
    ...[contentPages.imageGenerator, contentPages.imageDescriptions, contentPages.storyGenerator].map((page) => ({
      path: page.path,
      lastmod: revised(page.revised),
      ...sitemapRules.hub,
    })),
    // Every page of a category (/categoria/{slug}/pagina/{n} after the first), cut as the pages are.
    ...categories.flatMap((category) =>
      [1, ...extraCategoryPages(category.toolCount)].map((page) => ({
        path: categoryPageHref(category.slug, page),
        lastmod: category.lastmod,
        ...sitemapRules.category,
      })),
    ),
    // «IA para…» pages list tools like a category does, and change when the catalogue does.
    ...TASKS.map((task) => ({ path: taskHref(task.slug), lastmod: catalogueChanged, ...sitemapRules.category })),
    ...tools.map((tool) => ({ path: `/${tool.slug}`, lastmod: tool.lastmod, ...sitemapRules.tool })),
    // Alternatives pages of indexable tools (a thin tool's is noindex), and only the curated and the frequently
    // compared comparisons; both change with the catalogue.
    ...candidates
      .filter((tool) => tool.indexable && hasAlternativesPage(tool, candidates))
      .map((tool) => ({ path: alternativesHref(tool.slug), lastmod: catalogueChanged, ...sitemapRules.category })),
    ...uniquePairs([...CURATED_PAIRS, ...popularPairs])
      .filter((pair) => pair.every((slug) => indexableSlugs.has(slug)))
      .map(([a, b]) => ({
        path: comparisonHref(a, b),
        lastmod: catalogueChanged,
        ...sitemapRules.tool,
      })),
    ...[contentPages.privacy, contentPages.terms, contentPages.help].map((page) => ({
      path: page.path,
      lastmod: revised(page.revised),
      ...sitemapRules.legal,
    })),
  ];
}
