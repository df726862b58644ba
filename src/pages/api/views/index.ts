import { countViewEndpoint } from '../../../features/views/views.server.ts';
import { methodNotAllowed } from '../../../server/http/endpoint.ts';

export const prerender = false;

export const POST = countViewEndpoint();
export const ALL = methodNotAllowed;
