import { viewStatsEndpoint } from '../../../../features/views/views.server.ts';

export const prerender = false;

export const GET = viewStatsEndpoint();
