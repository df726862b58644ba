import { editEndpoint, loadToolEndpoint } from '../../../features/publish/publish.server.ts';

export const prerender = false;

export const GET = loadToolEndpoint;
export const PUT = editEndpoint;
