import { CategoryChips } from './CategoryChips.tsx';
import { Icon } from './Icon.tsx';
import { averageRating, formatRating, ratingAccessibleText } from '../../lib/rating.ts';
import { toolPath, type ToolCardData } from '../../lib/tool-card.ts';
import { AdminEditLink } from '../admin-edit/AdminEditLink.tsx';
import { SaveButton } from '../saves/SaveButton.tsx';
import { ToolImage } from './ToolImage.tsx';

interface Props {
  tool: ToolCardData;
  headingLevel?: 'h2' | 'h3';
  /** The first cards of a page load eagerly; the rest lazily (SPEC: lazy images). */
  eager?: boolean;
  /** See SaveButton. */
  saveEnabledBeforeHydration?: boolean;
}

/** A tool card: rendered to static HTML by pages and live by the home grid island. */
export function ToolCard({ tool, headingLevel: Heading = 'h3', eager = false, saveEnabledBeforeHydration = false }: Props) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500">
      <ToolImage tool={tool} eager={eager} className="aspect-video w-full" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-center gap-2">
          {/* Without a photo the image area already shows the logo large. */}
          {tool.logoUrl && tool.imageUrl && (
            <img src={tool.logoUrl} alt="" width={28} height={28} loading="lazy" className="h-7 w-7 rounded-md object-contain" data-hide-on-error />
          )}
          <Heading className="text-base font-semibold leading-snug text-slate-900">
            {/* The stretched link makes the whole card clickable without nesting links. */}
            <a href={toolPath(tool)} className="after:absolute after:inset-0 after:content-[''] focus:outline-none">
              {tool.title}
            </a>
          </Heading>
        </div>
        {tool.discontinued && <p className="-mt-1 text-xs font-semibold text-amber-800">Ya no está disponible</p>}
        {tool.ratingCount ? <CardRating ratingCount={tool.ratingCount} ratingSum={tool.ratingSum ?? 0} /> : null}
        <p className="line-clamp-3 text-sm text-slate-600">{tool.description}</p>
        <CategoryChips categories={tool.categories} />
        <div className="relative z-10 mt-auto flex flex-wrap items-center gap-2 pt-1" data-admin-edit-slot={tool.id}>
          <SaveButton toolId={tool.id} toolTitle={tool.title} place="card" enabledBeforeHydration={saveEnabledBeforeHydration} />
          {tool.url && !tool.discontinued && (
            <a
              href={tool.url}
              target="_blank"
              rel="noopener nofollow"
              data-click-tool={tool.id}
              className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700"
            >
              Visitar
              <Icon name="external-link" className="h-3.5 w-3.5" aria-hidden="true" />
              <span className="sr-only">{tool.title} (se abre en una pestaña nueva)</span>
            </a>
          )}
          <AdminEditLink toolId={tool.id} toolTitle={tool.title} />
        </div>
      </div>
    </article>
  );
}

/** «★ 4,3 (12)» under the title, read out in full: «Valoración: 4,3 de 5 (12 valoraciones)». */
function CardRating(totals: { ratingCount: number; ratingSum: number }) {
  return (
    <p className="-mt-1 flex items-center gap-1 text-sm text-slate-700" data-card-rating>
      <span className="sr-only">{ratingAccessibleText(totals)}</span>
      <span aria-hidden="true" className="text-amber-500">
        ★
      </span>
      <span aria-hidden="true" className="font-semibold">
        {formatRating(averageRating(totals))}
      </span>
      <span aria-hidden="true" className="text-slate-500">
        ({totals.ratingCount})
      </span>
    </p>
  );
}
