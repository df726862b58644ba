import { rebuildStatusEndpoint, requestRebuildEndpoint } from '../../../features/admin/rebuilds.server.ts';

export const prerender = false;

export const GET = rebuildStatusEndpoint;
export const POST = requestRebuildEndpoint;
