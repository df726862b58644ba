import { createRedirectEndpoint } from '../../../../features/admin/redirects.server.ts';

export const prerender = false;

export const POST = createRedirectEndpoint;
