/** Admins see an 'Editar' button on every tool card and on the tool page, to /editar/{id}. */
export const EDIT_LABEL = 'Editar';

export function editPath(toolId: string): string {
  return `/editar/${encodeURIComponent(toolId)}`;
}

export const editLinkClass =
  'relative z-10 inline-flex items-center gap-1.5 rounded-lg border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand-600';
