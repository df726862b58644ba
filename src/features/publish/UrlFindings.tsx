/**
 * What the tool's address turned up, under its field: the same site already in the directory (or awaiting review),
 * the page being read, and the title and description its own page suggests, each with a button to use it.
 */
import { LoaderCircle, Sparkles, TriangleAlert } from 'lucide-react';
import type { DuplicateCheck, PageSuggestions } from '../../lib/tool-form.ts';
import type { LookupState } from './use-url-lookup.ts';

interface Props {
  duplicateCheck: DuplicateCheck;
  lookup: LookupState;
  suggestions: PageSuggestions | null;
  onUseTitle(title: string): void;
  onUseDescription(description: string): void;
}

export function UrlFindings({ duplicateCheck: { duplicates, pendingNotice }, lookup, suggestions, onUseTitle, onUseDescription }: Props) {
  return (
    <>
      {(duplicates.length > 0 || pendingNotice) && (
        <div role="status" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <div>
            {duplicates.length > 0 && (
              <>
                <p className="font-semibold">Esta web ya está en el directorio</p>
                <ul className="mt-1 space-y-1 text-sm">
                  {duplicates.map((duplicate) => (
                    <li key={duplicate.id}>
                      <a href={duplicate.path} target="_blank" rel="noopener" className="font-medium underline underline-offset-2">
                        {duplicate.title}
                        <span className="sr-only"> (se abre en una pestaña nueva)</span>
                      </a>{' '}
                      ({duplicate.status === 'published' ? 'publicada' : 'pendiente de revisión'})
                    </li>
                  ))}
                </ul>
              </>
            )}
            {pendingNotice && <p className={duplicates.length > 0 ? 'mt-1 text-sm' : 'font-semibold'}>{pendingNotice}</p>}
            <p className="mt-1 text-sm">Comprueba que no sea la misma herramienta antes de seguir.</p>
          </div>
        </div>
      )}
      {lookup === 'loading' && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
          Leyendo la web de la herramienta...
        </p>
      )}
      {typeof lookup === 'object' && (
        <p role="status" className="text-sm text-slate-600">
          {lookup.error}
        </p>
      )}
      {suggestions && (suggestions.title || suggestions.description) && (
        <div className="rounded-xl border border-brand-200 bg-brand-50 p-4">
          <p className="flex items-center gap-2 font-semibold text-brand-900">
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            Sugerencias de su web
          </p>
          <dl className="mt-2 space-y-2 text-sm text-slate-800">
            {suggestions.title && <Suggestion term="Título:" value={suggestions.title} action="Usar título" onUse={onUseTitle} />}
            {suggestions.description && <Suggestion term="Descripción:" value={suggestions.description} action="Usar descripción" onUse={onUseDescription} />}
          </dl>
        </div>
      )}
    </>
  );
}

function Suggestion({ term, value, action, onUse }: { term: string; value: string; action: string; onUse(value: string): void }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <dt className="font-medium">{term}</dt>
      <dd className="min-w-0 flex-1">{value}</dd>
      <dd>
        <button type="button" onClick={() => onUse(value)} className="font-semibold text-brand-700 underline underline-offset-2">
          {action}
        </button>
      </dd>
    </div>
  );
}
