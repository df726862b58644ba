import { createDraftEndpoint } from '../../../../features/publish/submission-drafts.server.ts';

export const prerender = false;

export const POST = createDraftEndpoint;
