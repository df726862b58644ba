import { countClickEndpoint } from '../../features/clicks/clicks.server.ts';

export const prerender = false;

export const POST = countClickEndpoint();
