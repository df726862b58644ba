import { useStore } from '@nanostores/react';
import { useHydrated } from '../ui/use-hydrated.ts';
import { sessionUser } from '../account/session-store.ts';
import { EDIT_LABEL, editLinkClass, editPath } from './admin-edit.ts';

/**
 * The admin's 'Editar' on a card inside an island: decided by the session in the browser, so static HTML never
 * carries it (a card rendered without an island gets it from admin-edit-links.ts instead).
 */
export function AdminEditLink({ toolId, toolTitle }: { toolId: string; toolTitle: string }) {
  const user = useStore(sessionUser);
  const hydrated = useHydrated();
  if (!hydrated || user?.role !== 'admin') return null;
  return (
    <a href={editPath(toolId)} className={editLinkClass} data-admin-edit>
      {EDIT_LABEL}
      <span className="sr-only"> {toolTitle}</span>
    </a>
  );
}
