import { deleteRedirectEndpoint, updateRedirectEndpoint } from '../../../../features/admin/redirects.server.ts';

export const prerender = false;

export const PUT = updateRedirectEndpoint;
export const DELETE = deleteRedirectEndpoint;
