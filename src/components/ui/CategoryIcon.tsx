import { categoryIconNames, defaultCategoryIcon, type CategoryIconName } from '../../lib/category-icons.ts';

/**
 * A category's icon from the /iconos.svg sprite: no icon code reaches the browser, so cards
 * rendered by islands cost no more JavaScript than static ones. Unknown names get the default.
 */
export function CategoryIcon({ name, className }: { name: string; className?: string }) {
  const icon = categoryIconNames.includes(name as CategoryIconName) ? name : defaultCategoryIcon;
  return (
    <svg className={className} aria-hidden="true" focusable="false" viewBox="0 0 24 24">
      <use href={`/iconos.svg#${icon}`} />
    </svg>
  );
}
