import { CARD_CATEGORY_CHIPS, type CategoryChip } from '../../lib/tool-card.ts';

/** A tool's categories on its card or row: at most two chips linking to their pages, then '+N más'. */
export function CategoryChips({ categories }: { categories: readonly CategoryChip[] }) {
  const chips = categories.slice(0, CARD_CATEGORY_CHIPS);
  const more = categories.length - chips.length;
  return (
    <ul className="relative z-10 flex flex-wrap gap-1.5" aria-label="Categorías">
      {chips.length === 0 && <li className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-600">Sin categoría</li>}
      {chips.map((category) => (
        <li key={category.slug}>
          <a
            href={`/categoria/${category.slug}`}
            className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-100"
          >
            {category.name}
          </a>
        </li>
      ))}
      {more > 0 && <li className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-600">+{more} más</li>}
    </ul>
  );
}
