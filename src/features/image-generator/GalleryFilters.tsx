import { Search } from 'lucide-react';
import { controlClass, cx } from '../../components/ui/styles.ts';
import { GALLERY_SEARCH_MAX, GALLERY_SORT_LABELS, GALLERY_SORTS, type GallerySort } from './image-generator.ts';

interface Props {
  idBase: string;
  search: string;
  onSearch(search: string): void;
  sort: GallerySort;
  onSort(sort: GallerySort): void;
}

/** The dashboard gallery's search by description and its order, above 'Todas las Imágenes'. */
export function GalleryFilters({ idBase: ids, search, onSearch, sort, onSort }: Props) {
  return (
    <div className="mb-5 grid gap-3 md:grid-cols-[1fr_14rem]">
      <div className="relative">
        <label htmlFor={`${ids}-buscar`} className="sr-only">
          Buscar por descripción
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <input
          id={`${ids}-buscar`}
          type="search"
          value={search}
          maxLength={GALLERY_SEARCH_MAX}
          placeholder="Buscar por descripción"
          onChange={(event) => onSearch(event.target.value)}
          className={cx(controlClass(), 'pl-9')}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-orden`} className="sr-only">
          Ordenar
        </label>
        <select id={`${ids}-orden`} value={sort} onChange={(event) => onSort(event.target.value as GallerySort)} className={controlClass()}>
          {GALLERY_SORTS.map((value) => (
            <option key={value} value={value}>
              {GALLERY_SORT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
