import { galleryEndpoint } from '../../../features/image-generator/images.server.ts';
import { methodNotAllowed } from '../../../server/http/endpoint.ts';

export const prerender = false;

export const GET = galleryEndpoint;
export const ALL = methodNotAllowed;
