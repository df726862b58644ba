import { deleteDescriptionEndpoint } from '../../../../features/descriptions/manage.server.ts';
import { methodNotAllowed } from '../../../../server/http/endpoint.ts';

export const prerender = false;

export const DELETE = deleteDescriptionEndpoint;
export const ALL = methodNotAllowed;
