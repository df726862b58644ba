import { deleteDraftEndpoint, saveDraftEndpoint } from '../../../../features/publish/submission-drafts.server.ts';

export const prerender = false;

export const PUT = saveDraftEndpoint;
export const DELETE = deleteDraftEndpoint;
