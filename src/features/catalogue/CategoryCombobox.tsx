import { Icon } from '../../components/ui/Icon.tsx';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ALL_CATEGORIES, categoryOptions, hasNewBadge, moveActiveIndex, type CatalogueCategory } from '../../lib/catalogue/tool-list-client.ts';

interface Props {
  categories: readonly CatalogueCategory[];
  value: string;
  onChange: (slug: string) => void;
}

/**
 * SPEC's searchable category dropdown, following the WAI-ARIA combobox pattern: a button opens a
 * popup whose search box is the combobox and drives a listbox through aria-activedescendant.
 */
export function CategoryCombobox({ categories, value, onChange }: Props) {
  const id = useId();
  const listId = `${id}-lista`;
  const optionId = (index: number) => `${id}-opcion-${index}`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const options = useMemo(() => categoryOptions(categories, text), [categories, text]);
  const selectedName = categories.find((category) => category.slug === value)?.name ?? ALL_CATEGORIES;

  function show() {
    setText('');
    setActive(
      Math.max(
        0,
        categoryOptions(categories, '').findIndex((option) => option.slug === value),
      ),
    );
    setOpen(true);
  }

  function hide(returnFocus: boolean) {
    setOpen(false);
    setText('');
    if (returnFocus) triggerRef.current?.focus();
  }

  function choose(slug: string) {
    hide(true);
    if (slug !== value) onChange(slug);
  }

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (open) document.getElementById(`${id}-opcion-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) hide(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show();
    }
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        setActive((current) => moveActiveIndex(current, event.key, options.length));
        break;
      case 'Enter': {
        event.preventDefault();
        const option = options[active];
        if (option) choose(option.slug);
        break;
      }
      case 'Escape':
        event.preventDefault();
        hide(true);
        break;
      case 'Tab':
        hide(false);
        break;
    }
  }

  return (
    <div ref={rootRef} className="relative w-full sm:w-72">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`Categoría: ${selectedName}`}
        onClick={() => (open ? hide(false) : show())}
        onKeyDown={onTriggerKeyDown}
        className="flex h-11 w-full items-center justify-between gap-2 rounded-xl border border-slate-300 bg-white px-4 text-left text-sm font-medium text-slate-800 shadow-sm hover:border-brand-500"
      >
        <span className="truncate">{selectedName}</span>
        <Icon name="chevron-down" className={`h-4 w-4 shrink-0 text-slate-500 transition ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      {open && (
        <div className="absolute left-0 z-30 mt-2 w-full overflow-hidden sm:w-80 rounded-xl border border-slate-200 bg-white shadow-xl">
          <div className="flex items-center gap-2 border-b-2 border-slate-100 px-3 focus-within:border-brand-500">
            <Icon name="search" className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <input
              ref={inputRef}
              type="text"
              role="combobox"
              aria-label="Buscar categoría"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={options[active] ? optionId(active) : undefined}
              placeholder="Buscar categoría..."
              autoComplete="off"
              spellCheck={false}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setActive(0);
              }}
              onKeyDown={onInputKeyDown}
              className="h-11 w-full bg-transparent text-sm text-slate-900 placeholder:text-slate-500"
              // The underline above shows focus; the global outline would box the text inside the popup.
              style={{ outline: 'none' }}
            />
          </div>
          {/* The list scrolls at about 15rem. */}
          <ul id={listId} role="listbox" aria-label="Categorías" className="max-h-60 overflow-y-auto p-1">
            {options.map((option, index) => {
              const selected = option.slug === value;
              return (
                <li
                  key={option.slug || 'todas'}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  onPointerDown={(event) => event.preventDefault()}
                  onPointerEnter={() => setActive(index)}
                  onClick={() => choose(option.slug)}
                  className={`flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm ${
                    index === active ? 'bg-brand-50 text-brand-700' : 'text-slate-700'
                  }`}
                >
                  <Icon name="check" className={`h-4 w-4 shrink-0 ${selected ? 'opacity-100' : 'opacity-0'}`} aria-hidden="true" />
                  <span className="flex-1 truncate">{option.name}</span>
                  {hasNewBadge(option.slug) && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">Nuevo</span>}
                  {option.slug && (
                    <span className="text-xs tabular-nums text-slate-500">
                      {option.toolCount}
                      <span className="sr-only"> herramientas</span>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          {options.length === 0 && (
            <p role="status" className="px-4 pb-4 pt-1 text-center text-sm text-slate-600">
              No se encontraron categorías.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
