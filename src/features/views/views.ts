/** View counting, shared by the tool page island, the card script and the endpoints. No zod here: the card script loads on every page. */

export const VIEWS_ENDPOINT = '/api/views';

export const liveViewsPath = (toolId: string) => `${VIEWS_ENDPOINT}/${toolId}/live`;

/** What POST /api/views answers: whether this request added a view, and the tool's count after it. */
export interface CountViewResult {
  counted: boolean;
  views: number;
}

/** A tool's view statistics: numbers, 0 when there is nothing to count. */
export interface ViewStats {
  total_views: number;
  registered_users: number;
  unregistered_users: number;
  incognito_users: number;
  unique_sessions: number;
  last_7_days: number;
  last_24_hours: number;
}

/** One message of the live stream: the tool's current count. */
export interface LiveViewsEvent {
  views: number;
}

const number = new Intl.NumberFormat('es-ES');

export function viewsLabel(views: number): string {
  return `${number.format(views)} ${views === 1 ? 'visita' : 'visitas'}`;
}
