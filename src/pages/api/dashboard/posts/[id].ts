import { deleteToolEndpoint } from '../../../../features/dashboard/dashboard.server.ts';

export const prerender = false;

export const DELETE = deleteToolEndpoint;
