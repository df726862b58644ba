import { liveViewsEndpoint } from '../../../../features/views/views.server.ts';
import { methodNotAllowed } from '../../../../server/http/endpoint.ts';

export const prerender = false;

export const GET = liveViewsEndpoint;
export const ALL = methodNotAllowed;
