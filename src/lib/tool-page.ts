/** Rules of the tool page: breadcrumb, author line, dates. */

/** The featured sidebar shows three tools. */
export const FEATURED_SIDEBAR_SIZE = 3;

/** A retired tool's page offers this many live alternatives from its category. */
export const ALTERNATIVES_SHOWN = 3;
/** The newest reviews with text that the page's JSON-LD carries; the page itself lists them all. */
export const REVIEWS_IN_JSON_LD = 5;

/** The breadcrumb shows the title cut at 50 characters plus '...'. */
export const BREADCRUMB_TITLE_MAX = 50;

export function breadcrumbTitle(title: string): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  return clean.length > BREADCRUMB_TITLE_MAX ? `${clean.slice(0, BREADCRUMB_TITLE_MAX).trimEnd()}...` : clean;
}

export interface BreadcrumbItem {
  name: string;
  /** Site-relative path; the last item is the current page. */
  path: string;
}

/** Inicio > primary category (or the all-categories page when the tool has none) > tool, with the full title. */
export function toolBreadcrumb(tool: { title: string; slug: string; categories: { slug: string; name: string }[] }): BreadcrumbItem[] {
  const category = tool.categories[0];
  return [
    { name: 'Inicio', path: '/' },
    category ? { name: category.name, path: `/categoria/${category.slug}` } : { name: 'Todas las herramientas', path: '/categorias' },
    { name: tool.title, path: `/${tool.slug}` },
  ];
}

/** Who signed the tool page: the author's profile name, else the free-text author, else the site's editorial team. */
export function authorName(tool: { authorName: string | null; author: string | null }, siteName: string): string {
  return tool.authorName?.trim() || tool.author?.trim() || `Redacción de ${siteName}`;
}

/** Avatar initials are at most two letters. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toLocaleUpperCase('es-ES'))
    .join('');
}

const longDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' });

/** A date as Spanish readers write it: '22 de noviembre de 2026'. */
export function formatLongDate(date: Date): string {
  return longDate.format(date);
}
