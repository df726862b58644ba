import { toolActionEndpoint } from '../../../features/admin/tools.server.ts';

export const prerender = false;

export const POST = toolActionEndpoint;
