import { useStore } from '@nanostores/react';
import { useSyncExternalStore, type MouseEvent } from 'react';
import { SAVE_LABEL, SAVED_LABEL } from './saved-tools.ts';
import { pendingToolIds, savedToolIds, toggleSavedTool, type SavePlace } from './saved-tools-store.ts';
import { Icon } from '../ui/Icon.tsx';

interface Props {
  toolId: string;
  toolTitle: string;
  place: SavePlace;
  /** Inside a client:intent island a press before hydration is replayed, so the server markup stays enabled. */
  enabledBeforeHydration?: boolean;
}

const neverChanges = () => () => {};

const placeClass: Record<SavePlace, string> = {
  card: 'gap-1.5 rounded-lg px-3 py-1.5 text-sm',
  page: 'gap-2 rounded-lg px-5 py-2.5',
};

/**
 * Guardar/Guardado. Inside an island it is live; rendered to static HTML (tool page) it carries
 * the data-save-* attributes that the page's static-save-buttons script drives. It starts disabled so that a
 * press before the page's code is ready waits instead of doing nothing.
 */
export function SaveButton({ toolId, toolTitle, place, enabledBeforeHydration = false }: Props) {
  const savedIds = useStore(savedToolIds);
  const pendingIds = useStore(pendingToolIds);
  // False while hydrating server markup (which knows no saved ids), true at once for cards created later
  // (next pages, view switches), which so render once instead of twice.
  const hydrated = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );

  const saved = hydrated && savedIds.has(toolId);
  const pending = hydrated && pendingIds.has(toolId);

  async function onClick(event: MouseEvent<HTMLButtonElement>) {
    await toggleSavedTool(toolId, place, event.currentTarget);
  }

  const button = (
    <button
      type="button"
      data-save-tool={toolId}
      data-save-place={place}
      data-saved={saved}
      disabled={(!hydrated && !enabledBeforeHydration) || pending}
      aria-busy={pending || undefined}
      onClick={onClick}
      className={`group/save relative z-10 inline-flex items-center border font-medium transition disabled:cursor-not-allowed disabled:opacity-70 ${placeClass[place]} border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700 data-[saved=true]:border-brand-600 data-[saved=true]:bg-brand-50 data-[saved=true]:text-brand-700`}
    >
      <Icon name="bookmark" className="h-4 w-4 group-data-[saved=true]/save:hidden" />
      <Icon name="bookmark-check" className="hidden h-4 w-4 group-data-[saved=true]/save:block" />
      <span data-save-label>{saved ? SAVED_LABEL : SAVE_LABEL}</span>
      <span className="sr-only">{` ${toolTitle}`}</span>
    </button>
  );
  if (place === 'card') return button;
  return (
    <div className="flex flex-col gap-2">
      {button}
      {/* Filled by static-save-buttons when a guest presses it: the tool page's button is never hydrated. */}
      <p role="alert" data-save-alert className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 empty:hidden" />
    </div>
  );
}
