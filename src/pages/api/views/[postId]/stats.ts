import { viewStatsEndpoint } from '../../../../features/views/views.server.ts';
import { methodNotAllowed } from '../../../../server/http/endpoint.ts';

export const prerender = false;

export const GET = viewStatsEndpoint();
export const ALL = methodNotAllowed;
