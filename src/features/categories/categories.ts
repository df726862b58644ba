/** Category rules shared by the categories listing and the category page. */

/** A category is featured when it has more than five published tools. */
export const FEATURED_CATEGORY_MIN_TOOLS = 5;

/** The listing shows the six categories with the most published tools. */
export const POPULAR_CATEGORIES = 6;

export function isFeaturedCategory(category: { toolCount: number }): boolean {
  return category.toolCount > FEATURED_CATEGORY_MIN_TOOLS;
}

/** The most popular categories by published tool count; ties keep the incoming (alphabetical) order. */
export function popularCategories<T extends { toolCount: number }>(categories: readonly T[], limit = POPULAR_CATEGORIES): T[] {
  return [...categories].sort((a, b) => b.toolCount - a.toolCount).slice(0, limit);
}

const numberFormat = new Intl.NumberFormat('es-ES');

/** "1 herramienta", "155 herramientas", with es-ES digits. */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${numberFormat.format(count)} ${count === 1 ? singular : plural}`;
}

export function formatCount(count: number): string {
  return numberFormat.format(count);
}
