import { uploadImageEndpoint } from '../../features/publish/images.server.ts';

export const prerender = false;

export const POST = uploadImageEndpoint;
