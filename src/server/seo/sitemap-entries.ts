/** Everything the sitemap lists: the prerendered public pages only, never on-demand ones (login, publish, dashboard, admin, API). */
import { sitemapRules, type SitemapEntry } from '../../lib/sitemap.ts';
import { contentPages } from '../../lib/static-pages.ts';
import { TASKS, taskHref } from '../../lib/tasks/vocabulary.ts';
import { listCategoryDates, listPublishedToolDates } from '../db/queries/public/sitemap.ts';

export async function loadSitemapEntries(): Promise<SitemapEntry[]> {
  const [tools, categories] = await Promise.all([listPublishedToolDates(), listCategoryDates()]);
  const catalogueChanged = [...tools, ...categories].reduce<Date | undefined>(
    (newest, row) => (!newest || row.lastmod > newest ? row.lastmod : newest),
    undefined,
  );
  const revised = (date: string) => new Date(`${date}T00:00:00Z`);
  return [
    { path: '/', lastmod: catalogueChanged, ...sitemapRules.home },
    { path: '/categorias', lastmod: catalogueChanged, ...sitemapRules.hub },
    { path: contentPages.freeTools.path, lastmod: revised(contentPages.freeTools.revised), ...sitemapRules.hub },
    // SPEC §9: the image generator has the hubs' priority and rate (0.8, weekly); the other two utilities too.
    ...[contentPages.imageGenerator, contentPages.imageDescriptions, contentPages.storyGenerator].map((page) => ({
      path: page.path,
      lastmod: revised(page.revised),
      ...sitemapRules.hub,
    })),
    ...categories.map((category) => ({ path: `/categoria/${category.slug}`, lastmod: category.lastmod, ...sitemapRules.category })),
    // «IA para…» pages list tools like a category does, and change when the catalogue does.
    ...TASKS.map((task) => ({ path: taskHref(task.slug), lastmod: catalogueChanged, ...sitemapRules.category })),
    ...tools.map((tool) => ({ path: `/${tool.slug}`, lastmod: tool.lastmod, ...sitemapRules.tool })),
    ...[contentPages.privacy, contentPages.terms, contentPages.help].map((page) => ({
      path: page.path,
      lastmod: revised(page.revised),
      ...sitemapRules.legal,
    })),
  ];
}
