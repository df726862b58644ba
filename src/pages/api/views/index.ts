import { countViewEndpoint } from '../../../features/views/views.server.ts';

export const prerender = false;

export const POST = countViewEndpoint();
