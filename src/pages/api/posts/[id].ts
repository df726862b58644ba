import { editEndpoint, loadPostEndpoint } from '../../../features/publish/publish.server.ts';

export const prerender = false;

export const GET = loadPostEndpoint;
export const PUT = editEndpoint;
