import type { ToolCardData } from '../../lib/tool-card.ts';
import { toolMark } from '../../lib/tool-mark.ts';
import { CategoryIcon } from './CategoryIcon.tsx';

interface Props {
  tool: Pick<ToolCardData, 'title' | 'slug' | 'imageUrl' | 'logoUrl' | 'categories'>;
  className?: string;
  eager?: boolean;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * A tool's 16:9 image. Without one (a fallback that tells tools apart, not one generic picture): its logo on a white tile over
 * the category colour, with its name; without a logo, its initials. An image or a logo that fails to load (hidden
 * by the page script) reveals the tool's own mark underneath, never a blank.
 */
export function ToolImage({ tool, className = '', eager = false }: Props) {
  const category = tool.categories[0];
  const color = category && HEX_COLOUR.test(category.color) ? category.color : '#3B82F6';
  const mark = toolMark(tool, color);
  return (
    <div className={`@container relative overflow-hidden ${className}`} style={{ backgroundImage: mark.background }}>
      {tool.logoUrl ? (
        // The logo sits on a white tile that holds the initials underneath: a logo that fails to load (hidden by the
        // page script) leaves them in its place.
        <span className="absolute inset-0 flex items-center justify-center pb-[4cqw]">
          <span
            className="relative flex aspect-square w-[28cqw] items-center justify-center rounded-[18%] bg-white text-[11cqw] font-black shadow-lg ring-1 ring-black/5"
            style={{ color }}
          >
            <span aria-hidden="true">{mark.initials}</span>
            <img
              src={tool.logoUrl}
              alt=""
              width={256}
              height={256}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className="absolute inset-0 h-full w-full rounded-[18%] bg-white object-contain p-[3cqw]"
              data-hide-on-error
            />
          </span>
        </span>
      ) : (
        <span
          aria-hidden="true"
          className="absolute inset-0 flex items-center justify-center pb-[4cqw] text-[22cqw] font-black leading-none tracking-tight text-white/95 [text-shadow:0_2px_12px_rgb(15_23_42/0.35)]"
        >
          {mark.initials}
        </span>
      )}
      <span
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 hidden items-center justify-between gap-[2cqw] px-[4cqw] pb-[3cqw] text-[4.5cqw] font-semibold text-white [text-shadow:0_1px_6px_rgb(15_23_42/0.5)] @[13rem]:flex"
      >
        <span className="truncate">{tool.title}</span>
        <CategoryIcon name={category?.icon ?? 'sparkles'} className="h-[7cqw] w-[7cqw] shrink-0 text-white/75" />
      </span>
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
