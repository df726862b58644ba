import { deleteImageEndpoint } from '../../../features/image-generator/images.server.ts';

export const prerender = false;

export const DELETE = deleteImageEndpoint;
