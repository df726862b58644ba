import { deleteImageEndpoint } from '../../../features/image-generator/images.server.ts';
import { methodNotAllowed } from '../../../server/http/endpoint.ts';

export const prerender = false;

export const DELETE = deleteImageEndpoint;
export const ALL = methodNotAllowed;
