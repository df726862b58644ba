import { createReplyEndpoint } from '../../../../features/reviews/replies.server.ts';

export const prerender = false;

export const POST = createReplyEndpoint;
