/**
 * «Palabras Clave» of the SEO panel: typed one by one (Enter or the + button), generated from the title and
 * description, and removed by clicking them.
 */
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { IconButton } from '../../components/ui/Button.tsx';
import { controlClass, fieldErrorClass } from '../../components/ui/styles.ts';
import { addKeyword, autoKeywords } from '../../lib/tool-metadata.ts';

interface Props {
  keywords: string[];
  /** What «Generar automáticamente» draws its keywords from. */
  source: { title: string; description: string };
  onChange(keywords: string[]): void;
  error: string | undefined;
}

export function KeywordsField({ keywords, source, onChange, error }: Props) {
  const id = useId();
  const [keyword, setKeyword] = useState('');

  function add() {
    onChange(addKeyword(keywords, keyword));
    setKeyword('');
  }

  return (
    <div role="group" aria-labelledby={`${id}-palabras`}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <p id={`${id}-palabras`} className="text-sm font-medium text-slate-800">
          Palabras Clave
        </p>
        <button
          type="button"
          onClick={() => onChange(autoKeywords(keywords, source))}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Generar automáticamente
        </button>
      </div>
      <div className="flex gap-2">
        <label htmlFor={`${id}-palabra`} className="sr-only">
          Nueva palabra clave
        </label>
        <input
          id={`${id}-palabra`}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (keyword.trim()) add();
            }
          }}
          placeholder="Añadir palabra clave"
          className={controlClass({ size: 'sm' })}
        />
        <IconButton label="Añadir palabra clave" variant="primary" onClick={add} disabled={!keyword.trim()} className="shrink-0">
          <Plus className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      </div>
      {keywords.length > 0 && (
        <ul aria-label="Palabras clave añadidas" className="mt-2 flex flex-wrap gap-1.5">
          {keywords.map((entry) => (
            <li key={entry}>
              <button
                type="button"
                onClick={() => onChange(keywords.filter((other) => other !== entry))}
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-800 hover:bg-red-50 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {entry}
                <X className="h-3 w-3" aria-hidden="true" />
                <span className="sr-only">(quitar)</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <p className={fieldErrorClass}>{error}</p>}
    </div>
  );
}
