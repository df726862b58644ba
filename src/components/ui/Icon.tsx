import type { UiIconName } from '../../lib/ui-icons.ts';

/** An interface icon from the /iconos.svg sprite: islands ship no icon drawing code. */
export function Icon({ name, className }: { name: UiIconName; className?: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false" viewBox="0 0 24 24">
      <use href={`/iconos.svg#ui-${name}`} />
    </svg>
  );
}
