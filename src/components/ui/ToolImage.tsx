import type { ToolCardData } from '../../lib/tool-card.ts';
import { CategoryIcon } from './CategoryIcon.tsx';

interface Props {
  tool: Pick<ToolCardData, 'title' | 'imageUrl' | 'categories'>;
  className?: string;
  eager?: boolean;
}

/**
 * A tool's 16:9 image, or SPEC's fallback: a gradient in the category's colour with its icon.
 * The fallback sits underneath, so a failing image (hidden by the page script) reveals it.
 */
export function ToolImage({ tool, className = '', eager = false }: Props) {
  const category = tool.categories[0];
  const color = category?.color ?? '#3B82F6';
  return (
    <div className={`relative overflow-hidden ${className}`}>
      <div
        className="absolute inset-0 flex items-center justify-center"
        style={{ backgroundImage: `linear-gradient(135deg, ${color}, ${color}99 55%, #0f172a)` }}
      >
        <CategoryIcon name={category?.icon ?? 'sparkles'} className="h-12 w-12 text-white/90 drop-shadow" />
      </div>
      {tool.imageUrl && (
        <img
          src={tool.imageUrl}
          alt={`Imagen de ${tool.title}`}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
          data-hide-on-error
        />
      )}
    </div>
  );
}
