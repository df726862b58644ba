import { savedToolsEndpoint } from '../../../features/dashboard/dashboard.server.ts';

export const prerender = false;

export const GET = savedToolsEndpoint;
