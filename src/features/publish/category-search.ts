/** The category picker's search, a case-insensitive name substring (accents ignored as well). */
import { normalizeForSearch } from '../../lib/text.ts';
import type { PickerCategory } from '../../lib/tool-form.ts';

export function filterCategories(categories: readonly PickerCategory[], text: string): PickerCategory[] {
  const query = normalizeForSearch(text);
  return query ? categories.filter((category) => normalizeForSearch(category.name).includes(query)) : [...categories];
}
