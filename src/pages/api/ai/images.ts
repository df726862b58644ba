import { generateImagesEndpoint } from '../../../features/image-generator/images.server.ts';
import { methodNotAllowed } from '../../../server/http/endpoint.ts';

export const prerender = false;

export const POST = generateImagesEndpoint;
export const ALL = methodNotAllowed;
