import { Copy, LoaderCircle, Search, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { DESCRIPTION_LANGUAGES } from '../../lib/ai-options.ts';
import { DESCRIPTION_MESSAGES, DESCRIPTION_PREVIEW_CHARS, DESCRIPTION_TYPES, descriptionTypeLabel, type SavedDescriptionCard } from './descriptions.ts';
import { normalizeForSearch } from '../../lib/text.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { DESCRIPTION_PROSE } from './SafeHtml.tsx';

const languageLabel = (value: string) => DESCRIPTION_LANGUAGES.find((language) => language.value === value)?.label ?? value;
const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric' });

/** /mis-descripciones: the signed-in user's saved descriptions, filtered in the browser. */
export default function SavedDescriptions({ initial }: { initial: SavedDescriptionCard[] }) {
  const ids = useId();
  const [items, setItems] = useState(initial);
  const [query, setQuery] = useState('');
  const [language, setLanguage] = useState('');
  const [type, setType] = useState('');

  const visible = useMemo(() => {
    const needle = normalizeForSearch(query);
    return items.filter(
      (item) => (!language || item.language === language) && (!type || item.type === type) && (!needle || normalizeForSearch(item.text).includes(needle)),
    );
  }, [items, query, language, type]);

  const fieldClass =
    'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600';

  if (items.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <h2 className="text-lg font-semibold text-slate-900">Aún no has guardado ninguna descripción</h2>
        <p className="mt-2 text-slate-600">Genera una descripción y pulsa «Guardar» para tenerla aquí.</p>
        <a href="/descripcion-de-imagenes" className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Describir una imagen
        </a>
      </div>
    );
  }

  return (
    <div>
      <div className="grid gap-3 md:grid-cols-[1fr_12rem_12rem]">
        <div className="relative">
          <label htmlFor={`${ids}-q`} className="sr-only">
            Buscar en mis descripciones
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <input
            id={`${ids}-q`}
            type="search"
            placeholder="Buscar en mis descripciones"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className={`${fieldClass} pl-9`}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-lang`} className="sr-only">
            Idioma
          </label>
          <select id={`${ids}-lang`} value={language} onChange={(event) => setLanguage(event.target.value)} className={fieldClass}>
            <option value="">Todos los idiomas</option>
            {DESCRIPTION_LANGUAGES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-type`} className="sr-only">
            Tipo
          </label>
          <select id={`${ids}-type`} value={type} onChange={(event) => setType(event.target.value)} className={fieldClass}>
            <option value="">Todos los tipos</option>
            {DESCRIPTION_TYPES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-600" aria-live="polite">
        {visible.length === 1 ? '1 descripción' : `${visible.length} descripciones`}
      </p>
      {visible.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <h2 className="text-lg font-semibold text-slate-900">Ninguna descripción coincide con los filtros</h2>
          <button
            type="button"
            onClick={() => {
              setQuery('');
              setLanguage('');
              setType('');
            }}
            className="mt-4 rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-100"
          >
            Limpiar filtros
          </button>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {visible.map((item) => (
            <li key={item.id}>
              <DescriptionCard item={item} onDeleted={() => setItems((current) => current.filter((entry) => entry.id !== item.id))} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DescriptionCard({ item, onDeleted }: { item: SavedDescriptionCard; onDeleted: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const long = item.text.length > DESCRIPTION_PREVIEW_CHARS;
  const bodyId = useId();

  async function copyText() {
    try {
      await navigator.clipboard.writeText(item.text);
      showToast({ title: DESCRIPTION_MESSAGES.textCopied });
    } catch {
      showToast({ title: 'Error', description: 'No se pudo copiar al portapapeles.', variant: 'destructive' });
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      const response = await fetch(`/api/descriptions/${item.id}`, { method: 'DELETE' });
      if (!response.ok) throw new Error(String(response.status));
      showToast({ title: DESCRIPTION_MESSAGES.deleted });
      onDeleted();
    } catch {
      setDeleting(false);
      showToast({ title: 'Error', description: DESCRIPTION_MESSAGES.deleteFailed, variant: 'destructive' });
    }
  }

  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-emerald-50 px-2 py-1 font-medium text-emerald-800">{languageLabel(item.language)}</span>
        <span className="rounded-full bg-slate-100 px-2 py-1 font-medium text-slate-700">{descriptionTypeLabel(item.type)}</span>
        <time dateTime={item.createdAt} className="text-slate-600">
          {dateFormat.format(new Date(item.createdAt))}
        </time>
      </div>
      <div id={bodyId} className="mt-3 flex-1 text-slate-800">
        {long && !expanded ? (
          <p>{item.text.slice(0, DESCRIPTION_PREVIEW_CHARS).trimEnd()}…</p>
        ) : (
          // Sanitized by the server's allowlist when generated and again when this page was rendered.
          // eslint-disable-next-line @eslint-react/dom-no-dangerously-set-innerhtml
          <div className={DESCRIPTION_PROSE} dangerouslySetInnerHTML={{ __html: item.html }} />
        )}
      </div>
      {long && (
        <button
          type="button"
          onClick={() => setExpanded(!expanded)}
          aria-expanded={expanded}
          aria-controls={bodyId}
          className="mt-2 self-start text-sm font-medium text-brand-700 underline"
        >
          {expanded ? 'Ver menos' : 'Ver más'}
        </button>
      )}
      <div className="mt-4 flex gap-2 border-t border-slate-200 pt-3">
        <button
          type="button"
          onClick={copyText}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          <Copy className="h-4 w-4" aria-hidden="true" /> Copiar
        </button>
        <button
          type="button"
          onClick={remove}
          disabled={deleting}
          className="inline-flex items-center gap-2 rounded-lg border border-red-200 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          {deleting ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Trash2 className="h-4 w-4" aria-hidden="true" />} Eliminar
        </button>
      </div>
    </article>
  );
}
