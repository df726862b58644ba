import { deleteGeneratedEndpoint } from '../../../../../features/admin/generated.server.ts';

export const prerender = false;

export const DELETE = deleteGeneratedEndpoint;
