import { galleryEndpoint } from '../../../features/image-generator/images.server.ts';

export const prerender = false;

export const GET = galleryEndpoint;
