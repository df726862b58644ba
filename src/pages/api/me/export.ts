import { exportDataEndpoint } from '../../../features/dashboard/export.server.ts';

export const prerender = false;

export const GET = exportDataEndpoint;
