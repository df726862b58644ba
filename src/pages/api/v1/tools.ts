import { apiPreflight, apiToolsEndpoint } from '../../../features/catalogue/public-api.server.ts';

export const prerender = false;

export const GET = apiToolsEndpoint();
export const OPTIONS = apiPreflight;
