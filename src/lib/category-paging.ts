/**
 * Paging of the category pages: the first page at /categoria/{slug}, the rest at
 * /categoria/{slug}/pagina/{n}, each with CATEGORY_PAGE_SIZE tools, so no page grows with the catalogue.
 */

/** Tools per category page, static or from GET /api/tools (the first 24 statically, so no page grows with the catalogue). */
export const CATEGORY_PAGE_SIZE = 24;

/** How many pages a category of `total` tools has; an empty category still has its first page. */
export function categoryPageCount(total: number, size = CATEGORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The address of a category's page `page`: the first one is the category's own address. */
export function categoryPageHref(slug: string, page: number): string {
  return page <= 1 ? `/categoria/${slug}` : `/categoria/${slug}/pagina/${page}`;
}

/** The page numbers that get their own static file: 2 to the last (the first is /categoria/{slug}). */
export function extraCategoryPages(total: number, size = CATEGORY_PAGE_SIZE): number[] {
  return Array.from({ length: categoryPageCount(total, size) - 1 }, (_, index) => index + 2);
}

/** The {slug, page} of a /categoria/{slug}/pagina/{n} path (without the /categoria/ prefix), or undefined. */
export function parseCategoryPagePath(rest: string): { slug: string; page: number } | undefined {
  const match = /^([a-z0-9-]+)\/pagina\/(\d{1,6})\/?$/.exec(rest);
  if (!match) return undefined;
  return { slug: match[1]!, page: Number(match[2]) };
}
