import { deleteDescriptionEndpoint } from '../../../../features/descriptions/manage.server.ts';

export const prerender = false;

export const DELETE = deleteDescriptionEndpoint;
