import { countSearchMissEndpoint } from '../../features/search/demand.server.ts';

export const prerender = false;

export const POST = countSearchMissEndpoint();
