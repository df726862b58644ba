import { draftEndpoints } from '../../../../features/drafting/drafts.server.ts';

export const prerender = false;

export const POST = draftEndpoints().create;
