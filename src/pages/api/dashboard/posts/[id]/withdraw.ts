import { withdrawToolEndpoint } from '../../../../../features/dashboard/lifecycle.server.ts';

export const prerender = false;

export const POST = withdrawToolEndpoint;
