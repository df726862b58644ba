/** The admin's actions on a flagged or retired tool, shared by the page, its script and the endpoint. */

export const LINK_REVIEW_ACTIONS = ['retire', 'restore', 'accept_url', 'dismiss', 'recheck'] as const;
export type LinkReviewAction = (typeof LINK_REVIEW_ACTIONS)[number];

export const linkReviewPath = (toolId: string) => `/api/admin/tools/${toolId}/link-review`;

/** What the page says once an action succeeded, before it reloads. */
export const linkReviewDone: Record<LinkReviewAction, string> = {
  retire: 'Herramienta marcada como retirada.',
  restore: 'Herramienta devuelta al catálogo.',
  accept_url: 'Dirección actualizada.',
  dismiss: 'Aviso descartado.',
  recheck: 'Comprobación terminada.',
};

export const LINK_REVIEW_FAILED = 'No se pudo completar la acción. Inténtalo de nuevo.';
