/**
 * Which pages of the site a published change affects (docs/decisions/013): the pure part of the incremental
 * rebuild. It compares the catalogue the current build was made from with the catalogue now, and answers either
 * the addresses to render again (an address whose route no longer has that page is removed from the build) or
 * why only a full build will do.
 */
import { categoryPageCount } from '../../lib/category-paging.ts';
import type { CatalogueMap } from '../db/queries/public/catalogue-map.ts';

/** Pages that list or count the whole catalogue: rendered again for any change, in the first pass. */
export const CATALOGUE_PAGES = ['/', '/categorias', '/buscar', '/feed.xml', '/pagefind/sugerencias.json', '/pagefind/tarjetas.json'];
/** Catalogue-wide pages a visitor does not look at to find a new tool: rendered in the second pass. */
export const LATER_CATALOGUE_PAGES = ['/herramientas-ia-gratis', '/sitemap.xml'];

export interface AffectedInput {
  /** The catalogue the current build was made from. */
  before: CatalogueMap;
  after: CatalogueMap;
  /** Tools whose page changed since the current build read the database (edits that keep slug and categories too). */
  changed: readonly string[];
  /** Every «IA para…» task: any tool may enter or leave any task's ranking. */
  taskSlugs: readonly string[];
  /** Pages each category has in the current build (its first page included). */
  builtCategoryPages: ReadonlyMap<string, number>;
  /** /sitemap-N.xml files in the current build. */
  builtSitemapParts: number;
  /** Pages the current build's second pass did not get to (it failed, or the process stopped): rendered again now. */
  pending?: readonly string[];
}

/**
 * `paths` is the first pass: what a visitor looks at to find the change (the tool's pages, the home, the first
 * page of its categories, the search), made live on its own within seconds whatever the catalogue's size. `later`
 * is the second pass, made live right after: every other page the change shifts (the further pages of its
 * categories, every task page, the sitemap), whose count grows with the catalogue.
 */
export type Affected = { kind: 'full'; reason: string } | { kind: 'pages'; tools: string[]; paths: string[]; later: string[] };

export function affectedPages(input: AffectedInput): Affected {
  const { before, after } = input;
  if (before.categories !== after.categories) return { kind: 'full', reason: 'Las categorías cambiaron.' };
  const ids = new Set(input.changed);
  for (const id of new Set([...Object.keys(before.tools), ...Object.keys(after.tools)])) {
    const old = before.tools[id];
    const now = after.tools[id];
    if (!old || !now || old.slug !== now.slug || old.featured !== now.featured || old.categories.join() !== now.categories.join()) ids.add(id);
  }
  const tools = [...ids].filter((id) => before.tools[id] || after.tools[id]);
  // The content version moved for something that is no published tool (a setting shown on every page, a redirect).
  if (tools.length === 0) return { kind: 'full', reason: 'El cambio no es de ninguna herramienta publicada.' };
  // Every tool page's sidebar shows the featured tools.
  if (tools.some((id) => before.tools[id]?.featured || after.tools[id]?.featured)) {
    return { kind: 'full', reason: 'Cambió una herramienta destacada (aparece en todas las fichas).' };
  }
  const paths = new Set(CATALOGUE_PAGES);
  const later = new Set([...LATER_CATALOGUE_PAGES, ...(input.pending ?? [])]);
  const categories = new Set<string>();
  for (const id of tools) {
    for (const tool of [before.tools[id], after.tools[id]]) {
      if (!tool) continue;
      // Its social image is no file of the build: drawn on demand, under a key that changes with it (decision 015).
      paths.add(`/${tool.slug}`).add(`/alternativas/${tool.slug}`);
      for (const category of tool.categories) categories.add(category);
    }
  }
  const listed = toolsPerCategory(after);
  for (const slug of categories) {
    // Order shifts on every page after the tool's place: all of them, up to the longer of before and after.
    const pages = Math.max(input.builtCategoryPages.get(slug) ?? 1, categoryPageCount(listed.get(slug) ?? 0));
    paths.add(`/categoria/${slug}`);
    for (let page = 2; page <= pages; page++) later.add(`/categoria/${slug}/pagina/${page}`);
  }
  for (const task of input.taskSlugs) later.add(`/ia-para/${task}`);
  // One more part than now, in case the sitemap outgrows its last one; parts it no longer has are removed.
  for (let part = 1; part <= input.builtSitemapParts + 1; part++) later.add(`/sitemap-${part}.xml`);
  return { kind: 'pages', tools, paths: [...paths], later: [...later].filter((pathname) => !paths.has(pathname)) };
}

/** Published tools per category: an upper bound of what each category lists (it may leave retired tools out). */
function toolsPerCategory(map: CatalogueMap): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tool of Object.values(map.tools)) for (const category of tool.categories) counts.set(category, (counts.get(category) ?? 0) + 1);
  return counts;
}
