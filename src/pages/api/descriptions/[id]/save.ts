import { saveDescriptionEndpoint } from '../../../../features/descriptions/manage.server.ts';
import { methodNotAllowed } from '../../../../server/http/endpoint.ts';

export const prerender = false;

export const PUT = saveDescriptionEndpoint;
export const ALL = methodNotAllowed;
