import { saveDescriptionEndpoint } from '../../../../features/descriptions/manage.server.ts';

export const prerender = false;

export const PUT = saveDescriptionEndpoint;
