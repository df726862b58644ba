/**
 * The multi-category picker: a search over category names (case-insensitive substring; accents ignored too),
 * a scrollable list of checkboxes and the chosen categories as removable chips. The first chosen category is
 * the publication's primary one.
 */
import { Check, Search, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { filterCategories } from './category-search.ts';
import type { PickerCategory } from '../../lib/tool-form.ts';

interface Props {
  categories: readonly PickerCategory[];
  value: string[];
  onChange(ids: string[]): void;
  error?: string | undefined;
}

export function CategoryPicker({ categories, value, onChange, error }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const shown = useMemo(() => filterCategories(categories, text), [categories, text]);
  const byId = useMemo(() => new Map(categories.map((category) => [category.id, category])), [categories]);
  const chosen = value.map((categoryId) => byId.get(categoryId)).filter((category): category is PickerCategory => Boolean(category));
  const toggle = (categoryId: string) => onChange(value.includes(categoryId) ? value.filter((other) => other !== categoryId) : [...value, categoryId]);
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? `${id}-ayuda ${errorId}` : `${id}-ayuda`}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">Categorías</legend>
      <p id={`${id}-ayuda`} className="mb-2 text-sm text-slate-600">
        Elige una o varias; la primera será la principal.
      </p>
      {chosen.length > 0 && (
        <ul aria-label="Categorías elegidas" className="mb-3 flex flex-wrap gap-2">
          {chosen.map((category, index) => (
            <li key={category.id}>
              <button
                type="button"
                onClick={() => toggle(category.id)}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: category.color }} aria-hidden="true" />
                {category.name}
                {index === 0 && <span className="text-xs text-brand-700">(principal)</span>}
                <X className="h-3.5 w-3.5" aria-hidden="true" />
                <span className="sr-only">Quitar</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <label htmlFor={`${id}-buscar`} className="sr-only">
          Buscar categorías
        </label>
        <input
          id={`${id}-buscar`}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Buscar categorías..."
          className={`block w-full rounded-lg border bg-white py-2.5 pl-9 pr-3 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 ${error ? 'border-red-600' : 'border-slate-300'}`}
        />
      </div>
      <div className="mt-2 max-h-60 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1" role="group" aria-label="Lista de categorías">
        {shown.length === 0 ? (
          <p className="px-3 py-4 text-sm text-slate-600">No se encontraron categorías que coincidan con "{text.trim()}"</p>
        ) : (
          <ul>
            {shown.map((category) => {
              const checked = value.includes(category.id);
              return (
                <li key={category.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                    <input type="checkbox" checked={checked} onChange={() => toggle(category.id)} className="peer sr-only" />
                    <span
                      className="flex h-5 w-5 shrink-0 items-center justify-center rounded border border-slate-400 bg-white peer-checked:border-brand-600 peer-checked:bg-brand-600"
                      aria-hidden="true"
                    >
                      {checked && <Check className="h-3.5 w-3.5 text-white" />}
                    </span>
                    <span className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: category.color }} aria-hidden="true" />
                    {category.name}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
