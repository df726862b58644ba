import { ExternalLink } from 'lucide-react';
import { toolPath, type ToolCardData } from '../../lib/tool-card.ts';
import { SaveButton } from '../saves/SaveButton.tsx';
import { CategoryChips } from '../../components/ui/CategoryChips.tsx';
import { ToolImage } from '../../components/ui/ToolImage.tsx';

/** The list view's row: the card's content side by side, for scanning many tools quickly. */
export function ToolRow({ tool }: { tool: ToolCardData }) {
  return (
    <article className="group relative flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500 sm:p-4">
      <ToolImage tool={tool} className="aspect-video w-24 shrink-0 rounded-lg sm:w-40" />
      <div className="min-w-0 flex-1">
        <h3 className="text-base font-semibold leading-snug text-slate-900">
          <a href={toolPath(tool)} className="after:absolute after:inset-0 after:content-[''] focus:outline-none">
            {tool.title}
          </a>
        </h3>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600">{tool.description}</p>
        <div className="mt-2 flex flex-wrap items-center gap-1.5">
          <CategoryChips categories={tool.categories} />
        </div>
      </div>
      <div className="relative z-10 flex shrink-0 flex-col items-end gap-2 self-center">
        <SaveButton toolId={tool.id} toolTitle={tool.title} place="card" />
        {tool.url && (
          <a
            href={tool.url}
            target="_blank"
            rel="noopener nofollow"
            data-click-post={tool.id}
            className="hidden items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700 sm:inline-flex"
          >
            Visitar
            <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">{tool.title} (se abre en una pestaña nueva)</span>
          </a>
        )}
      </div>
    </article>
  );
}
