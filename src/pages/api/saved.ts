import { listSavedTools, saveToolEndpoint, unsaveToolEndpoint } from '../../features/saves/saved-tools.server.ts';

export const prerender = false;

export const GET = listSavedTools;
export const POST = saveToolEndpoint;
export const DELETE = unsaveToolEndpoint;
